import { ErrorCode } from '@wps/contract/errorCodes';
import type { LanguageCode } from '@wps/contract/languages';
import { OffersAdminErrorCode, type MerchantLanguages, type PerLanguage } from '@wps/contract/offersAdmin';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { merchants } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { MerchantChanges } from '../merchants/changes.js';

/** What the back office's offers and pages services need (issue 30 item 5). */
export interface OffersDeps {
  db: Db;
  now: () => number;
  /** Every save is announced: each instance drops the merchant's caches (settings, pages). */
  changes: MerchantChanges;
}

export type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Another merchant's id answers as an unknown one: a staff member learns nothing of it. */
export function notFound(what: string): DomainError {
  return new DomainError(ErrorCode.NOT_FOUND, `No such ${what}.`);
}

export async function merchantLanguages(db: Runner, merchantId: number): Promise<MerchantLanguages> {
  const [row] = await db
    .select({ defaultLanguage: merchants.defaultLanguage, languages: merchants.languages })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (row === undefined) throw notFound('merchant');
  const languages = row.languages.includes(row.defaultLanguage)
    ? row.languages
    : [row.defaultLanguage, ...row.languages];
  return { defaultLanguage: row.defaultLanguage, languages };
}

/**
 * Texts per language as the merchant offers them: the default language present (every other
 * language falls back to it on the member side), no language the merchant does not offer.
 */
export function checkTexts<T>(texts: PerLanguage<T>, merchant: MerchantLanguages): [LanguageCode, T][] {
  const entries = Object.entries(texts) as [LanguageCode, T | undefined][];
  const given = entries.filter((entry): entry is [LanguageCode, T] => entry[1] !== undefined);
  if (!given.some(([language]) => language === merchant.defaultLanguage)) {
    throw new DomainError(
      OffersAdminErrorCode.DEFAULT_LANGUAGE_MISSING,
      `A text in the merchant's default language (${merchant.defaultLanguage}) is required.`,
    );
  }
  const foreign = given.find(([language]) => !merchant.languages.includes(language));
  if (foreign !== undefined) {
    throw new DomainError(
      OffersAdminErrorCode.LANGUAGE_NOT_OFFERED,
      `The merchant does not offer ${foreign[0]}.`,
    );
  }
  return given;
}

/** The window as dates; refused when it ends before or when it starts. */
export function checkWindow(startsAt: string, endsAt: string | null): { starts: Date; ends: Date | null } {
  const starts = new Date(startsAt);
  const ends = endsAt === null ? null : new Date(endsAt);
  if (ends !== null && ends.getTime() <= starts.getTime()) {
    throw new DomainError(OffersAdminErrorCode.WINDOW_INVALID, 'The window must end after it starts.');
  }
  return { starts, ends };
}

export const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** A unique index refused the write (PostgreSQL 23505), wherever the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
