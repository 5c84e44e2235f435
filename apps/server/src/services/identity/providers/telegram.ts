import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Telegram sign-in, verified with the merchant's bot token (which never leaves the server).
 *
 * `telegramAuth` arrives in one of two forms, told apart by their shape:
 * - **login widget**: the widget's auth result (`id`, `first_name`, `last_name`, `username`,
 *   `photo_url`, `auth_date`, `hash`) as its JSON text (what the widget's message carries), or as
 *   base64 (standard or URL-safe, padding optional) of that JSON, as the widget puts it in
 *   `#tgAuthResult=…`. Checked as Telegram documents: the hash is
 *   HMAC-SHA-256 of the data-check-string keyed by SHA-256(bot token).
 * - **mini-app initData**: `Telegram.WebApp.initData` as it is, a query string (`query_id=…&user=…
 *   &auth_date=…&hash=…`). Checked with secret = HMAC-SHA-256(key "WebAppData", bot token) and hash =
 *   HMAC-SHA-256(secret, data-check-string).
 * A text starting with `{` is the widget's JSON, one made of base64 characters only its base64;
 * anything else is read as initData (which always holds `=` between a name and its value, or `&`,
 * neither possible inside base64).
 *
 * The data-check-string is every field but `hash`, sorted by name, as `name=value` lines joined by
 * `\n`. Both forms must be fresh: `auth_date` no older than the window of its form and no more than
 * `TELEGRAM_CLOCK_SKEW_S` in the future. Hashes are compared in constant time.
 */

/** The widget's result may be used for a day after the member confirmed in Telegram. */
export const TELEGRAM_WIDGET_MAX_AGE_S = 24 * 3600;
/** initData is handed to the mini app when it opens: an hour covers a long visit, not a leaked string. */
export const TELEGRAM_INIT_DATA_MAX_AGE_S = 3600;
/** How far ahead of our clock an `auth_date` may be (clocks drift). */
export const TELEGRAM_CLOCK_SKEW_S = 60;
/** More than any real auth result or initData; the contract's field limit is the same. */
export const TELEGRAM_AUTH_MAX_LENGTH = 4096;

export type TelegramAuthForm = 'widget' | 'initData';

export interface TelegramUser {
  form: TelegramAuthForm;
  /** The Telegram user id, decimal digits: the subject of the binding. */
  id: string;
  /** First and last name as Telegram gave them (may be empty). */
  name: string;
  username: string | null;
  /** https only, else null. */
  photoUrl: string | null;
  /** Seconds since the epoch. */
  authDate: number;
  /** The verified hash: names this auth result (a replay is the same hash again). */
  hash: string;
}

/** Why a value was refused: for tests and the log, never for the caller (who gets one code). */
export type TelegramRefusal =
  'malformed' | 'missing_hash' | 'duplicate_field' | 'bad_hash' | 'bad_user' | 'stale' | 'future';

export type TelegramVerification = { ok: true; user: TelegramUser } | { ok: false; reason: TelegramRefusal };

const HASH_PATTERN = /^[0-9a-f]{64}$/;
const USER_ID_PATTERN = /^[1-9][0-9]{0,19}$/;
const DATE_PATTERN = /^[1-9][0-9]{0,11}$/;
const FIELD_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,63}$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/_-]+={0,2}$/;
const MAX_FIELDS = 32;

/** Verifies `telegramAuth` (either form) against `botToken` at `nowMs`. */
export function verifyTelegramAuth(
  telegramAuth: string,
  botToken: string,
  nowMs: number,
): TelegramVerification {
  if (telegramAuth.length === 0 || telegramAuth.length > TELEGRAM_AUTH_MAX_LENGTH || botToken === '') {
    return { ok: false, reason: 'malformed' };
  }
  if (telegramAuth.startsWith('{')) return verifyWidget(telegramAuth, botToken, nowMs);
  if (BASE64_PATTERN.test(telegramAuth)) {
    const json = Buffer.from(telegramAuth.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    return verifyWidget(json, botToken, nowMs);
  }
  return verifyInitData(telegramAuth, botToken, nowMs);
}

// ---- login widget ---------------------------------------------------------------------------------

function verifyWidget(json: string, botToken: string, nowMs: number): TelegramVerification {
  const fields = decodeWidgetFields(json);
  if (fields === 'duplicate') return { ok: false, reason: 'duplicate_field' };
  if (fields === null) return { ok: false, reason: 'malformed' };
  const hash = fields.get('hash');
  if (hash === undefined) return { ok: false, reason: 'missing_hash' };
  fields.delete('hash');
  const secret = createHash('sha256').update(botToken).digest();
  if (!hashMatches(hash, secret, dataCheckString(fields))) return { ok: false, reason: 'bad_hash' };
  return userOf('widget', fields, TELEGRAM_WIDGET_MAX_AGE_S, nowMs, fields, hash);
}

/** The widget's fields as text (numbers as JSON wrote them), or null, or 'duplicate'. */
function decodeWidgetFields(json: string): Map<string, string> | 'duplicate' | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > MAX_FIELDS) return null;
  const fields = new Map<string, string>();
  for (const [name, value] of entries) {
    if (!FIELD_NAME_PATTERN.test(name)) return null;
    if (typeof value === 'string') fields.set(name, value);
    else if (typeof value === 'number' && Number.isSafeInteger(value)) fields.set(name, String(value));
    else return null;
  }
  // JSON.parse keeps the last of repeated names silently: count the names as written (the object
  // is flat by now, so every name in the text is one of its own).
  if (objectKeyCount(json) !== entries.length) return 'duplicate';
  return fields;
}

/**
 * The names written in a flat JSON object: every string token followed by `:`. Strings are matched
 * one after another from the start, so a quote inside a string (always escaped) never starts one.
 */
function objectKeyCount(json: string): number {
  let count = 0;
  for (const match of json.matchAll(/"(?:[^"\\]|\\.)*"(\s*:)?/g)) {
    if (match[1] !== undefined) count += 1;
  }
  return count;
}

// ---- mini-app initData ----------------------------------------------------------------------------

function verifyInitData(text: string, botToken: string, nowMs: number): TelegramVerification {
  const params = new URLSearchParams(text);
  const fields = new Map<string, string>();
  let count = 0;
  for (const [name, value] of params) {
    count += 1;
    if (count > MAX_FIELDS || !FIELD_NAME_PATTERN.test(name)) return { ok: false, reason: 'malformed' };
    if (fields.has(name)) return { ok: false, reason: 'duplicate_field' };
    fields.set(name, value);
  }
  const hash = fields.get('hash');
  if (hash === undefined) return { ok: false, reason: 'missing_hash' };
  fields.delete('hash');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  if (!hashMatches(hash, secret, dataCheckString(fields))) return { ok: false, reason: 'bad_hash' };

  const userJson = fields.get('user');
  if (userJson === undefined) return { ok: false, reason: 'bad_user' };
  let user: unknown;
  try {
    user = JSON.parse(userJson);
  } catch {
    return { ok: false, reason: 'bad_user' };
  }
  if (typeof user !== 'object' || user === null || Array.isArray(user))
    return { ok: false, reason: 'bad_user' };
  const userFields = new Map<string, string>();
  for (const [name, value] of Object.entries(user as Record<string, unknown>)) {
    if (typeof value === 'string') userFields.set(name, value);
    else if (typeof value === 'number' && Number.isSafeInteger(value)) userFields.set(name, String(value));
  }
  return userOf('initData', userFields, TELEGRAM_INIT_DATA_MAX_AGE_S, nowMs, fields, hash);
}

// ---- shared ---------------------------------------------------------------------------------------

/** Every field but `hash`, sorted by name, as `name=value` lines. */
export function dataCheckString(fields: ReadonlyMap<string, string>): string {
  return [...fields.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
}

function hashMatches(hash: string, secret: Buffer, checkString: string): boolean {
  if (!HASH_PATTERN.test(hash)) return false;
  const expected = createHmac('sha256', secret).update(checkString).digest();
  return timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}

function userOf(
  form: TelegramAuthForm,
  user: ReadonlyMap<string, string>,
  maxAgeS: number,
  nowMs: number,
  signed: ReadonlyMap<string, string>,
  hash: string,
): TelegramVerification {
  const id = user.get('id');
  if (id === undefined || !USER_ID_PATTERN.test(id)) return { ok: false, reason: 'bad_user' };
  const authDateText = signed.get('auth_date');
  if (authDateText === undefined || !DATE_PATTERN.test(authDateText))
    return { ok: false, reason: 'malformed' };
  const authDate = Number(authDateText);
  const nowS = Math.floor(nowMs / 1000);
  if (authDate > nowS + TELEGRAM_CLOCK_SKEW_S) return { ok: false, reason: 'future' };
  if (nowS - authDate > maxAgeS) return { ok: false, reason: 'stale' };
  const name = [user.get('first_name'), user.get('last_name')]
    .filter((part): part is string => part !== undefined && part !== '')
    .join(' ')
    .slice(0, 128);
  const photo = user.get('photo_url');
  return {
    ok: true,
    user: {
      form,
      id,
      name,
      username: user.get('username')?.slice(0, 64) ?? null,
      photoUrl: photo !== undefined && photo.startsWith('https://') && photo.length <= 512 ? photo : null,
      authDate,
      hash,
    },
  };
}
