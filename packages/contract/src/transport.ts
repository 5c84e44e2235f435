/**
 * The request rules every /wps call follows (spec sections 6, 7 and 9): header names and the few
 * numbers of the transport that section 9 does not list. Which paths go without a login token, which
 * never carry Authorization and which the client caches are the endpoint table's (endpoints.ts), so
 * that the web app's first load, which needs none of them, does not carry the table.
 */

/** Request headers of every /wps call (spec section 7). */
export const TransportHeader = {
  merchant: 'Merchant',
  language: 'Language',
  /** The session token as-is, no scheme (`Authorization: {token}`). */
  authorization: 'Authorization',
  /** The browser's user agent (a WebView or proxy may rewrite `User-Agent`). */
  realUserAgent: 'X-Real-UA',
  moduleId: 'ModuleId',
} as const;

/** The path of a URL or path-with-query, without query or fragment. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  const withoutQuery = end < 0 ? url : url.slice(0, end);
  const scheme = withoutQuery.indexOf('://');
  if (scheme < 0) return withoutQuery;
  const slash = withoutQuery.indexOf('/', scheme + 3);
  return slash < 0 ? '/' : withoutQuery.slice(slash);
}

/** The token an `Authorization` header carries: the bare token, or a `Bearer` one; null when empty. */
export function tokenFromAuthorization(value: string | undefined | null): string | null {
  const token = value?.replace(/^Bearer\s+/i, '').trim() ?? '';
  return token === '' ? null : token;
}

/** The constants/settings call refreshes when the tab becomes visible again, debounced (spec section 7). */
export const SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS = 300;

/** The network-error toast is cleared each second, up to 3 times (spec section 8). */
export const NETWORK_TOAST_SWEEP = { intervalMs: 1_000, times: 3 } as const;

/** A POST refused with `encryption_unknown_key` is sealed again with a fresh key and retried this often. */
export const ENCRYPTION_KEY_RETRIES = 1;

/**
 * The merchant the server resolved for the page's host, written into the HTML it serves
 * (`<meta name="wps-merchant" content="lotus">`), so even the first calls of a first visit carry
 * the `Merchant` header.
 */
export const MERCHANT_META_NAME = 'wps-merchant';

/** A merchant code: letters, digits and hyphens, at most 32, as the server accepts it. */
export const MERCHANT_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/i;
