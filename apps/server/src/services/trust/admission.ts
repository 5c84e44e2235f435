import { sql } from 'drizzle-orm';
import { TrustErrorCode, type JurisdictionRules } from '@wps/contract/trust';
import { rowsOf, type SqlRunner } from '../../db/raw.js';
import { DomainError } from '../errors.js';
import { ageOn } from './breaks.js';

/** What a new member (or the agent creating one) states about age and terms (contract newMemberAttestation). */
export interface Attestation {
  ageConfirmed?: boolean | undefined;
  dateOfBirth?: string | undefined;
  termsVersion?: number | undefined;
}

/** What a registration that passed keeps on the member row. */
export interface Admitted {
  /** YYYY-MM-DD, or null where the profile asks only for a confirmation and none was given. */
  dateOfBirth: string | null;
  /** The terms version accepted; null when the merchant publishes no terms. */
  termsVersion: number | null;
}

/**
 * Older than this is no real date of birth but a placeholder (1900-01-01 and the like): refused as
 * no age given, as the profile requires a true one.
 */
export const OLDEST_PLAUSIBLE_AGE = 120;

export function underAge(minAge: number, data: Record<string, unknown> = {}): DomainError {
  return new DomainError(
    TrustErrorCode.UNDER_AGE,
    `You must be at least ${minAge} years old to register on this site.`,
    { ...data, minAge },
  );
}

export function termsRequired(version: number): DomainError {
  return new DomainError(TrustErrorCode.TERMS_REQUIRED, 'Please accept the current terms first.', {
    version,
  });
}

/** True when YYYY-MM-DD names a day that exists (no 30 February, no month 13). */
export function isCalendarDate(text: string): boolean {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * The age check of the merchant's profile on the server's clock (UTC days): `date_of_birth` needs a
 * real date of birth at least `minAge` years ago; `confirm` needs the explicit confirmation, and a
 * date of birth given besides is checked as well (and kept). Answers the date of birth to keep.
 */
export function checkAge(rules: JurisdictionRules, claim: Attestation, now: number): string | null {
  const dateOfBirth = claim.dateOfBirth;
  if (dateOfBirth !== undefined) {
    if (!isCalendarDate(dateOfBirth)) throw underAge(rules.minAge);
    const age = ageOn(dateOfBirth, now);
    if (age < rules.minAge || age > OLDEST_PLAUSIBLE_AGE) throw underAge(rules.minAge);
    return dateOfBirth;
  }
  if (rules.ageCheck === 'date_of_birth' || claim.ageConfirmed !== true) throw underAge(rules.minAge);
  return null;
}

/**
 * The terms a registration accepts must be the current version: an older (or a future, or no)
 * version is refused with the one to accept. A merchant without terms (version 0) asks nothing.
 */
export function checkTerms(current: number, named: number | undefined): number | null {
  if (current === 0) return null;
  if (named !== current) throw termsRequired(current);
  return current;
}

/** The merchant's current terms version: the highest published; 0 when it publishes none. */
export async function currentTermsVersion(runner: SqlRunner, merchantId: number): Promise<number> {
  const [row] = await rowsOf<{ version: number | null }>(
    runner,
    sql`SELECT max(version) AS version FROM legal_documents WHERE merchant_id = ${merchantId} AND kind = 'terms'`,
  );
  return row?.version ?? 0;
}

/** The terms version a member with `accepted` still has to accept; null when none. */
export function termsToAccept(current: number, accepted: number | null): number | null {
  return current > 0 && (accepted === null || accepted < current) ? current : null;
}
