import type { ErrorCode } from './errorCodes.js';

/** Its own export too, so the first load can test for it without the table of errorCodes.ts. */
export const DOMAIN_NOT_AVAILABLE = 'domain_not_available';

/**
 * Codes that end the session on the client: log out, clear, alert 'please login', go to /m/login.
 * Spelled out (each checked against the table by `satisfies`): the first load needs this list, and a
 * reference to the table would bring all of it along.
 */
export const SESSION_LOST_CODES: readonly string[] = [
  'CUSTOMER_NOT_LOGIN',
  'customer.not.login',
  'user.or.token.invalid',
  'login.not.session',
] satisfies readonly (typeof ErrorCode)[
  'CUSTOMER_NOT_LOGIN' | 'CUSTOMER_NOT_LOGIN_DOTTED' | 'USER_OR_TOKEN_INVALID' | 'LOGIN_NOT_SESSION'][];

/** Any code starting with this prefix is a rate-limit answer and is never alerted. */
export const TOO_MANY_REQUEST_PREFIX = 'TOO_MANY_REQUEST';

/**
 * `data` of an `invalid_request` answer: the English detail that names the refused fields
 * (`username: Too small; captcha: …`), for programs. The answer's `message` is for people, in the
 * request's language.
 */
export interface InvalidRequestData {
  detail: string;
}

/** The field-naming detail of an `invalid_request` answer: `data.detail`, else the message itself. */
export function invalidRequestDetail(data: unknown, message: string | null): string | null {
  if (typeof data === 'object' && data !== null) {
    const detail = (data as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return message;
}
