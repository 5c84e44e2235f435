import { OFFLINE_SHELL_META } from '@wps/contract/offline';
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
export type PageMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'CACHE_CATALOGS'; urls: string[] }
  | { type: 'SET_TARGET_URL'; url: string };

export function isPageMessage(value: unknown): value is PageMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type: unknown = Reflect.get(value, 'type');
  if (type === 'SKIP_WAITING') return true;
  if (type === 'SET_TARGET_URL') return typeof Reflect.get(value, 'url') === 'string';
  const urls: unknown = Reflect.get(value, 'urls');
  return type === 'CACHE_CATALOGS' && Array.isArray(urls) && urls.every((url) => typeof url === 'string');
}

/**
 * The worker's target URL (spec section 2: the `from` arrival parameter "used as the service-worker
 * target URL"). How this reads the spec: the target URL of a service worker is the page it opens for
 * the member when it is the one opening a page, which is when a notification is tapped (the product
 * gets push notifications, section 1). A notification naming no page of its own opens the target; with
 * no target, /m/home. The page hands the target to the worker in a SET_TARGET_URL message (not in the
 * script's query, which the spec limits to environment and merchant, and which would make every new
 * `from` a new worker to install). It is kept in a cache so a restarted worker still knows it; a visit
 * without `from` hands over an empty target, which clears it.
 */
export const DEFAULT_TARGET_PATH = '/m/home';
export const TARGET_CACHE = 'wps-meta';
export const TARGET_CACHE_KEY = '/m/__sw-target-url';
const TARGET_MAX_LENGTH = 2_000;

/**
 * A target the worker accepts: a page of this app on its own origin (under /m/, not a file such as
 * sw.js), as a path with its query and hash; null for anything else (other origins, javascript:,
 * protocol-relative, traversal, over-long).
 */
export function safeTargetUrl(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || raw === '' || raw.length > TARGET_MAX_LENGTH) return null;
  if (/[\\\s\p{Cc}]/u.test(raw)) return null;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin || !url.pathname.startsWith(APP_SCOPE) || isFilePath(url.pathname)) return null;
    if (url.pathname.split('/').some((part) => part === '..' || part === '.')) return null;
    if (raw.includes('/../') || raw.endsWith('/..') || /%2e%2e/i.test(raw)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The page a tapped notification opens: its own (safe) url, else the target from `from`, else /m/home. */
export function notificationTarget(
  notificationUrl: unknown,
  storedTarget: string | null,
  origin: string,
): string {
  return safeTargetUrl(notificationUrl, origin) ?? safeTargetUrl(storedTarget, origin) ?? DEFAULT_TARGET_PATH;
}

/** A notification to show for a push message (the Declarative Web Push shape the server sends). */
export interface PushShown {
  title: string;
  body?: string;
  tag?: string;
  /** The app path the tap opens (checked again on tap). */
  url: string;
}

/**
 * A push message's notification: `{ web_push: 8030, notification: { title, body, navigate, tag } }`.
 * The navigate URL counts only on this origin under /m/ (else /m/home); a message without a title
 * shows nothing of the sender's (null).
 */
export function pushNotification(text: string | null, origin: string): PushShown | null {
  if (text === null || text.length > 4_096) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const notification: unknown =
    typeof value === 'object' && value !== null ? Reflect.get(value, 'notification') : null;
  if (typeof notification !== 'object' || notification === null) return null;
  const field = (name: string, max: number): string | undefined => {
    const raw: unknown = Reflect.get(notification, name);
    return typeof raw === 'string' && raw !== '' ? raw.slice(0, max) : undefined;
  };
  const title = field('title', 120);
  if (title === undefined) return null;
  const body = field('body', 400);
  const tag = field('tag', 64);
  return {
    title,
    ...(body === undefined ? {} : { body }),
    ...(tag === undefined ? {} : { tag }),
    url: safeTargetUrl(field('navigate', 2_000), origin) ?? DEFAULT_TARGET_PATH,
  };
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

/** The shell's HTML with the offline mark (OFFLINE_SHELL_META) as the head's first element, once. */
export function markOfflineShell(html: string): string {
  if (html.includes(`name="${OFFLINE_SHELL_META}"`)) return html;
  return html.replace(
    /<head(\s[^>]*)?>/i,
    (head) => `${head}<meta name="${OFFLINE_SHELL_META}" content="1">`,
  );
}
