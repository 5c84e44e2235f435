/**
 * LINE-style redirect flow (spec section 4): the authorize address with `state` (random, kept in this
 * tab's sessionStorage and checked on return) and PKCE (S256), then the check of the return.
 */

export const LINE_AUTHORIZE_URL = 'https://access.line.me/oauth2/v2.1/authorize';

/** What the tab keeps between leaving for LINE and coming back. */
export interface LinePending {
  state: string;
  verifier: string;
  redirectUri: string;
  /** Where to go after the login (a /m/ path, checked again when used). */
  go: string | null;
  /** ms since the epoch; a pending login older than LINE_PENDING_MAX_AGE_MS is dropped. */
  createdAt: number;
}

export const LINE_PENDING_MAX_AGE_MS = 10 * 60 * 1000;

export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url of `size` random bytes (`fill` is crypto.getRandomValues). */
export function randomToken(fill: (bytes: Uint8Array<ArrayBuffer>) => unknown, size = 32): string {
  const bytes = new Uint8Array(size);
  fill(bytes);
  return base64Url(bytes);
}

/** The PKCE S256 challenge of a verifier. */
export async function pkceChallenge(verifier: string, subtle: SubtleCrypto = crypto.subtle): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export interface LineAuthorizeInput {
  clientId: string;
  redirectUri: string;
  state: string;
  challenge: string;
  /** The authorize endpoint; LINE's own unless a stand-in is configured (an address or a path of this site). */
  authorizeUrl?: string;
  /** The page's origin, against which a path resolves. */
  origin?: string;
}

/** The authorize address, or null when the configured one is not an http(s) address. */
export function lineAuthorizeUrl(input: LineAuthorizeInput): string | null {
  let url: URL;
  try {
    url = new URL(input.authorizeUrl ?? LINE_AUTHORIZE_URL, input.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
    scope: 'profile openid',
    code_challenge: input.challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

export function isLinePending(value: unknown): value is LinePending {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.state === 'string' &&
    typeof record.verifier === 'string' &&
    typeof record.redirectUri === 'string' &&
    (record.go === null || typeof record.go === 'string') &&
    typeof record.createdAt === 'number'
  );
}

export type LineReturn =
  | { kind: 'none' }
  | { kind: 'code'; code: string; pending: LinePending }
  | { kind: 'refused'; error: string }
  | { kind: 'mismatch' };

const CODE_PATTERN = /^[A-Za-z0-9._~-]{1,512}$/;

/**
 * What the return from LINE means: nothing to do (no code, no error), a code to exchange (its state is
 * the one this tab sent, not expired), LINE's refusal (`error`), or a state that does not match — a
 * forged or replayed return, never logged in.
 */
export function readLineReturn(
  params: URLSearchParams,
  pending: LinePending | null,
  now: number,
): LineReturn {
  const code = params.get('code');
  const error = params.get('error');
  const state = params.get('state');
  if (code === null && error === null) return { kind: 'none' };
  if (pending === null || state === null || state !== pending.state) return { kind: 'mismatch' };
  if (now - pending.createdAt > LINE_PENDING_MAX_AGE_MS || now < pending.createdAt)
    return { kind: 'mismatch' };
  if (error !== null) return { kind: 'refused', error: error.slice(0, 64) };
  if (code === null || !CODE_PATTERN.test(code)) return { kind: 'mismatch' };
  return { kind: 'code', code, pending };
}

/** The address without LINE's return parameters, for history.replaceState. */
export function withoutLineReturn(href: string): string {
  const url = new URL(href);
  for (const name of [
    'code',
    'state',
    'error',
    'error_description',
    'friendship_status_changed',
    'liffClientId',
    'liffRedirectUri',
  ])
    url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
