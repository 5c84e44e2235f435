/**
 * Paths, locations and basenames for the app's router (platform/router). Pure: no window, no React.
 * The rules are react-router 7's, for the part of it the app uses.
 */

/** A URL's path, query and fragment: `search` is "" or starts with "?", `hash` "" or "#". */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

/** Where the router is: the path (without the basename inside the router), the entry's state and key. */
export interface Location extends Path {
  state: unknown;
  /** Unique per history entry; "default" for the entry the page was loaded with. */
  key: string;
}

/** A navigation target: an href (`/home?x=1`, `?x=1`, `#top`, `next`) or its parts. */
export type To = string | Partial<Path>;

/** Splits an href into path, query and fragment; parts it does not have are left out. */
export function parsePath(href: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = href;
  const hashIndex = rest.indexOf('#');
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf('?');
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

/** The href of a path; a bare "?" or "#" is dropped. */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return pathname + normalizeSearch(search) + normalizeHash(hash);
}

const normalizeSearch = (search: string) =>
  !search || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
const normalizeHash = (hash: string) =>
  !hash || hash === '#' ? '' : hash.startsWith('#') ? hash : `#${hash}`;

/** Repeated slashes (and backslashes, which browsers read as slashes) made one. */
export const joinPaths = (paths: string[]) => paths.join('/').replace(/[\\/]{2,}/g, '/');

/** A basename with one leading slash and no trailing one ("/" stays "/"). */
export function normalizeBasename(basename: string): string {
  const trimmed = basename.replace(/^\/*/, '/').replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The path inside the basename (`/m/home` in "/m" is `/home`, `/m` is `/`), or null when the path is
 * outside it (`/mx`, `/`). Case-insensitive, as react-router is.
 */
export function stripBasename(pathname: string, basename: string): string | null {
  if (basename === '/') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const next = pathname.charAt(basename.length);
  if (next && next !== '/') return null;
  return pathname.slice(basename.length) || '/';
}

/** The path under the basename: `/home` in "/m" is `/m/home`, `/` is `/m`. */
export function withBasename(path: Path, basename: string): Path {
  if (basename === '/') return path;
  return { ...path, pathname: path.pathname === '/' ? basename : joinPaths([basename, path.pathname]) };
}

/** Applies a path's `.` and `..` segments to `from` (never above the root). */
function resolvePathname(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, '').split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') {
      segments.push(segment);
    }
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

/**
 * Where `to` leads from the current path (both inside the basename). An absolute path stands alone;
 * a query or fragment alone keeps the current path; a relative path is resolved against the current
 * one, as a leaf route of react-router resolves it. Repeated slashes become one, so no target can
 * become a protocol-relative (`//host`) URL.
 */
export function resolveTo(to: To, fromPathname: string): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  const toPathname = parts.pathname;
  let pathname: string;
  if (!toPathname) {
    pathname = fromPathname;
  } else {
    const clean = toPathname.replace(/[\\/]{2,}/g, '/');
    pathname = /^[\\/]/.test(clean)
      ? resolvePathname(clean.slice(1), '/')
      : resolvePathname(clean, fromPathname);
    const trailingSlash = toPathname !== '/' && toPathname.endsWith('/');
    const here = toPathname === '.' && fromPathname.endsWith('/');
    if (!pathname.endsWith('/') && (trailingSlash || here)) pathname += '/';
  }
  return { pathname, search: normalizeSearch(parts.search ?? ''), hash: normalizeHash(parts.hash ?? '') };
}
