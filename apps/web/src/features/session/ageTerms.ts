import type { CommonSettings } from '@wps/contract/system';
import type { RegistrationPayload } from '@wps/contract/schemas/accounts';
import type { FormMessage } from '@/ui/form';

/**
 * What registration asks of age and terms (issue 29), from the settings call: the merchant's
 * jurisdiction profile says a confirmation or the date of birth, and the minimum age; the current
 * terms version is accepted with a tick. The server checks it all again on its own clock.
 */
export interface AgeRules {
  minAge: number;
  ageCheck: 'confirm' | 'date_of_birth';
  /** 0: the merchant publishes no terms, nothing to accept. */
  termsVersion: number;
}

export interface AgeTermsValue {
  ageConfirmed: boolean;
  /** As the date input gives it: YYYY-MM-DD, or empty. */
  dateOfBirth: string;
  termsAccepted: boolean;
}

export const NO_AGE_TERMS: AgeTermsValue = { ageConfirmed: false, dateOfBirth: '', termsAccepted: false };

/** The rules of the settings; null from a server that names none (it asks nothing of the client). */
export function ageRulesOf(settings: CommonSettings | null | undefined): AgeRules | null {
  const minAge = settings?.trust?.minAge;
  if (!settings || minAge === undefined) return null;
  return {
    minAge,
    ageCheck: settings.ageCheck ?? 'confirm',
    termsVersion: settings.termsVersion ?? 0,
  };
}

/** Whole years from a date of birth to `today` (both UTC days), as the server counts them. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const match = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** The form's own checks: the age as the profile asks it, the terms ticked. */
export function ageTermsChecks(
  rules: AgeRules | null,
  value: AgeTermsValue,
  today: Date = new Date(),
): { age: FormMessage | null; terms: FormMessage | null } {
  if (rules === null) return { age: null, terms: null };
  let age: FormMessage | null = null;
  if (rules.ageCheck === 'confirm') {
    if (!value.ageConfirmed) age = { key: 'reg_age_required', params: { minAge: rules.minAge } };
  } else {
    const years = ageOn(value.dateOfBirth, today);
    if (years === null || years > 120) age = { key: 'reg_dob_invalid' };
    else if (years < rules.minAge) age = { key: 'rg_under_age', params: { minAge: rules.minAge } };
  }
  const terms =
    rules.termsVersion > 0 && !value.termsAccepted ? { key: 'reg_terms_required' as const } : null;
  return { age, terms };
}

/** What the payload carries: the confirmation or the date of birth, and the accepted terms version. */
export function attestationOf(
  rules: AgeRules | null,
  value: AgeTermsValue,
): Pick<RegistrationPayload, 'ageConfirmed' | 'dateOfBirth' | 'termsVersion'> {
  if (rules === null) return {};
  const age =
    rules.ageCheck === 'confirm' ? { ageConfirmed: value.ageConfirmed } : { dateOfBirth: value.dateOfBirth };
  return rules.termsVersion > 0 && value.termsAccepted ? { ...age, termsVersion: rules.termsVersion } : age;
}

/** A social sign-in that may register a member states the confirmation its line says (issue 29). */
export function socialAttestation(
  rules: AgeRules | null,
): Pick<RegistrationPayload, 'ageConfirmed' | 'termsVersion'> {
  if (rules === null) return {};
  return rules.termsVersion > 0
    ? { ageConfirmed: true, termsVersion: rules.termsVersion }
    : { ageConfirmed: true };
}
