import {
  AppPath,
  BASE_PATH,
  KEPT_QUERY_PARAMS,
  PROTECTED_PATHS,
  SENSITIVE_QUERY_PARAMS,
} from '@wps/contract/routes';
import { joinHref, paramName, queryParts, splitHref } from './queryString';

/** Longer `go` values are refused outright: no app path comes close, and it bounds the work below. */
export const MAX_GO_LENGTH = 2048;
/** Kept tracking values and query tokens longer than this are garbage, not identifiers. */
export const MAX_PARAM_VALUE_LENGTH = 256;
const MAX_TOKEN_LENGTH = 4096;
/** Encoded more often than this is an attack, not a link. */
const MAX_DECODE_ROUNDS = 3;
const DUMMY_ORIGIN = 'https://app.invalid';
/** Whitespace, control and invisible formatting characters (zero-width, bidi overrides), backslashes. */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;
const CONTROL_CHARACTER = /[\p{Cc}\p{Cf}]/u;
const QUERY_TOKEN_PARAMS = ['token', 'tokens'] as const;

/** Decodes until stable; null when malformed or still encoded after a few rounds. */
function fullyDecode(text: string): string | null {
  let current = text;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return null;
}

/** `.`/`..` segments or an empty segment (`//`) inside the path: ways to leave /m/ or confuse a router. */
function hasUnsafeSegment(path: string): boolean {
  const segments = path.split('/');
  return segments.some(
    (segment, index) =>
      segment === '.' || segment === '..' || (segment === '' && index > 0 && index < segments.length - 1),
  );
}

/**
 * The `go` target when it is a same-site path under /m/, normalised, with credentials removed;
 * null for anything else (other hosts, schemes, encoded escapes, `..`, whitespace, over-long values).
 */
export function safeGoTarget(go: string | null | undefined): string | null {
  if (typeof go !== 'string' || go === '' || go.length > MAX_GO_LENGTH) return null;
  if (UNSAFE_CHARACTER.test(go) || !go.startsWith(BASE_PATH)) return null;
  // Check the path as a browser or server might finally read it, after any number of decodings.
  const path = fullyDecode(splitHref(go).base);
  if (path === null || UNSAFE_CHARACTER.test(path) || !path.startsWith(BASE_PATH) || hasUnsafeSegment(path)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(go, DUMMY_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== DUMMY_ORIGIN || !url.pathname.startsWith(BASE_PATH)) return null;
  return stripSensitiveParams(`${url.pathname}${url.search}${url.hash}`);
}

/** Where to go after login: the `go` target when safe, else home. Going back to login would loop. */
export function postLoginDestination(go: string | null | undefined): string {
  const target = safeGoTarget(go);
  return target === null || splitHref(target).base === AppPath.login ? AppPath.home : target;
}

/** Removes token, tokens and authorization (any case) from an absolute or relative URL. */
export function stripSensitiveParams(url: string): string {
  const parts = splitHref(url);
  const all = queryParts(parts.query);
  const kept = all.filter((part) => !isSensitiveName(paramName(part)));
  if (kept.length === all.length) return url;
  return joinHref({ ...parts, query: kept.filter(Boolean).join('&') });
}

function isSensitiveName(name: string): boolean {
  return (SENSITIVE_QUERY_PARAMS as readonly string[]).includes(name.toLowerCase());
}

/** The login token carried by the query (`token`, else `tokens`), or null. */
export function readQueryToken(search: string): string | null {
  const params = new URLSearchParams(search);
  for (const name of QUERY_TOKEN_PARAMS) {
    const value = params.get(name)?.trim();
    if (value && value.length <= MAX_TOKEN_LENGTH && !CONTROL_CHARACTER.test(value)) return value;
  }
  return null;
}

/** Decoded, lower-case and without repeated or trailing slashes, the way the router matches paths. */
function routerPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // keep it raw
  }
  path = path.replace(/\/{2,}/g, '/').toLowerCase();
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function needsSession(pathname: string): boolean {
  const path = routerPath(pathname);
  return PROTECTED_PATHS.some((protectedPath) => protectedPath.toLowerCase() === path);
}

export function hasSession(search: string, session: { token: string } | null | undefined): boolean {
  return readQueryToken(search) !== null || Boolean(session?.token);
}

/** The login page, with `go` set to the page the user wanted (when that page is a safe target). */
export function loginRedirectFor(pathname: string, search: string, hash: string): string {
  const target = safeGoTarget(`${pathname}${search}${hash}`);
  if (target === null || splitHref(target).base === AppPath.login) return AppPath.login;
  return `${AppPath.login}?go=${encodeURIComponent(target)}`;
}

function isKeepableValue(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' &&
    value !== '' &&
    value.length <= MAX_PARAM_VALUE_LENGTH &&
    !CONTROL_CHARACTER.test(value)
  );
}

/** The kept tracking and referral parameters: the current query's value, else the stored one. */
export function collectKeptParams(
  search: string,
  stored: Readonly<Record<string, string>>,
): Record<string, string> {
  const current = new URLSearchParams(search);
  const kept: Record<string, string> = {};
  for (const name of KEPT_QUERY_PARAMS) {
    const value = [current.get(name), Object.hasOwn(stored, name) ? stored[name] : null].find(
      isKeepableValue,
    );
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

function isInAppHref(href: string): boolean {
  return href === '/m' || href.startsWith(BASE_PATH) || href.startsWith('/m?') || href.startsWith('/m#');
}

/**
 * Adds the kept parameters to an in-app href, except those the href sets itself. External links and
 * names outside the kept list are left alone.
 */
export function withKeptParams(href: string, kept: Readonly<Record<string, string>>): string {
  if (!isInAppHref(href)) return href;
  const parts = splitHref(href);
  const existing = queryParts(parts.query);
  const present = new Set(existing.map(paramName));
  const added = KEPT_QUERY_PARAMS.filter(
    (name) => !present.has(name) && Object.hasOwn(kept, name) && isKeepableValue(kept[name]),
  ).map((name) => `${name}=${encodeURIComponent(kept[name] ?? '')}`);
  if (added.length === 0) return href;
  return joinHref({ ...parts, query: [...existing.filter(Boolean), ...added].join('&') });
}
