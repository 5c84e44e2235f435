import {
  ContentAdminErrorCode,
  windowIsValid,
  type ContentLanguages,
  type ContentWindow,
} from '@wps/contract/contentAdmin';
import type { LanguageCode } from '@wps/contract/languages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { merchants } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { MerchantChanges } from '../merchants/changes.js';
import { auditStaffChange } from '../staff/audit-context.js';

/**
 * What the Content section's lobby services (banners, marquee, popups) share (issue 30 item 5): the merchant's languages, the checks
 * every item passes (window, languages) and the announcement of a save to every instance.
 */

export interface ContentAdminDeps {
  db: Db;
  changes: MerchantChanges;
  now: () => number;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function notFound(): DomainError {
  return new DomainError(ContentAdminErrorCode.NOT_FOUND, 'There is no such item.');
}

export async function languagesOf(db: Db | Tx, merchantId: number): Promise<ContentLanguages> {
  const [row] = await db
    .select({ defaultLanguage: merchants.defaultLanguage, languages: merchants.languages })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (row === undefined) throw notFound();
  return { defaultLanguage: row.defaultLanguage, languages: row.languages };
}

/** 400 content_window_invalid when the window ends at or before it starts. */
export function requireWindow(window: ContentWindow): void {
  if (!windowIsValid(window)) {
    throw new DomainError(ContentAdminErrorCode.WINDOW_INVALID, 'The end must be after the start.');
  }
}

/**
 * The per-language texts split into the default language's (stored on the row) and the others
 * (translation rows). Refused: no text in the default language, a text in a language not offered.
 */
export function splitTexts<T>(
  texts: Partial<Record<string, T>>,
  languages: ContentLanguages,
): { main: T; others: [LanguageCode, T][] } {
  const entries = Object.entries(texts).filter((entry): entry is [LanguageCode, T] => entry[1] !== undefined);
  const outside = entries.find(([language]) => !languages.languages.includes(language));
  if (outside !== undefined) {
    throw new DomainError(
      ContentAdminErrorCode.LANGUAGE_NOT_OFFERED,
      `The merchant does not offer ${outside[0]}.`,
    );
  }
  const main = texts[languages.defaultLanguage];
  if (main === undefined) {
    throw new DomainError(
      ContentAdminErrorCode.DEFAULT_LANGUAGE_MISSING,
      `A text in ${languages.defaultLanguage}, the default language, is required.`,
    );
  }
  return { main, others: entries.filter(([language]) => language !== languages.defaultLanguage) };
}

export function isoOrNull(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/**
 * The window a retire leaves: it ends now; one that ended already is kept as it was, and one that
 * had not begun starts and ends now (so it never shows, and lists as ended).
 */
export function retiredWindow(
  startsAt: Date,
  endsAt: Date | null,
  now: Date,
): { startsAt: Date; endsAt: Date } {
  if (endsAt !== null && endsAt <= now) return { startsAt, endsAt };
  return { startsAt: startsAt > now ? now : startsAt, endsAt: now };
}

/** How one kind of lobby item is found, ended and shown (banners, announcements). */
export interface RetirableKind<Row extends { startsAt: Date; endsAt: Date | null }, View> {
  /** The merchant's item, locked; refused as not found for another merchant's. */
  own(tx: Tx, merchantId: number, id: number): Promise<Row>;
  /** Stores the new window; the row as saved. */
  end(tx: Tx, id: number, window: { startsAt: Date; endsAt: Date }): Promise<Row | undefined>;
  views(tx: Tx, rows: readonly Row[], defaultLanguage: LanguageCode, now: number): Promise<View[]>;
}

/**
 * Ends an item's window now, never deleting it (a member may have seen it): one transaction with its
 * staff audit link, then every instance is told.
 */
export async function retireItem<Row extends { startsAt: Date; endsAt: Date | null }, View>(
  deps: ContentAdminDeps,
  merchantId: number,
  id: number,
  kind: RetirableKind<Row, View>,
): Promise<View> {
  const view = await deps.db.transaction(async (tx) => {
    const languages = await languagesOf(tx, merchantId);
    const row = await kind.own(tx, merchantId, id);
    const saved = await kind.end(tx, id, retiredWindow(row.startsAt, row.endsAt, new Date(deps.now())));
    const [shown] = await kind.views(
      tx,
      saved === undefined ? [] : [saved],
      languages.defaultLanguage,
      deps.now(),
    );
    await auditStaffChange(tx, { before: row, after: shown ?? null });
    return shown;
  });
  if (view === undefined) throw notFound();
  await deps.changes.announce(merchantId);
  return view;
}
