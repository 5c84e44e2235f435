import { isIP } from 'node:net';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { LOG_LEVELS, SETTINGS, type LogLevel, type Setting, type SettingName } from './config-settings.js';

export {
  SETTINGS,
  UPSTREAM_TIMEOUT_MS,
  type LogLevel,
  type Setting,
  type SettingName,
} from './config-settings.js';

/** apps/server, found from this file so the defaults do not depend on the working directory (src/ or dist/). */
const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What Fastify's `trustProxy` accepts from us: off, every hop, a hop count, or trusted addresses/CIDRs. */
export type TrustProxySetting = boolean | number | string[];

export interface ServerConfig {
  port: number;
  /**
   * Ports a request's Host header may name besides PORT, 80 and 443 (a proxy's or a dev server's);
   * a Host with any other port reaches no merchant.
   */
  publicPorts: number[];
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when set the embedded PGlite is not used. */
  databaseUrl: string | null;
  webDist: string;
  /** The web app's server renderer (apps/web/dist-server/entry-server.js); pages render in the browser without it. */
  webRenderer: string;
  /** The built back office (apps/staff/dist), served under /staff/. */
  staffDist: string;
  /**
   * Proxy mode (WPS_UPSTREAM): the merchant's own `/wps` backend this server stands in front of, and
   * how long it may stay silent; null: this server answers `/wps` itself from its database.
   */
  upstream: UpstreamSetting | null;
  defaultMerchant: string;
  trustProxy: TrustProxySetting;
  logLevel: LogLevel;
  /** Seals the RSA private keys stored in the database; null: generated into DATA_DIR (embedded mode only). */
  secretKey: string | null;
  /** How long an RSA key is the one handed out, then how long it is still accepted after that. */
  keyRotationHours: number;
  keyGraceMinutes: number;
  /** Requests per minute per client ip and route: GET/HEAD/OPTIONS, and every other method. */
  rateLimit: { getPerMinute: number; postPerMinute: number; beaconPerMinute: number };
  /** Predictable captcha and codes for automated tests (apps/server/README.md, "Development mode"); refused with NODE_ENV=production. */
  devMode: boolean;
  /**
   * The development stand-ins run (src/stand-ins: Firebase, LINE, Telegram, Maya, a chat widget, and
   * with DEV_MODE the outboxes) and serve merchants whose provider settings ask for them. Never with
   * NODE_ENV=production: app.ts then does not even load the stand-ins module.
   */
  identityStandIns: boolean;
  /** Login sessions expire this long after their last use. */
  sessionTtlHours: number;
  /** OFFICIAL_SITE_URL: where a visitor on a host no merchant serves is sent; null: nowhere. */
  officialSiteUrl?: string | null;
  /** argon2id cost of password hashes (tests lower it). */
  passwordHashing: { memoryKib: number; timeCost: number };
  /** Days a password is valid; 0: never expires. */
  passwordExpiryDays: number;
  /**
   * Failed logins in each window: per account and client ip, and per client ip, before that ip is
   * refused (429); per account from anywhere before every further attempt needs a captcha pass.
   */
  loginThrottle: { perAccountIp: number; perIp: number; perAccount: number; windowMinutes: number };
}

/** WPS_UPSTREAM as checked: `url` is scheme, host, optional port and base path, without a trailing slash. */
export interface UpstreamSetting {
  url: string;
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: SettingName): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

const DEFAULTS: ReadonlyMap<string, string | undefined> = new Map(
  SETTINGS.map((setting: Setting) => [setting.name, setting.default]),
);

/** A setting's value: the environment's, else the table's default (undefined: unset, no default). */
function value(env: Env, name: SettingName): string | undefined {
  return read(env, name) ?? DEFAULTS.get(name);
}

/** A setting whose table entry has a default. */
function valueOrDefault(env: Env, name: SettingName): string {
  const raw = value(env, name);
  if (raw === undefined) throw new Error(`${name} has no default in SETTINGS`);
  return raw;
}

/** A path setting's default, resolved from apps/server (not from the working directory). */
function defaultPath(name: SettingName): string {
  return resolve(SERVER_ROOT, DEFAULTS.get(name) ?? '.');
}

function parsePort(raw: string): number {
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

function parsePortList(raw: string): number[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.filter(
    (entry) => !/^\d{1,5}$/.test(entry) || Number(entry) < 1 || Number(entry) > 65535,
  );
  if (bad.length > 0)
    throw new ConfigError(
      `PUBLIC_PORTS must be a comma-separated list of ports; bad entries: ${bad.join(', ')}`,
    );
  return entries.map(Number);
}

/** Every port a Host header may name. */
export function allowedHostPorts(config: Pick<ServerConfig, 'port' | 'publicPorts'>): ReadonlySet<number> {
  return new Set([config.port, 80, 443, ...config.publicPorts]);
}

function parseDirectory(raw: string | undefined, fallback: string): string {
  if (raw === undefined) return fallback;
  // Relative paths are taken from the working directory, as a shell user expects.
  return isAbsolute(raw) ? raw : resolve(raw);
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must use postgres:// or postgresql://, got "${url.protocol}//"`);
  }
  return raw;
}

const UPSTREAM_URL_SHAPE = /^https?:\/\/[^/?#@]+(\/[^?#]*)?$/i;
/** Base path segments: plain characters only, so nothing in it is decoded or resolved on the way. */
const UPSTREAM_PATH_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * WPS_UPSTREAM: an absolute http(s) URL with no user name or password, no query and no fragment. The
 * value is never echoed in an error (a URL with userinfo or a query may hold a secret).
 */
function parseUpstream(raw: string | undefined, timeoutMs: number): UpstreamSetting | null {
  if (raw === undefined) return null;
  const name = 'WPS_UPSTREAM';
  // The URL parser drops tabs and newlines and reads `\` as `/`: refuse them rather than guess.
  if (/[\s\\\p{Cc}]/u.test(raw)) {
    throw new ConfigError(`${name} must not contain spaces, control characters or backslashes`);
  }
  if (raw.includes('?') || raw.includes('#')) {
    throw new ConfigError(`${name} must not have a query or a fragment`);
  }
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/]*)/i.exec(raw)?.[1] ?? '';
  if (authority.includes('@')) throw new ConfigError(`${name} must not carry a user name or password`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http:// or https:// URL`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !UPSTREAM_URL_SHAPE.test(raw)) {
    throw new ConfigError(`${name} must be an absolute http:// or https:// URL`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError(`${name} must not carry a user name or password`);
  }
  if (url.port === '0') throw new ConfigError(`${name} must name a port from 1 to 65535`);
  // The path as written (the parser would already have resolved `..` and decoded `%2e` in pathname).
  const segments = (UPSTREAM_URL_SHAPE.exec(raw)?.[1] ?? '').replace(/\/$/, '').split('/').slice(1);
  if (segments.some((segment) => !UPSTREAM_PATH_SEGMENT.test(segment) || /^\.+$/.test(segment))) {
    throw new ConfigError(`${name} may have a base path of plain segments only (letters, digits, . _ ~ -)`);
  }
  const basePath = segments.map((segment) => `/${segment}`).join('');
  return { url: `${url.protocol}//${url.host}${basePath}`, timeoutMs };
}

function parseMerchantCode(raw: string): string {
  const code = raw.toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(code)) {
    throw new ConfigError(
      `DEFAULT_MERCHANT must be a merchant code (letters, digits, hyphens), got "${raw}"`,
    );
  }
  return code;
}

function isCidrOrAddress(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxySetting {
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isCidrOrAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses/CIDRs; bad entries: ${bad.join(', ') || raw}`,
    );
  }
  return entries;
}

function parseLogLevel(raw: string): LogLevel {
  const level = raw.toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(level)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  }
  return level;
}

function parsePositiveInteger(env: Env, name: SettingName): number {
  const raw = valueOrDefault(env, name);
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || !Number.isSafeInteger(value)) {
    throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

export const MIN_SECRET_KEY_LENGTH = 32;

function parseSecretKey(raw: string | undefined, databaseUrl: string | null): string | null {
  if (raw === undefined) {
    // Every instance on one PostgreSQL must read the keys the others stored, so nobody may invent one.
    if (databaseUrl !== null) {
      throw new ConfigError(
        'SECRET_KEY is required with DATABASE_URL: every instance must share it to open the RSA keys stored in the database. Generate one with `openssl rand -base64 32`.',
      );
    }
    return null;
  }
  if (raw.length < MIN_SECRET_KEY_LENGTH) {
    // The value is never echoed: it is a secret even when it is a bad one.
    throw new ConfigError(`SECRET_KEY must be at least ${MIN_SECRET_KEY_LENGTH} characters`);
  }
  return raw;
}

function parseFlag(name: SettingName, raw: string | undefined): boolean {
  if (raw === undefined || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (raw === '1' || raw.toLowerCase() === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

function parseNonNegativeInteger(env: Env, name: SettingName): number {
  if (value(env, name) === '0') return 0;
  return parsePositiveInteger(env, name);
}

function parseDevMode(env: Env): boolean {
  const devMode = parseFlag('DEV_MODE', value(env, 'DEV_MODE'));
  if (devMode && value(env, 'NODE_ENV') === 'production') {
    throw new ConfigError(
      'DEV_MODE makes captchas and codes predictable: it is refused with NODE_ENV=production',
    );
  }
  return devMode;
}

/** OFFICIAL_SITE_URL: an https URL without userinfo (it is handed to visitors as a link). */
function parseOfficialSiteUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('OFFICIAL_SITE_URL must be an https:// URL');
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || /[\s\\]/.test(raw)) {
    throw new ConfigError('OFFICIAL_SITE_URL must be an https:// URL without user name or password');
  }
  return url.href;
}

/** Reads and validates the environment (the variables of SETTINGS); throws ConfigError naming the bad variable. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = parseDatabaseUrl(value(env, 'DATABASE_URL'));
  const upstream = parseUpstream(
    value(env, 'WPS_UPSTREAM'),
    parsePositiveInteger(env, 'WPS_UPSTREAM_TIMEOUT_MS'),
  );
  // A front server keeps no data: a database named for it would be a misunderstanding, not a backup.
  if (upstream !== null && databaseUrl !== null) {
    throw new ConfigError(
      'DATABASE_URL is not used with WPS_UPSTREAM: the front server keeps no data; unset it',
    );
  }
  const keyRotationHours = parsePositiveInteger(env, 'KEY_ROTATION_HOURS');
  const keyGraceMinutes = parsePositiveInteger(env, 'KEY_GRACE_MINUTES');
  // A grace as long as a rotation would keep two retired keys alive at once.
  if (keyGraceMinutes >= keyRotationHours * 60) {
    throw new ConfigError('KEY_GRACE_MINUTES must be shorter than KEY_ROTATION_HOURS');
  }
  return {
    port: parsePort(valueOrDefault(env, 'PORT')),
    publicPorts: parsePortList(valueOrDefault(env, 'PUBLIC_PORTS')),
    host: valueOrDefault(env, 'HOST'),
    dataDir: parseDirectory(read(env, 'DATA_DIR'), defaultPath('DATA_DIR')),
    databaseUrl,
    webDist: parseDirectory(read(env, 'WEB_DIST'), defaultPath('WEB_DIST')),
    webRenderer: parseDirectory(read(env, 'WEB_RENDERER'), defaultPath('WEB_RENDERER')),
    staffDist: parseDirectory(read(env, 'STAFF_DIST'), defaultPath('STAFF_DIST')),
    upstream,
    defaultMerchant: parseMerchantCode(valueOrDefault(env, 'DEFAULT_MERCHANT')),
    trustProxy: parseTrustProxy(value(env, 'TRUST_PROXY')),
    logLevel: parseLogLevel(valueOrDefault(env, 'LOG_LEVEL')),
    secretKey: parseSecretKey(value(env, 'SECRET_KEY'), databaseUrl),
    keyRotationHours,
    keyGraceMinutes,
    rateLimit: {
      getPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_GET_PER_MINUTE'),
      postPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_POST_PER_MINUTE'),
      beaconPerMinute: parsePositiveInteger(env, 'RATE_LIMIT_BEACON_PER_MINUTE'),
    },
    devMode: parseDevMode(env),
    identityStandIns: value(env, 'NODE_ENV') !== 'production',
    sessionTtlHours: parsePositiveInteger(env, 'SESSION_TTL_HOURS'),
    officialSiteUrl: parseOfficialSiteUrl(value(env, 'OFFICIAL_SITE_URL')),
    passwordHashing: {
      memoryKib: parsePositiveInteger(env, 'ARGON2_MEMORY_KIB'),
      timeCost: parsePositiveInteger(env, 'ARGON2_TIME_COST'),
    },
    passwordExpiryDays: parseNonNegativeInteger(env, 'PASSWORD_EXPIRY_DAYS'),
    loginThrottle: {
      perAccountIp: parsePositiveInteger(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT_IP'),
      perIp: parsePositiveInteger(env, 'LOGIN_MAX_FAILURES_PER_IP'),
      perAccount: parsePositiveInteger(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT'),
      windowMinutes: parsePositiveInteger(env, 'LOGIN_THROTTLE_MINUTES'),
    },
  };
}
