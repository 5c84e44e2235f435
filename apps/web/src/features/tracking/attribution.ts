import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { FB_COOKIE_DAYS } from '@wps/contract/tracking';
import { parseCookies } from '@/platform/deviceId';
import { localStore, type SafeStore } from '@/platform/storage';

/**
 * Click ids and campaign parameters of spec section 3, captured from the arrival address after the
 * first paint and kept in local storage with
 * their lifetime, so a registration days later is still attributed. Meta's `_fbc` / `_fbp` cookies
 * are written in Meta's format and live FB_COOKIE_DAYS (90 days).
 */

const DAY_MS = 86_400_000;

/** Query parameter → how long it attributes (days). Meta's and Google's click ids: 90 days. */
export const CLICK_ID_LIFETIME_DAYS: Readonly<Record<string, number>> = {
  fbclid: FB_COOKIE_DAYS,
  gclid: 90,
  gbraid: 90,
  wbraid: 90,
  ttclid: 28,
  kwaiclid: 28,
  kwaiPixelId: 28,
  kwai_pixel: 28,
  twclid: 30,
  msclkid: 90,
  cid: 30,
  kw: 30,
  bbg: 30,
  gtm: 30,
  okspi: 30,
  mgs: 30,
  phx: 30,
  devils: 30,
  macan: 30,
  utm_source: 30,
  utm_medium: 30,
  utm_campaign: 30,
};

interface StoredClickId {
  value: string;
  /** ms since the epoch. */
  expiresAt: number;
}
type StoredClickIds = Record<string, StoredClickId>;

const VALUE = /^[\w.~:+/=-]{1,512}$/;

function isStoredClickIds(value: unknown): value is StoredClickIds {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as StoredClickId).value === 'string' &&
      typeof (entry as StoredClickId).expiresAt === 'number',
  );
}

/** `fb.1.<ms>.<fbclid>`: Meta's click cookie (subdomain index 1, creation time, click id). */
export function fbcValue(fbclid: string, nowMs: number): string {
  return `fb.1.${nowMs}.${fbclid}`;
}

/** `fb.1.<ms>.<random>`: Meta's browser cookie, a random 10-digit number. */
export function fbpValue(nowMs: number, random: () => number = Math.random): string {
  const digits = Math.floor(1_000_000_000 + random() * 8_999_999_999);
  return `fb.1.${nowMs}.${digits}`;
}

export const FBC_PATTERN = /^fb\.1\.\d{13}\.[\w.~:+/=-]{1,512}$/;
export const FBP_PATTERN = /^fb\.1\.\d{13}\.\d{10}$/;

export interface AttributionDeps {
  store: SafeStore;
  /** Reads `document.cookie`. */
  readCookies: () => string;
  /** Writes one `document.cookie` line. */
  writeCookie: (line: string) => void;
  now: () => number;
  random: () => number;
  secure: boolean;
}

function cookieLine(name: string, value: string, days: number, secure: boolean): string {
  return `${name}=${value}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Reads the arrival query: stores its click ids with their expiry and writes the Meta cookies. */
export function captureClickIds(search: string, deps: AttributionDeps): void {
  const params = new URLSearchParams(search);
  const now = deps.now();
  const stored = pruned(deps.store.getJSON(LazyStorageKey.clickIds, isStoredClickIds) ?? {}, now);
  for (const [name, days] of Object.entries(CLICK_ID_LIFETIME_DAYS)) {
    const value = params.get(name)?.trim();
    if (value && VALUE.test(value)) stored[name] = { value, expiresAt: now + days * DAY_MS };
  }
  deps.store.setJSON(LazyStorageKey.clickIds, stored);

  const cookies = parseCookies(deps.readCookies());
  const fbclid = params.get('fbclid')?.trim();
  // A new click id makes a new _fbc; the same one again keeps the first click's time.
  if (fbclid && VALUE.test(fbclid) && !cookies.get('_fbc')?.endsWith(`.${fbclid}`)) {
    deps.writeCookie(cookieLine('_fbc', fbcValue(fbclid, now), FB_COOKIE_DAYS, deps.secure));
  }
  if (!cookies.get('_fbp')) {
    deps.writeCookie(cookieLine('_fbp', fbpValue(now, deps.random), FB_COOKIE_DAYS, deps.secure));
  }
}

function pruned(ids: StoredClickIds, now: number): StoredClickIds {
  return Object.fromEntries(Object.entries(ids).filter(([, entry]) => entry.expiresAt > now));
}

/** The click ids still alive, with `_fbc` / `_fbp` from their cookies (the names Meta's API takes). */
export function readClickIds(
  deps: Pick<AttributionDeps, 'store' | 'readCookies' | 'now'>,
): Record<string, string> {
  const ids = pruned(deps.store.getJSON(LazyStorageKey.clickIds, isStoredClickIds) ?? {}, deps.now());
  const result: Record<string, string> = Object.fromEntries(
    Object.entries(ids).map(([name, entry]) => [name, entry.value]),
  );
  const cookies = parseCookies(deps.readCookies());
  const fbc = cookies.get('_fbc');
  const fbp = cookies.get('_fbp');
  if (fbc && FBC_PATTERN.test(fbc)) result.fbc = fbc;
  if (fbp && FBP_PATTERN.test(fbp)) result.fbp = fbp;
  return result;
}

export function browserAttributionDeps(): AttributionDeps {
  return {
    store: localStore,
    readCookies: () => document.cookie,
    writeCookie: (line) => {
      document.cookie = line;
    },
    now: Date.now,
    random: Math.random,
    secure: window.location.protocol === 'https:',
  };
}

/**
 * The address the page was opened at (the navigation entry keeps it after the app rewrote the
 * address bar), else the current one.
 */
export function arrivalSearch(win: Window): string {
  const entry = win.performance?.getEntriesByType?.('navigation')[0];
  try {
    return entry ? new URL(entry.name).search : win.location.search;
  } catch {
    return win.location.search;
  }
}

/** Once per page, after the first paint: the arrival's click ids and the Meta cookies. */
export function captureArrivalClickIds(win: Window): void {
  captureClickIds(arrivalSearch(win), browserAttributionDeps());
}

export function currentClickIds(): Record<string, string> {
  return readClickIds(browserAttributionDeps());
}
