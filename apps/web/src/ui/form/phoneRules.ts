import {
  MOBILE_NUMBER_MAX_LENGTH,
  MOBILE_NUMBER_MIN_LENGTH,
  MOBILE_NUMBER_PATTERN,
} from '@wps/contract/accounts';
import { REQUIRED, type FormMessage } from '@/ui/form/formRules';

/**
 * The mobile number as a person types it, checked against the server's phone rules (the contract's
 * `MOBILE_NUMBER_PATTERN`: 5 to 15 digits, the country code chosen apart). Every form with a mobile
 * number uses these (login, registration, password reset, the member's own number), so none sends
 * what the server refuses, and each says why.
 */

/** What may be typed: digits, grouped by spaces, hyphens, dots or brackets, after one leading +. */
const TYPED_NUMBER = /^\+?[0-9\s().-]*$/;

const bare = (dialingCode: string) => dialingCode.replace(/^\+/, '');

/**
 * A message as soon as the field holds what no number has (letters, emoji, a + inside): shown while
 * typing, not only after leaving the field.
 */
export function mobileCharactersMessage(value: string): FormMessage | null {
  return TYPED_NUMBER.test(value.trim()) ? null : { key: 'auth_mobile_digits' };
}

/**
 * The national number that is sent: its digits, without the grouping, and without a leading
 * `+{country code}` when that is the code chosen in the list; null when it is not a number.
 */
export function nationalNumber(value: string, dialingCode: string): string | null {
  const typed = value.trim();
  if (!TYPED_NUMBER.test(typed)) return null;
  const digits = typed.replace(/[^0-9]/g, '');
  if (!typed.startsWith('+')) return digits;
  const country = bare(dialingCode);
  return country !== '' && digits.startsWith(country) ? digits.slice(country.length) : null;
}

/** The mobile number field's message: required, digits only, the chosen country code, its length. */
export function mobileNumberMessage(value: string, dialingCode: string): FormMessage | null {
  if (value.trim() === '') return REQUIRED;
  const characters = mobileCharactersMessage(value);
  if (characters !== null) return characters;
  const number = nationalNumber(value, dialingCode);
  if (number === null) return { key: 'auth_mobile_country', params: { code: `+${bare(dialingCode)}` } };
  return MOBILE_NUMBER_PATTERN.test(number)
    ? null
    : { key: 'auth_mobile_length', params: { min: MOBILE_NUMBER_MIN_LENGTH, max: MOBILE_NUMBER_MAX_LENGTH } };
}

/**
 * Why a send-code button next to a mobile number is off, or null when the number is good: "enter
 * your number first" for an empty field, "correct it first" for one the rules refuse.
 */
export function mobileSendBlock(value: string, dialingCode: string): FormMessage | null {
  if (value.trim() === '') return { key: 'auth_send_code_need_mobile' };
  return mobileNumberMessage(value, dialingCode) === null ? null : { key: 'auth_send_code_fix_mobile' };
}
