import {
  DEFAULT_MOBILE_REGISTRATION_PASSWORD,
  PASSWORD_DIGIT,
  PASSWORD_LETTER,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_CHARACTERS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@wps/contract/accounts';
import type { MessageKey } from '@/i18n';

/**
 * The rules of the account forms, checked on the client with the values the server checks
 * (`USERNAME_PATTERN`, `PASSWORD_MIN_LENGTH`, `PASSWORD_MAX_LENGTH`, a letter and a digit, of the
 * contract), so a form only sends what the server accepts. Pure: the form kit shows the results.
 */

/** A text of the forms: a catalog key and its parameters, translated where it is shown. */
export interface FormMessage {
  key: MessageKey;
  params?: Readonly<Record<string, string | number>>;
}

/** One rule shown under a field before submitting, and whether what is typed meets it. */
export interface RuleCheck extends FormMessage {
  met: boolean;
}

export const REQUIRED: FormMessage = { key: 'auth_required' };

const USERNAME_LENGTH = { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH };
const PASSWORD_LENGTH = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/** The username as it is sent: spaces around it are dropped. */
export function normalizeUsername(value: string): string {
  return value.trim();
}

/** Characters as a person counts them (an emoji is one). */
const visibleLength = (value: string) => [...value].length;

/** The username rules: length, and letters A–Z, digits and underscores only. */
export function usernameRules(value: string): RuleCheck[] {
  const name = normalizeUsername(value);
  const length = visibleLength(name);
  return [
    {
      key: 'auth_rule_length',
      params: USERNAME_LENGTH,
      met: length >= USERNAME_MIN_LENGTH && length <= USERNAME_MAX_LENGTH,
    },
    { key: 'auth_rule_username_characters', met: name !== '' && USERNAME_CHARACTERS.test(name) },
  ];
}

/**
 * The password rules: length (counted as the server counts it, in UTF-16 code units), and a letter
 * A–Z and a digit. Spaces count: a password is sent as typed.
 */
export function passwordRules(value: string): RuleCheck[] {
  return [
    {
      key: 'auth_rule_length',
      params: PASSWORD_LENGTH,
      met: value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH,
    },
    { key: 'auth_rule_password_mix', met: PASSWORD_LETTER.test(value) && PASSWORD_DIGIT.test(value) },
  ];
}

/** A field that must not be empty (spaces alone are empty). */
export function requiredMessage(value: string): FormMessage | null {
  return value.trim() === '' ? REQUIRED : null;
}

/** A new username (registration). */
export function usernameMessage(value: string): FormMessage | null {
  const name = normalizeUsername(value);
  if (name === '') return REQUIRED;
  return USERNAME_PATTERN.test(name) ? null : { key: 'auth_username_invalid', params: USERNAME_LENGTH };
}

/**
 * A password the member chooses (registration, change, reset): the rules, never the default
 * mobile-registration password, and not the current one when it is known.
 */
export function newPasswordMessage(value: string, current?: string): FormMessage | null {
  if (value === '') return REQUIRED;
  if (!passwordRules(value).every((rule) => rule.met))
    return { key: 'auth_password_invalid', params: PASSWORD_LENGTH };
  if (value === DEFAULT_MOBILE_REGISTRATION_PASSWORD) return { key: 'auth_password_not_allowed' };
  if (current !== undefined && current !== '' && value === current) return { key: 'auth_password_same' };
  return null;
}

/** The confirmation of a new password. */
export function confirmationMessage(password: string, confirmation: string): FormMessage | null {
  if (confirmation === '') return REQUIRED;
  return confirmation === password ? null : { key: 'auth_password_mismatch' };
}

/**
 * A returning member's username at login: required, and no longer than any account's can be (the
 * server would refuse it unread).
 */
export function loginUsernameMessage(value: string): FormMessage | null {
  const name = normalizeUsername(value);
  if (name === '') return REQUIRED;
  return name.length > USERNAME_MAX_LENGTH
    ? { key: 'auth_too_long', params: { max: USERNAME_MAX_LENGTH } }
    : null;
}

/** A returning member's password at login: required, no longer than a chosen one can be. */
export function loginPasswordMessage(value: string): FormMessage | null {
  if (value === '') return REQUIRED;
  return value.length > PASSWORD_MAX_LENGTH
    ? { key: 'auth_too_long', params: { max: PASSWORD_MAX_LENGTH } }
    : null;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address: required, and shaped like one. */
export function emailMessage(value: string): FormMessage | null {
  const email = value.trim();
  if (email === '') return REQUIRED;
  return EMAIL_SHAPE.test(email) ? null : { key: 'auth_field_invalid' };
}
