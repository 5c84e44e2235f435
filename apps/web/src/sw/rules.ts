/**
 * What the service worker does with a request, as pure rules (unit-tested without a worker).
 * The worker (`sw.ts`) only wires these to Workbox.
 *
 * - `navigation`: a page of the app under /m/ — network first, the precached shell when offline.
 * - `catalog`: a language catalog chunk (assets/i18n/) — cache first; hashed names never change.
 * - `image`: game art and lobby images (/wps/game/image/) — cache first, bounded and expiring.
 * - `network`: everything else goes to the network untouched; above all every other /wps answer,
 *   which may carry a member's data and is never stored by the worker.
 */
export type RequestKind = 'navigation' | 'catalog' | 'image' | 'network';

export const APP_SCOPE = '/m/';
export const CATALOG_PREFIX = '/m/assets/i18n/';
export const IMAGE_PREFIX = '/wps/game/image/';

export const CACHE_NAMES = {
  catalogs: 'wps-i18n',
  images: 'wps-images',
} as const;

/** Catalogs kept: the active language and a few the member switched to. */
export const CATALOG_CACHE_MAX_ENTRIES = 4;
/** Game art and lobby images: at most this many, each for at most a week. */
export const IMAGE_CACHE_MAX_ENTRIES = 150;
export const IMAGE_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A navigation waits this long for the network before the cached shell answers (a flaky network). */
export const NAVIGATION_NETWORK_TIMEOUT_SECONDS = 5;
/** The precached shell every offline navigation answers with (the server personalises it). */
export const SHELL_URL = '/m/index.html';

export interface RequestFacts {
  url: URL;
  /** The worker's own origin. */
  origin: string;
  method: string;
  /** `request.mode` */
  mode: string;
  /** `request.destination` */
  destination: string;
}

/** A last path segment with a dot is a file (sw.js, favicon.svg, asset-manifest.json), not a page. */
function isFilePath(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return last.includes('.') && last !== 'index.html' && last !== 'register.html';
}

export function classifyRequest({ url, origin, method, mode, destination }: RequestFacts): RequestKind {
  if (method !== 'GET' || url.origin !== origin) return 'network';
  const { pathname } = url;
  if (mode === 'navigate') {
    return pathname.startsWith(APP_SCOPE) && !isFilePath(pathname) ? 'navigation' : 'network';
  }
  if (pathname.startsWith(CATALOG_PREFIX) && pathname.endsWith('.js')) return 'catalog';
  if (pathname.startsWith(IMAGE_PREFIX) && (destination === 'image' || destination === '')) return 'image';
  return 'network';
}

/** Messages the page sends the worker. */
export type PageMessage = { type: 'SKIP_WAITING' } | { type: 'CACHE_CATALOGS'; urls: string[] };

export function isPageMessage(value: unknown): value is PageMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type: unknown = Reflect.get(value, 'type');
  if (type === 'SKIP_WAITING') return true;
  const urls: unknown = Reflect.get(value, 'urls');
  return type === 'CACHE_CATALOGS' && Array.isArray(urls) && urls.every((url) => typeof url === 'string');
}

/** The catalog URLs of a CACHE_CATALOGS message the worker accepts: its own origin, the catalog folder. */
export function catalogUrlsToCache(urls: readonly string[], origin: string): string[] {
  const accepted = new Set<string>();
  for (const raw of urls.slice(0, 8)) {
    try {
      const url = new URL(raw, origin);
      if (url.origin === origin && url.pathname.startsWith(CATALOG_PREFIX) && url.pathname.endsWith('.js'))
        accepted.add(`${url.origin}${url.pathname}`);
    } catch {
      // not a URL: ignored
    }
  }
  return [...accepted];
}
