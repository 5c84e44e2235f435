import type { MessageKey } from '@/i18n';

/**
 * What a provider failure shows (spec section 8, "Authentication-provider errors"): a translated text
 * plus `Code:` and `Reason:` lines; `auth/cancelled-popup-request` shows nothing (a second tap while a
 * window is open); an unknown failure is `auth/unknown`.
 */

export interface ProviderErrorView {
  key: MessageKey;
  code: string;
  reason: string;
}

const KEY_OF_CODE: Readonly<Record<string, MessageKey>> = {
  'auth/popup-blocked': 'social_err_popup_blocked',
  'auth/popup-closed-by-user': 'social_err_popup_closed',
  'auth/user-cancelled': 'social_err_popup_closed',
  'auth/network-request-failed': 'social_err_network',
  'auth/operation-not-supported-in-this-environment': 'social_err_unsupported',
  'auth/web-storage-unsupported': 'social_err_unsupported',
  'auth/unauthorized-domain': 'social_err_config',
  'auth/invalid-api-key': 'social_err_config',
  'auth/auth-domain-config-required': 'social_err_config',
  'auth/already-initialized': 'social_err_config',
  'auth/argument-error': 'social_err_config',
  'auth/invalid-auth-event': 'social_err_config',
  'auth/missing-multi-factor-info': 'social_err_config',
  'auth/operation-not-allowed': 'social_err_config',
  'auth/internal-error': 'social_err_unknown',
  'auth/code-expired': 'social_err_code_expired',
};

/** Codes that show nothing. */
export const SILENT_PROVIDER_CODES: readonly string[] = ['auth/cancelled-popup-request'];

export const UNKNOWN_PROVIDER_CODE = 'auth/unknown';
export const CODE_EXPIRED = 'auth/code-expired';

const REASON_MAX_LENGTH = 200;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/** A provider failure as thrown by the Firebase SDK or an adapter: `{ code, message }`. */
export class ProviderError extends Error {
  readonly code: string;
  constructor(code: string, message = code) {
    super(message);
    this.name = 'ProviderError';
    this.code = code;
  }
}

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' && /^auth\/[a-z0-9-]{1,80}$/.test(code) ? code : null;
}

function reasonOf(error: unknown, code: string): string {
  const message: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'message') : undefined;
  const text = typeof message === 'string' ? message.replace(CONTROL, ' ').trim() : '';
  if (text === '') return code;
  return text.length > REASON_MAX_LENGTH ? `${text.slice(0, REASON_MAX_LENGTH - 1)}…` : text;
}

/** The view of a failure, or null when it shows nothing. */
export function providerErrorView(error: unknown): ProviderErrorView | null {
  const known = codeOf(error);
  if (known !== null && SILENT_PROVIDER_CODES.includes(known)) return null;
  const key = known === null ? undefined : KEY_OF_CODE[known];
  if (known === null || key === undefined) {
    return {
      key: 'social_err_unknown',
      code: UNKNOWN_PROVIDER_CODE,
      reason: reasonOf(error, known ?? UNKNOWN_PROVIDER_CODE),
    };
  }
  return { key, code: known, reason: reasonOf(error, known) };
}

/** The SMS-code step of phone sign-in with no pending result (the page was reloaded, or it expired). */
export function codeExpiredError(): ProviderError {
  return new ProviderError(CODE_EXPIRED, 'No verification is pending: request a new code.');
}
