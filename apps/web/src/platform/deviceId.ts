import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { DEVICE_ID_COOKIE_DAYS, DEVICE_ID_LENGTH } from '@wps/contract/constants';
import { localStore } from './storage';

/** The id also lives in a cookie so it survives a cleared local storage (and the reverse). */
export const DEVICE_ID_COOKIE = 'wps_device_id';

const SECONDS_PER_DAY = 86_400;

/** Hex groups 8-4-4-4-12. Version and variant bits are not checked: older ids were only UUID-like. */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isValidDeviceId(value: unknown): value is string {
  return typeof value === 'string' && value.length === DEVICE_ID_LENGTH && UUID_SHAPE.test(value);
}

/** Cookie name to value, from a `document.cookie` string. The first of duplicate names wins, as in browsers. */
export function parseCookies(cookieText: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of cookieText.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (!name || cookies.has(name)) continue;
    cookies.set(name, safeDecode(part.slice(separator + 1).trim()));
  }
  return cookies;
}

export function readCookie(cookieText: string, name: string): string | null {
  return parseCookies(cookieText).get(name) ?? null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The `document.cookie` assignment that stores the device id. */
export function deviceIdCookie(id: string, secure: boolean): string {
  const maxAge = DEVICE_ID_COOKIE_DAYS * SECONDS_PER_DAY;
  return `${DEVICE_ID_COOKIE}=${encodeURIComponent(id)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/** A version 4 UUID. `randomUUID` exists only in secure contexts, so plain http uses getRandomValues. */
export function newDeviceId(random: RandomSource = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sandboxed documents throw on `document.cookie`; the id then lives in local storage alone. */
function readDocumentCookie(): string {
  try {
    return document.cookie;
  } catch {
    return '';
  }
}

function writeDocumentCookie(cookie: string): void {
  try {
    document.cookie = cookie;
  } catch {
    // see readDocumentCookie
  }
}

/**
 * The visitor's device id (sent as loginDeviceId). Local storage is read first, then the cookie; a
 * value that is not a 36-character UUID is discarded, a new id is made when neither holds one, and
 * both places are rewritten so they agree.
 */
export function getDeviceId(): string {
  const stored = localStore.getString(LazyStorageKey.deviceId);
  const cookie = readCookie(readDocumentCookie(), DEVICE_ID_COOKIE);
  const id = [stored, cookie].find(isValidDeviceId) ?? newDeviceId();
  if (stored !== id) localStore.setString(LazyStorageKey.deviceId, id);
  if (cookie !== id) writeDocumentCookie(deviceIdCookie(id, window.location.protocol === 'https:'));
  return id;
}
