import { ErrorCode } from '@wps/contract/errorCodes';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@wps/contract/accounts';
import { TOO_MANY_REQUEST_PREFIX } from '@wps/contract/errors';
import { TrustErrorCode } from '@wps/contract/trust';
import type { CaptchaProofResult } from '@/api/endpoints/accounts';
import type { WpsError } from '@/api/errors';
import type { FormMessage } from './formRules';

/**
 * What an account form shows for a refused request: the server's codes and its `invalid_request`
 * answers become translated messages under the fields they are about. The server's own text is never
 * shown for these (it is English, and for `invalid_request` it names schema rules, e.g.
 * "username: Too big: expected string to have <=64 characters").
 */

/** The fields of the account forms (login, registration, password change and reset). */
export type FormField =
  | 'username'
  | 'password'
  | 'confirm'
  | 'oldPassword'
  | 'newPassword'
  | 'mobileNum'
  | 'code'
  | 'email'
  // Registration's age (confirmation or date of birth) and terms acceptance (issue 29).
  | 'age'
  | 'terms';

/** Which form asked: the same server field can mean another form field. */
export type FormScene = 'login' | 'register' | 'changePassword' | 'reset';

export interface FormFailure {
  /** Messages under their fields. */
  fields: Partial<Record<FormField, FormMessage>>;
  /** A message about the whole form, when no field is to blame. */
  form: FormMessage | null;
  /** A message under the captcha (its pass was refused). */
  captcha: FormMessage | null;
}

const USERNAME_INVALID: FormMessage = {
  key: 'auth_username_invalid',
  params: { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH },
};
const PASSWORD_INVALID: FormMessage = {
  key: 'auth_password_invalid',
  params: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
};
const FIELD_INVALID: FormMessage = { key: 'auth_field_invalid' };

const CAPTCHA_FIELDS = ['geetestChallenge', 'geetestSeccode', 'geetestValidateV4'];
const CAPTCHA_EXPIRED: FormMessage = { key: 'captcha_expired' };

/** The server's field names (contract schemas) → the form's, per form. */
function formFieldOf(serverField: string, scene: FormScene): FormField | null {
  switch (serverField) {
    case 'username':
      return 'username';
    case 'password':
      return scene === 'login' || scene === 'register' ? 'password' : 'newPassword';
    case 'newPassword':
      return 'newPassword';
    case 'oldPassword':
      return 'oldPassword';
    case 'mobileNum':
    case 'countryDialingCode':
      return 'mobileNum';
    case 'smsCode':
    case 'code':
      return 'code';
    case 'email':
      return 'email';
    case 'ageConfirmed':
    case 'dateOfBirth':
      return 'age';
    case 'termsVersion':
      return 'terms';
    default:
      return null;
  }
}

/** The translated message for a field the server refused as malformed. */
function invalidMessageFor(field: FormField, scene: FormScene): FormMessage {
  if (field === 'username') return scene === 'register' ? USERNAME_INVALID : FIELD_INVALID;
  if (field === 'age') return { key: 'reg_dob_invalid' };
  if (field === 'newPassword' || (field === 'password' && scene === 'register')) return PASSWORD_INVALID;
  return FIELD_INVALID;
}

const SERVER_FIELD_NAMES = [
  'username',
  'password',
  'newPassword',
  'oldPassword',
  'mobileNum',
  'countryDialingCode',
  'smsCode',
  'code',
  'email',
  'ageConfirmed',
  'dateOfBirth',
  'termsVersion',
  ...CAPTCHA_FIELDS,
];

/**
 * The server fields an `invalid_request` message names: the schema's "path: problem; …" parts, or,
 * for the services' sentences ("The username needs 4 to 20 letters…"), the field names in them.
 */
export function invalidRequestFields(message: string | null): string[] {
  if (!message) return [];
  const detail = message.replace(/^Invalid request\.\s*/, '');
  const fromPaths = detail
    .split(';')
    .map((part) => /^\s*([A-Za-z0-9_]+)(?:\.[A-Za-z0-9_.]*)?\s*:/.exec(part)?.[1])
    .filter((name): name is string => name !== undefined && SERVER_FIELD_NAMES.includes(name));
  if (fromPaths.length > 0) return [...new Set(fromPaths)];
  return SERVER_FIELD_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(detail));
}

/**
 * The form's messages for a refused request, or null when it is not about what was typed (a network
 * failure, a server error, a lost session…): the error catalogue handles those.
 */
export function formFailureFor(error: WpsError, scene: FormScene): FormFailure | null {
  const one = (field: FormField, message: FormMessage): FormFailure => ({
    fields: { [field]: message },
    form: null,
    captcha: null,
  });
  switch (error.errorCode) {
    case ErrorCode.INVALID_REQUEST: {
      const names = invalidRequestFields(error.detail ?? error.serverMessage);
      const fields: FormFailure['fields'] = {};
      for (const name of names) {
        const field = formFieldOf(name, scene);
        if (field) fields[field] ??= invalidMessageFor(field, scene);
      }
      const captcha = names.some((name) => CAPTCHA_FIELDS.includes(name)) ? CAPTCHA_EXPIRED : null;
      const form =
        Object.keys(fields).length > 0 || captcha ? null : { key: 'auth_request_invalid' as const };
      return { fields, form, captcha };
    }
    case ErrorCode.USERNAME_TAKEN:
      return one('username', { key: 'auth_username_taken' });
    case ErrorCode.MOBILE_TAKEN:
      return one('mobileNum', { key: 'auth_mobile_taken' });
    case ErrorCode.PASSWORD_NOT_ALLOWED:
      return one(scene === 'register' ? 'password' : 'newPassword', { key: 'auth_password_not_allowed' });
    case ErrorCode.OLD_PASSWORD_INCORRECT:
      return one('oldPassword', { key: 'auth_old_password_incorrect' });
    case ErrorCode.VERIFY_CODE_INVALID:
      return one('code', { key: 'auth_code_invalid' });
    case ErrorCode.CAPTCHA_REQUIRED:
      // Also the server's answer when an account's captcha-free failures are used up.
      return { fields: {}, form: null, captcha: { key: 'captcha_required' } };
    case ErrorCode.CAPTCHA_INVALID:
      return { fields: {}, form: null, captcha: CAPTCHA_EXPIRED };
    case TrustErrorCode.UNDER_AGE: {
      const minAge = (error.data as { minAge?: unknown } | null | undefined)?.minAge;
      return one('age', {
        key: 'rg_under_age',
        params: { minAge: typeof minAge === 'number' ? minAge : 18 },
      });
    }
    case TrustErrorCode.TERMS_REQUIRED:
      return one('terms', { key: 'rg_terms_required' });
    case ErrorCode.LOGIN_CRED_ERR:
    case ErrorCode.NOT_EXISTS_USER:
      // One message for both: a login does not tell whether an account exists.
      return { fields: {}, form: { key: 'auth_login_failed' }, captcha: null };
    default:
      return null;
  }
}

/** What a form does with its solved captcha after a refused request. */
export type CaptchaAfterFailure =
  { kind: 'keep' } | { kind: 'replace'; proof: CaptchaProofResult } | { kind: 'reload' };

/**
 * Failures the server answers before it spends the captcha pass (apps/server: the schema, the login
 * throttle and the credential pairs come before `captcha.requirePass`; registration checks the
 * username, the password and a taken name first; mobile registration spends no pass at all).
 */
const CHECKED_BEFORE_THE_PASS: Record<'login' | 'register', readonly string[]> = {
  login: [ErrorCode.INVALID_REQUEST],
  register: [
    ErrorCode.INVALID_REQUEST,
    ErrorCode.PASSWORD_NOT_ALLOWED,
    ErrorCode.USERNAME_TAKEN,
    ErrorCode.MOBILE_TAKEN,
    ErrorCode.VERIFY_CODE_INVALID,
    // The age and the terms are checked before the pass is spent (issue 29).
    TrustErrorCode.UNDER_AGE,
    TrustErrorCode.TERMS_REQUIRED,
  ],
};

function isPass(value: unknown): value is Required<CaptchaProofResult> {
  if (typeof value !== 'object' || value === null) return false;
  const pass = value as Record<string, unknown>;
  return (
    typeof pass.geetestChallenge === 'string' &&
    typeof pass.geetestSeccode === 'string' &&
    pass.geetestSeccode !== '' &&
    typeof pass.geetestValidateV4 === 'string' &&
    pass.geetestValidateV4 !== ''
  );
}

/**
 * Whether a solved captcha survives a refused request. A pass is single-use on the server: it is kept
 * only for refusals the server gives before spending it, or replaced by a fresh one the failure
 * carries (`data.captchaPass`, for a server that hands one back after a wrong password); anything
 * else (a spent or expired pass, no answer, a server error) loads a new puzzle.
 */
export function captchaAfterFailure(error: WpsError, scene: 'login' | 'register'): CaptchaAfterFailure {
  const data = error.data as { captchaPass?: unknown } | null | undefined;
  if (typeof data === 'object' && data !== null && isPass(data.captchaPass))
    return { kind: 'replace', proof: data.captchaPass };
  if (error.errorCode.startsWith(TOO_MANY_REQUEST_PREFIX)) return { kind: 'keep' };
  // A malformed pass is no pass.
  if (
    error.errorCode === ErrorCode.INVALID_REQUEST &&
    invalidRequestFields(error.detail ?? error.serverMessage).some((name) => CAPTCHA_FIELDS.includes(name))
  )
    return { kind: 'reload' };
  return CHECKED_BEFORE_THE_PASS[scene].includes(error.errorCode) ? { kind: 'keep' } : { kind: 'reload' };
}
