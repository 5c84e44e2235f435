// The server's environment variables as data: config.ts reads them, scripts/config-doc.ts documents them.

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Below the app's own 30 s request time-out (REQUEST_TIMEOUT_MS), so a silent upstream reaches the app
 * as this server's 504 answer rather than as the app giving up.
 */
export const UPSTREAM_TIMEOUT_MS = 25_000;

/** One environment variable the server reads: its name, its default and what it does, in one line. */
export interface Setting {
  readonly name: string;
  /**
   * The value taken when the variable is unset or empty, written as the variable would be; a path is
   * relative to apps/server. Undefined: the setting is off (unset), or `defaultText` says what happens.
   */
  readonly default?: string;
  /** The default as docs/configuration.md shows it, when the value alone does not say it. */
  readonly defaultText?: string;
  readonly description: string;
}

/**
 * Every environment variable the server reads, in the order of ServerConfig. loadConfig takes each
 * default from here, and scripts/config-doc.ts writes docs/configuration.md from it (`npm run
 * docs:config`): a change here is a change of the docs page, which its test holds to this table.
 */
export const SETTINGS = [
  { name: 'PORT', default: '8080', description: 'HTTP port to listen on (0 to 65535).' },
  {
    name: 'PUBLIC_PORTS',
    default: '5173',
    description:
      "Comma-separated ports a request's `Host` may name besides `PORT`, 80 and 443 (a proxy's, Vite's dev server); a `Host` with any other port, userinfo or odd characters reaches no merchant.",
  },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on.' },
  {
    name: 'DATA_DIR',
    default: '.data',
    description:
      'Where the embedded PGlite database (`<DATA_DIR>/pglite`, one process per directory) and its generated `secret.key` live; not used with `DATABASE_URL` or `WPS_UPSTREAM`.',
  },
  {
    name: 'DATABASE_URL',
    description:
      'A `postgres://` or `postgresql://` URL: PostgreSQL instead of the embedded PGlite; needed for more than one instance. Refused with `WPS_UPSTREAM`.',
  },
  {
    name: 'WEB_DIST',
    default: '../web/dist',
    description: 'The built web app, served under `/m/`; while it is missing, `/m/` pages answer 503.',
  },
  {
    name: 'WEB_RENDERER',
    default: '../web/dist-server/entry-server.js',
    description:
      "The web app's server renderer: each page's first screen comes rendered in the HTML; without it pages render in the browser.",
  },
  {
    name: 'STAFF_DIST',
    default: '../staff/dist',
    description:
      'The built back office (apps/staff), served under `/staff/`; while it is missing, `/staff/` pages answer 503.',
  },
  {
    name: 'OFFICIAL_SITE_URL',
    description:
      'An `https://` address the "domain not available" popup links to (the operator\'s official site), for a visitor on a host no merchant serves; unset: the popup offers Try again only.',
  },
  {
    name: 'WPS_UPSTREAM',
    description:
      "Proxy mode: the `http(s)://host[:port][/base]` of the merchant's own `/wps` backend (no userinfo, query or fragment); `/wps` and `/demo-game` are forwarded there and no database is opened.",
  },
  {
    name: 'WPS_UPSTREAM_TIMEOUT_MS',
    default: String(UPSTREAM_TIMEOUT_MS),
    description:
      "How long the upstream may stay silent (connecting, before and during its answer) before a forwarded call answers 504; below the app's own 30 s request time-out.",
  },
  {
    name: 'DEFAULT_MERCHANT',
    default: 'aurora',
    description: 'The merchant code that `localhost`, `127.0.0.1` and `[::1]` reach.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      "Fastify's `trustProxy`: `true`, a hop count or a comma-separated list of proxy addresses/CIDRs, so the caller's ip comes from `X-Forwarded-For`.",
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: `The pino log level: ${LOG_LEVELS.map((level) => `\`${level}\``).join(', ')}.`,
  },
  {
    name: 'SECRET_KEY',
    defaultText: 'generated into `<DATA_DIR>/secret.key`',
    description:
      'At least 32 characters, the same on every instance: seals the secrets stored in the database (the RSA private keys among them). Required with `DATABASE_URL`; with PGlite, generated on first start (mode 0600).',
  },
  {
    name: 'KEY_ROTATION_HOURS',
    default: '24',
    description: 'How long an RSA key of the payload encryption is handed out.',
  },
  {
    name: 'KEY_GRACE_MINUTES',
    default: '60',
    description: 'How long after that it still opens payloads; must be shorter than a rotation.',
  },
  {
    name: 'RATE_LIMIT_GET_PER_MINUTE',
    default: '600',
    description:
      "`GET`/`HEAD`/`OPTIONS` calls per minute per client ip and route (`/wps` and the demo game's API).",
  },
  {
    name: 'RATE_LIMIT_POST_PER_MINUTE',
    default: '60',
    description: 'Calls of every other method per minute per client ip and route.',
  },
  {
    name: 'RATE_LIMIT_BEACON_PER_MINUTE',
    default: '600',
    description:
      'Marketing-event beacons (`/wps/system/collect`, `/wps/system/test/ping`) per minute per client ip and route: a beacon never learns it was refused, and many members share one mobile-carrier address.',
  },
  {
    name: 'DEV_MODE',
    default: '0',
    description:
      '`1`: predictable captcha (every slider gap at x = 120, the pass `dev-mode-captcha-pass` accepted) and codes (`000000`), and the JSON outboxes under `/wps/dev/` (the outbox page is served without it); for automated tests only.',
  },
  {
    name: 'NODE_ENV',
    description:
      '`production` refuses `DEV_MODE=1` and serves none of the local stand-ins of identity providers (`/wps/dev/`).',
  },
  {
    name: 'SESSION_TTL_HOURS',
    default: '24',
    description: 'A login session ends this long after its last use.',
  },
  {
    name: 'ARGON2_MEMORY_KIB',
    default: '19456',
    description: 'argon2id memory cost of password hashes, in KiB (tests lower it).',
  },
  {
    name: 'ARGON2_TIME_COST',
    default: '2',
    description: 'argon2id time cost (passes) of password hashes (tests lower it).',
  },
  {
    name: 'PASSWORD_EXPIRY_DAYS',
    default: '90',
    description:
      'Days a password is valid before the forced change (login reports `passwordExpired`); `0`: never expires.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_ACCOUNT_IP',
    default: '5',
    description: 'Failed logins per account and client ip before that ip gets 429 for that account.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_IP',
    default: '20',
    description: 'Failed logins per client ip, any accounts, before that ip gets 429.',
  },
  {
    name: 'LOGIN_MAX_FAILURES_PER_ACCOUNT',
    default: '5',
    description:
      'Failed logins of one account from anywhere before every further attempt on it needs a captcha (never a lock).',
  },
  {
    name: 'LOGIN_THROTTLE_MINUTES',
    default: '15',
    description: 'The fixed window the login failures above are counted in (staff sign-ins too).',
  },
] as const satisfies readonly Setting[];

export type SettingName = (typeof SETTINGS)[number]['name'];
