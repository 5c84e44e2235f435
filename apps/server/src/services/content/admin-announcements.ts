import {
  contentStatusOf,
  type AnnouncementText,
  type EditableAnnouncementType,
  type PopupOptions,
  type StaffAnnouncementList,
  type StaffAnnouncementView,
} from '@wps/contract/contentAdmin';
import type { LanguageCode } from '@wps/contract/languages';
import type { StaffAnnouncementInput, StaffPopupOptionsInput } from '@wps/contract/schemas/contentAdmin';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcementPopupOptions, announcements, announcementTranslations } from '../../db/schema/index.js';
import { DEFAULT_POPUP_OPTIONS } from '../games/catalogue-lobby.js';
import {
  isoOrNull,
  languagesOf,
  notFound,
  requireWindow,
  retireItem,
  splitTexts,
  type ContentAdminDeps,
  type Tx,
} from './lobby-admin-common.js';
import { auditStaffChange } from '../staff/audit-context.js';

/**
 * The back office's marquee lines and popup pages (issue 30 item 5) — the member app's news — and the
 * popup's options. A text per language: the default language's on the row, the others in
 * announcement_translations (as the lobby reads them). Promotions (PR) are not edited here.
 */

type AnnouncementRow = typeof announcements.$inferSelect;

function isEditable(type: AnnouncementRow['type']): type is EditableAnnouncementType {
  return type === 'MARQUEE' || type === 'POPUP';
}

async function viewsOf(
  db: Db | Tx,
  rows: readonly AnnouncementRow[],
  defaultLanguage: LanguageCode,
  now: number,
): Promise<StaffAnnouncementView[]> {
  const translations =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(announcementTranslations)
          .where(
            inArray(
              announcementTranslations.announcementId,
              rows.map((row) => row.id),
            ),
          );
  return rows.flatMap((row) => {
    const { type } = row;
    if (!isEditable(type)) return [];
    const texts: Partial<Record<LanguageCode, AnnouncementText>> = {};
    for (const translation of translations) {
      if (translation.announcementId === row.id) {
        texts[translation.language] = { title: translation.title, content: translation.content };
      }
    }
    texts[defaultLanguage] ??= { title: row.title, content: row.content };
    const window = { startsAt: row.startsAt.toISOString(), endsAt: isoOrNull(row.endsAt) };
    return [
      {
        id: String(row.id),
        type,
        status: contentStatusOf(window, now),
        ...window,
        audience: row.audience,
        texts,
        position: row.position,
      },
    ];
  });
}

export async function listStaffAnnouncements(
  deps: ContentAdminDeps,
  merchantId: number,
  type: EditableAnnouncementType,
): Promise<StaffAnnouncementList> {
  const languages = await languagesOf(deps.db, merchantId);
  const rows = await deps.db
    .select()
    .from(announcements)
    .where(and(eq(announcements.merchantId, merchantId), eq(announcements.type, type)))
    .orderBy(asc(announcements.position), asc(announcements.id));
  return {
    ...languages,
    announcements: await viewsOf(deps.db, rows, languages.defaultLanguage, deps.now()),
  };
}

/** The merchant's marquee line or popup page `id`, locked; a promotion or another's is not found. */
async function ownAnnouncement(tx: Tx, merchantId: number, id: number): Promise<AnnouncementRow> {
  const [row] = await tx
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.merchantId, merchantId)))
    .for('update');
  if (row === undefined || !isEditable(row.type)) throw notFound();
  return row;
}

async function writeAnnouncement(
  deps: ContentAdminDeps,
  merchantId: number,
  id: number | null,
  input: StaffAnnouncementInput,
): Promise<StaffAnnouncementView> {
  requireWindow(input);
  const view = await deps.db.transaction(async (tx) => {
    const languages = await languagesOf(tx, merchantId);
    const { main, others } = splitTexts(input.texts, languages);
    const columns = {
      type: input.type,
      title: main.title,
      content: main.content,
      audience: input.audience ?? 'all',
      position: input.position ?? 0,
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    };
    let row: AnnouncementRow | undefined;
    let before: AnnouncementRow | null = null;
    if (id === null) {
      [row] = await tx
        .insert(announcements)
        .values({ merchantId, category: null, ...columns })
        .returning();
    } else {
      before = await ownAnnouncement(tx, merchantId, id);
      [row] = await tx.update(announcements).set(columns).where(eq(announcements.id, id)).returning();
      await tx.delete(announcementTranslations).where(eq(announcementTranslations.announcementId, id));
    }
    if (row === undefined) throw notFound();
    const announcementId = row.id;
    if (others.length > 0) {
      await tx
        .insert(announcementTranslations)
        .values(others.map(([language, text]) => ({ announcementId, language, ...text })));
    }
    const [view] = await viewsOf(tx, [row], languages.defaultLanguage, deps.now());
    await auditStaffChange(tx, { before, after: view ?? null });
    return view;
  });
  if (view === undefined) throw notFound();
  await deps.changes.announce(merchantId);
  return view;
}

export function createAnnouncement(
  deps: ContentAdminDeps,
  merchantId: number,
  input: StaffAnnouncementInput,
) {
  return writeAnnouncement(deps, merchantId, null, input);
}

export function saveAnnouncement(
  deps: ContentAdminDeps,
  merchantId: number,
  id: number,
  input: StaffAnnouncementInput,
) {
  return writeAnnouncement(deps, merchantId, id, input);
}

/** Ends the announcement's window now (never deletes it: a member may have read it). */
export function retireAnnouncement(
  deps: ContentAdminDeps,
  merchantId: number,
  id: number,
): Promise<StaffAnnouncementView> {
  return retireItem<AnnouncementRow, StaffAnnouncementView>(deps, merchantId, id, {
    own: ownAnnouncement,
    end: async (tx, rowId, window) =>
      (await tx.update(announcements).set(window).where(eq(announcements.id, rowId)).returning())[0],
    views: viewsOf,
  });
}

export async function popupOptionsOf(db: Db, merchantId: number): Promise<PopupOptions> {
  const [row] = await db
    .select({ options: announcementPopupOptions.options })
    .from(announcementPopupOptions)
    .where(eq(announcementPopupOptions.merchantId, merchantId));
  // Stored options over the defaults, as the lobby answers them.
  return { ...DEFAULT_POPUP_OPTIONS, ...row?.options };
}

export async function savePopupOptions(
  deps: ContentAdminDeps,
  merchantId: number,
  input: StaffPopupOptionsInput,
): Promise<PopupOptions> {
  const options: PopupOptions = { ...input };
  await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ options: announcementPopupOptions.options })
      .from(announcementPopupOptions)
      .where(eq(announcementPopupOptions.merchantId, merchantId))
      .for('update');
    await tx
      .insert(announcementPopupOptions)
      .values({ merchantId, options })
      .onConflictDoUpdate({
        target: announcementPopupOptions.merchantId,
        set: { options, updatedAt: new Date(deps.now()) },
      });
    await auditStaffChange(tx, { before: stored?.options ?? null, after: options });
  });
  await deps.changes.announce(merchantId);
  return options;
}
