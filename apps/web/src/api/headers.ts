import { isNoTokenPath, isUnauthorizedPath } from '@wps/contract/endpoints';
import { TransportHeader } from '@wps/contract/transport';
import type { ModuleId } from '@wps/contract/flags';

export interface HeaderInput {
  /** The request path (a query, if any, is ignored). */
  path: string;
  /** The session token, null when logged out. */
  sessionToken: string | null;
  /** A token the call passes itself (game launch); wins over the session token. */
  explicitToken?: string | null;
  merchantCode: string | null;
  language: string;
  userAgent: string;
  moduleId?: ModuleId;
  /** A JSON body goes with the request. */
  json?: boolean;
  /** Ask every cache on the way for a fresh answer. */
  noCache?: boolean;
}

/** Header values must be ISO-8859-1; anything else would make fetch throw before sending. */
function headerSafe(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').trim();
}

/**
 * The token the request carries, by the rules of spec section 6: never on the calls listed as
 * unauthorized (available promotions, app-download announcements, the session key); the explicit
 * token of a game launch; otherwise the session token unless the path is sent without a login token
 * (login, registration, captcha, settings, status, domain route, SMS, password reset, affiliate).
 */
export function authorizationFor(input: HeaderInput): string | null {
  if (isUnauthorizedPath(input.path)) return null;
  if (input.explicitToken) return input.explicitToken;
  if (!input.sessionToken || isNoTokenPath(input.path)) return null;
  return input.sessionToken;
}

/** The headers of one /wps request (spec section 7). */
export function buildHeaders(input: HeaderInput): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (input.json) headers['Content-Type'] = 'application/json';
  if (input.noCache) headers['Cache-Control'] = 'no-cache';
  if (input.merchantCode) headers[TransportHeader.merchant] = headerSafe(input.merchantCode);
  headers[TransportHeader.language] = headerSafe(input.language);
  const token = authorizationFor(input);
  if (token) headers[TransportHeader.authorization] = headerSafe(token);
  if (input.userAgent) headers[TransportHeader.realUserAgent] = headerSafe(input.userAgent);
  if (input.moduleId) headers[TransportHeader.moduleId] = input.moduleId;
  return headers;
}
