import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { sessionStore } from '@/platform/storage';

/**
 * Telegram-style login on the page (spec sections 4, 5): the auth result the login widget's redirect
 * puts in the URL hash (`#tgAuthResult=<base64 JSON>`), and the messages the widget posts.
 */

export const TELEGRAM_HASH_PARAM = 'tgAuthResult';

/** How long a widget redirect this tab started may take to come back. */
export const TELEGRAM_PENDING_MAX_AGE_MS = 15 * 60 * 1000;

/**
 * Notes that this tab is going to Telegram's widget. An auth result in the address counts only after
 * this: otherwise anyone's link carrying their own `#tgAuthResult` would sign this browser in as them
 * (login CSRF).
 */
export function noteTelegramRedirect(): void {
  sessionStore.setString(LazyStorageKey.telegramPending, String(Date.now()));
}

/** True when this tab started a widget redirect recently; the note is used up either way. */
export function takeTelegramRedirect(now: number): boolean {
  const noted = sessionStore.getString(LazyStorageKey.telegramPending);
  sessionStore.remove(LazyStorageKey.telegramPending);
  if (noted === null || !/^\d{1,15}$/.test(noted)) return false;
  const age = now - Number(noted);
  return age >= 0 && age <= TELEGRAM_PENDING_MAX_AGE_MS;
}

/** The auth data Telegram signs: `id`, `auth_date`, `hash` and optional names, photo. */
export type TelegramAuthData = Readonly<Record<string, string | number>>;

const MAX_ENCODED_LENGTH = 4096;
/** Field names of Telegram's auth data: every one is signed, so none may be dropped. */
const FIELD_NAME = /^[a-z_]{1,32}$/;
const MAX_FIELDS = 20;

function decodeBase64Json(encoded: string): unknown {
  const normal = encoded.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal)) throw new Error('not base64');
  const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

/**
 * Valid auth data: an object of string and number fields (every one is signed, so all are kept) with
 * a numeric id and auth_date and a hex hash.
 */
export function asTelegramAuthData(value: unknown): TelegramAuthData | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_FIELDS) return null;
  const data: Record<string, string | number> = {};
  for (const [key, field] of entries) {
    if (!FIELD_NAME.test(key)) return null;
    if (typeof field !== 'string' && typeof field !== 'number') return null;
    data[key] = field;
  }
  const id = data.id;
  const authDate = data.auth_date;
  const hash = data.hash;
  if (!(typeof id === 'number' || (typeof id === 'string' && /^\d{1,20}$/.test(id)))) return null;
  if (!(typeof authDate === 'number' || (typeof authDate === 'string' && /^\d{1,12}$/.test(authDate))))
    return null;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/i.test(hash)) return null;
  return data;
}

/**
 * The auth result of a URL hash, or null (no result, or one that is not valid base64 JSON — ignored
 * with a console warning, spec section 5).
 */
export function telegramAuthFromHash(
  hash: string,
  warn: (message: string) => void = console.warn,
): TelegramAuthData | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const encoded = params.get(TELEGRAM_HASH_PARAM);
  if (encoded === null || encoded === '') return null;
  if (encoded.length > MAX_ENCODED_LENGTH) {
    warn('Telegram auth result ignored: too long');
    return null;
  }
  let decoded: unknown;
  try {
    decoded = decodeBase64Json(encoded);
  } catch {
    warn('Telegram auth result ignored: not valid base64 JSON');
    return null;
  }
  const data = asTelegramAuthData(decoded);
  if (data === null) warn('Telegram auth result ignored: not Telegram auth data');
  return data;
}

/** The hash without the auth result (the rest of it kept), for history.replaceState. */
export function hashWithoutTelegramAuth(hash: string): string {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  params.delete(TELEGRAM_HASH_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `#${rest}`;
}

export type TelegramWidgetMessage =
  { kind: 'popupBlocked' } | { kind: 'auth'; data: TelegramAuthData } | { kind: 'cancelled' };

/**
 * A message of the login widget, accepted only from the widget's own origins (Telegram's, the auth
 * domain's, this site's for the stand-in). The widget posts `{ event: 'popupBlocked' }` when the
 * browser refused its window and `{ event: 'getTgAuthData', data }` with the signed auth data
 * (Telegram's own popup: `{ event: 'auth_result', result }`). JSON text is accepted as Telegram sends it.
 */
export function readTelegramWidgetMessage(
  event: { origin: string; data: unknown },
  allowedOrigins: readonly string[],
): TelegramWidgetMessage | null {
  if (!allowedOrigins.includes(event.origin)) return null;
  let data: unknown = event.data;
  if (typeof data === 'string') {
    if (data.length > MAX_ENCODED_LENGTH) return null;
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof data !== 'object' || data === null) return null;
  const name: unknown = Reflect.get(data, 'event') ?? Reflect.get(data, 'type');
  if (name === 'popupBlocked') return { kind: 'popupBlocked' };
  if (name === 'cancelled') return { kind: 'cancelled' };
  if (name === 'getTgAuthData' || name === 'auth_user' || name === 'auth_result') {
    const auth = asTelegramAuthData(
      Reflect.get(data, 'data') ?? Reflect.get(data, 'auth_data') ?? Reflect.get(data, 'result'),
    );
    return auth === null ? null : { kind: 'auth', data: auth };
  }
  return null;
}

/** The origin of an auth domain (`oauth.example.com` or `https://oauth.example.com`), or null. */
export function originOfAuthDomain(authDomain: string, pageProtocol: string): string | null {
  const withScheme = /^https?:\/\//i.test(authDomain) ? authDomain : `${pageProtocol}//${authDomain}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}
