import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LanguageCode } from '@wps/contract/languages';
import {
  contentStatus,
  type PerLanguage,
  type PromotionText,
  type StaffPromotion,
  type StaffPromotionCategory,
  type StaffPromotions,
} from '@wps/contract/offersAdmin';
import type { StaffActor } from '@wps/contract/staff';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { announcements, announcementTranslations, promotionCategories } from '../../db/schema/index.js';
import { invalidRequest } from '../errors.js';
import {
  checkTexts,
  checkWindow,
  iso,
  merchantLanguages,
  notFound,
  type OffersDeps,
  type Runner,
} from './admin-common.js';
import { auditStaffChange } from '../staff/audit-context.js';

/**
 * The back office's promotions (issue 30 item 5): the merchant's PR announcements with their texts
 * per language. The announcement row holds the default language's text (what a language without a
 * translation is answered in); every other language is a row of announcement_translations. Retiring
 * ends the window now: the promotion and the claims of its codes stay.
 */

type Row = typeof announcements.$inferSelect;
type TranslationRow = typeof announcementTranslations.$inferSelect;

function view(
  row: Row,
  translations: TranslationRow[],
  defaultLanguage: LanguageCode,
  now: number,
): StaffPromotion {
  const texts: PerLanguage<PromotionText> = {
    [defaultLanguage]: {
      title: row.title,
      content: row.content,
      richContent: row.richContent,
      terms: row.terms,
    },
  };
  for (const t of translations) {
    if (t.language === defaultLanguage) continue;
    texts[t.language] = { title: t.title, content: t.content, richContent: t.richContent, terms: t.terms };
  }
  const startsAt = row.startsAt.toISOString();
  const endsAt = iso(row.endsAt);
  return {
    id: row.id,
    category: row.category,
    position: row.position,
    startsAt,
    endsAt,
    status: contentStatus(startsAt, endsAt, now),
    texts,
  };
}

async function promotionsOf(
  db: Runner,
  merchantId: number,
  now: number,
  id?: number,
): Promise<StaffPromotion[]> {
  const { defaultLanguage } = await merchantLanguages(db, merchantId);
  const conditions = [eq(announcements.merchantId, merchantId), eq(announcements.type, 'PR')];
  if (id !== undefined) conditions.push(eq(announcements.id, id));
  const rows = await db
    .select()
    .from(announcements)
    .where(and(...conditions))
    .orderBy(asc(announcements.position), asc(announcements.id));
  if (rows.length === 0) return [];
  const translations = await db
    .select()
    .from(announcementTranslations)
    .where(
      inArray(
        announcementTranslations.announcementId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) =>
    view(
      row,
      translations.filter((t) => t.announcementId === row.id),
      defaultLanguage,
      now,
    ),
  );
}

export async function listPromotions(deps: OffersDeps, actor: StaffActor): Promise<StaffPromotions> {
  const languages = await merchantLanguages(deps.db, actor.merchantId);
  const categories = await deps.db
    .select()
    .from(promotionCategories)
    .where(eq(promotionCategories.merchantId, actor.merchantId))
    .orderBy(asc(promotionCategories.position), asc(promotionCategories.id));
  return {
    ...languages,
    promotions: await promotionsOf(deps.db, actor.merchantId, deps.now()),
    categories: categories.map((row) => categoryView(row, languages.defaultLanguage)),
  };
}

/** The default language's name is the row's own `name` (seeded rows keep it out of `names`). */
function categoryView(
  row: typeof promotionCategories.$inferSelect,
  defaultLanguage: LanguageCode,
): StaffPromotionCategory {
  return {
    id: row.id,
    code: row.code,
    position: row.position,
    names: { ...row.names, [defaultLanguage]: row.name },
  };
}

type PromotionInput = EndpointParsed<'staffPromotionCreate'>;

/** Creates (no id) or replaces a promotion, in one transaction with its translations. */
export async function savePromotion(
  deps: OffersDeps,
  actor: StaffActor,
  input: PromotionInput & { id?: number },
): Promise<StaffPromotion> {
  const merchantId = actor.merchantId;
  const languages = await merchantLanguages(deps.db, merchantId);
  const texts = checkTexts(input.texts, languages);
  const { starts, ends } = checkWindow(input.startsAt, input.endsAt);
  if (input.category !== null) {
    const [known] = await deps.db
      .select({ id: promotionCategories.id })
      .from(promotionCategories)
      .where(
        and(eq(promotionCategories.merchantId, merchantId), eq(promotionCategories.code, input.category)),
      );
    // A promotion in a category the merchant has not got would sit under no tab of the member's page.
    if (known === undefined) throw invalidRequest('No such category.');
  }
  const main = input.texts[languages.defaultLanguage];
  if (main === undefined) throw notFound('text');
  const columns = {
    category: input.category,
    position: input.position,
    startsAt: starts,
    endsAt: ends,
    title: main.title,
    content: main.content,
    richContent: main.richContent,
    terms: main.terms,
  };
  const id = await deps.db.transaction(async (tx) => {
    let rowId: number;
    let before: typeof announcements.$inferSelect | null = null;
    if (input.id === undefined) {
      const [row] = await tx
        .insert(announcements)
        .values({ merchantId, type: 'PR', ...columns })
        .returning({ id: announcements.id });
      if (row === undefined) throw notFound('promotion');
      rowId = row.id;
    } else {
      [before = null] = await tx
        .select()
        .from(announcements)
        .where(and(eq(announcements.id, input.id), eq(announcements.merchantId, merchantId)))
        .for('update');
      const [row] = await tx
        .update(announcements)
        .set(columns)
        .where(
          and(
            eq(announcements.id, input.id),
            eq(announcements.merchantId, merchantId),
            eq(announcements.type, 'PR'),
          ),
        )
        .returning({ id: announcements.id });
      if (row === undefined) throw notFound('promotion');
      rowId = row.id;
      await tx.delete(announcementTranslations).where(eq(announcementTranslations.announcementId, rowId));
    }
    const others = texts.filter(([language]) => language !== languages.defaultLanguage);
    if (others.length > 0) {
      await tx
        .insert(announcementTranslations)
        .values(others.map(([language, text]) => ({ announcementId: rowId, language, ...text })));
    }
    await auditStaffChange(tx, { before, after: { id: rowId, ...columns, texts } });
    return rowId;
  });
  await deps.changes.announce(merchantId);
  const [saved] = await promotionsOf(deps.db, merchantId, deps.now(), id);
  if (saved === undefined) throw notFound('promotion');
  return saved;
}

/** Ends the window now (a promotion not started yet ends at its start: it never shows). */
export async function retirePromotion(
  deps: OffersDeps,
  actor: StaffActor,
  id: number,
): Promise<StaffPromotion> {
  const now = new Date(deps.now());
  const [row] = await deps.db
    .update(announcements)
    .set({
      endsAt: sql`GREATEST(${announcements.startsAt}, LEAST(coalesce(${announcements.endsAt}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz))`,
    })
    .where(
      and(
        eq(announcements.id, id),
        eq(announcements.merchantId, actor.merchantId),
        eq(announcements.type, 'PR'),
      ),
    )
    .returning({ id: announcements.id });
  if (row === undefined) throw notFound('promotion');
  await deps.changes.announce(actor.merchantId);
  const [saved] = await promotionsOf(deps.db, actor.merchantId, deps.now(), id);
  if (saved === undefined) throw notFound('promotion');
  return saved;
}

/** Creates or renames the category `code`; the default language's name is the row's own. */
export async function saveCategory(
  deps: OffersDeps,
  actor: StaffActor,
  input: EndpointParsed<'staffPromotionCategorySave'>,
): Promise<StaffPromotionCategory> {
  const languages = await merchantLanguages(deps.db, actor.merchantId);
  const names = checkTexts(input.names, languages);
  const name = input.names[languages.defaultLanguage] ?? '';
  const values = { name, names: Object.fromEntries(names), position: input.position };
  const [row] = await deps.db
    .insert(promotionCategories)
    .values({ merchantId: actor.merchantId, code: input.code, ...values })
    .onConflictDoUpdate({ target: [promotionCategories.merchantId, promotionCategories.code], set: values })
    .returning();
  if (row === undefined) throw notFound('category');
  await deps.changes.announce(actor.merchantId);
  return categoryView(row, languages.defaultLanguage);
}
