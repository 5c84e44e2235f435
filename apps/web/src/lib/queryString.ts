/**
 * Raw query-string surgery. URLSearchParams would re-encode every parameter on the way out (spaces
 * become `+`, `%7E` becomes `~`, …); these helpers touch only the parameters they add or remove and
 * leave every other byte of the URL as it was.
 */

export interface HrefParts {
  /** Everything before `?` (scheme, host, path), or before `#` when there is no query. */
  base: string;
  /** The query without its `?`; null when the URL has no `?` at all. */
  query: string | null;
  /** The fragment with its `#`, or ''. */
  hash: string;
}

export function splitHref(href: string): HrefParts {
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : href.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt < 0) return { base: beforeHash, query: null, hash };
  return { base: beforeHash.slice(0, queryAt), query: beforeHash.slice(queryAt + 1), hash };
}

export function joinHref({ base, query, hash }: HrefParts): string {
  return `${base}${query ? `?${query}` : ''}${hash}`;
}

/** The decoded name of one `name=value` part, as a server would read it (one decoding, `+` is space). */
export function paramName(part: string): string {
  const raw = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** The parts of a query, empty parts included so that what is kept is kept byte for byte. */
export function queryParts(query: string | null): string[] {
  return query === null || query === '' ? [] : query.split('&');
}
