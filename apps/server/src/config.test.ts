import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTINGS, type Setting } from './config.js';

const SECRET = 'a-secret-key-that-is-long-enough-0123456789';

describe('loadConfig', () => {
  it('has working defaults, with paths from the module location', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      defaultMerchant: 'aurora',
      trustProxy: false,
      logLevel: 'info',
      secretKey: null,
      keyRotationHours: 24,
      keyGraceMinutes: 60,
      rateLimit: { getPerMinute: 600, postPerMinute: 60, beaconPerMinute: 600 },
    });
    expect(config.dataDir.endsWith(`apps${sep}server${sep}.data`)).toBe(true);
    expect(config.webDist.endsWith(`apps${sep}web${sep}dist`)).toBe(true);
  });

  it.each([
    [{ PORT: '3000' }, { port: 3000 }],
    [{ HOST: '127.0.0.1' }, { host: '127.0.0.1' }],
    [{ DATA_DIR: '/tmp/wps-data' }, { dataDir: '/tmp/wps-data' }],
    [
      { DATABASE_URL: 'postgres://u:p@db:5432/wps', SECRET_KEY: SECRET },
      { databaseUrl: 'postgres://u:p@db:5432/wps', secretKey: SECRET },
    ],
    [{ SECRET_KEY: SECRET }, { secretKey: SECRET }],
    [
      { KEY_ROTATION_HOURS: '6', KEY_GRACE_MINUTES: '30' },
      { keyRotationHours: 6, keyGraceMinutes: 30 },
    ],
    [
      {
        RATE_LIMIT_GET_PER_MINUTE: '1200',
        RATE_LIMIT_POST_PER_MINUTE: '5',
        RATE_LIMIT_BEACON_PER_MINUTE: '3000',
      },
      { rateLimit: { getPerMinute: 1200, postPerMinute: 5, beaconPerMinute: 3000 } },
    ],
    [{ WEB_DIST: '/srv/web' }, { webDist: '/srv/web' }],
    [{ DEFAULT_MERCHANT: 'Lotus' }, { defaultMerchant: 'lotus' }],
    [{ TRUST_PROXY: 'true' }, { trustProxy: true }],
    [{ TRUST_PROXY: 'false' }, { trustProxy: false }],
    [{ TRUST_PROXY: '2' }, { trustProxy: 2 }],
    [{ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1' }, { trustProxy: ['10.0.0.0/8', '192.0.2.1', '::1'] }],
    [{ LOG_LEVEL: 'DEBUG' }, { logLevel: 'debug' }],
    [{ PORT: '' }, { port: 8080 }],
  ])('%j → %j', (env, expected) => {
    expect(loadConfig(env)).toMatchObject(expected);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '-1' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ DEFAULT_MERCHANT: 'bad code!' }, /DEFAULT_MERCHANT/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/99' }, /TRUST_PROXY/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DATABASE_URL: 'postgres://u:p@db:5432/wps' }, /SECRET_KEY is required with DATABASE_URL/],
    [{ SECRET_KEY: 'short' }, /SECRET_KEY must be at least 32 characters/],
    [{ KEY_ROTATION_HOURS: '0' }, /KEY_ROTATION_HOURS/],
    [{ KEY_GRACE_MINUTES: '1.5' }, /KEY_GRACE_MINUTES/],
    [{ KEY_ROTATION_HOURS: '1', KEY_GRACE_MINUTES: '60' }, /KEY_GRACE_MINUTES must be shorter/],
    [{ RATE_LIMIT_GET_PER_MINUTE: '-5' }, /RATE_LIMIT_GET_PER_MINUTE/],
    [{ RATE_LIMIT_POST_PER_MINUTE: 'many' }, /RATE_LIMIT_POST_PER_MINUTE/],
    [{ RATE_LIMIT_BEACON_PER_MINUTE: '0' }, /RATE_LIMIT_BEACON_PER_MINUTE/],
  ])('%j fails fast naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe('OFFICIAL_SITE_URL: the way out of the domain-not-available popup', () => {
  it.each([
    [undefined, null],
    ['https://official.example', 'https://official.example/'],
    ['https://official.example/m/home', 'https://official.example/m/home'],
  ])('%s → %s', (raw, expected) => {
    expect(loadConfig(raw === undefined ? {} : { OFFICIAL_SITE_URL: raw }).officialSiteUrl).toBe(expected);
  });

  it.each([
    ['http://official.example'],
    ['javascript:alert(1)'],
    ['https://user:pw@official.example'],
    ['not a url'],
    ['https://official.example/\\evil'],
  ])('refuses %s', (raw) => {
    expect(() => loadConfig({ OFFICIAL_SITE_URL: raw })).toThrow(ConfigError);
  });
});

describe('SECRET_KEY', () => {
  it('is never echoed when rejected', () => {
    expect(() => loadConfig({ SECRET_KEY: 'hunter2-too-short' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});

describe('account settings', () => {
  it('default to production-safe values', () => {
    expect(loadConfig({})).toMatchObject({
      devMode: false,
      sessionTtlHours: 24,
      passwordHashing: { memoryKib: 19_456, timeCost: 2 },
      passwordExpiryDays: 90,
      loginThrottle: { perAccountIp: 5, perIp: 20, perAccount: 5, windowMinutes: 15 },
    });
  });

  it('read the login throttle, and refuse a limit that is not a positive integer', () => {
    expect(
      loadConfig({
        LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '3',
        LOGIN_MAX_FAILURES_PER_IP: '40',
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '10',
        LOGIN_THROTTLE_MINUTES: '30',
      }).loginThrottle,
    ).toEqual({ perAccountIp: 3, perIp: 40, perAccount: 10, windowMinutes: 30 });
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT_IP: '0' })).toThrow(
      /LOGIN_MAX_FAILURES_PER_ACCOUNT_IP/,
    );
  });

  it('read DEV_MODE, SESSION_TTL_HOURS and PASSWORD_EXPIRY_DAYS', () => {
    expect(loadConfig({ DEV_MODE: '1', SESSION_TTL_HOURS: '2', PASSWORD_EXPIRY_DAYS: '0' })).toMatchObject({
      devMode: true,
      sessionTtlHours: 2,
      passwordExpiryDays: 0,
    });
  });

  it('refuse DEV_MODE with NODE_ENV=production, and a bad flag', () => {
    expect(() => loadConfig({ DEV_MODE: '1', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DEV_MODE: 'yes' })).toThrow(/DEV_MODE/);
    expect(loadConfig({ DEV_MODE: '0', NODE_ENV: 'production' }).devMode).toBe(false);
  });

  it.each([
    [{}, true],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'test', DEV_MODE: '1' }, true],
    [{ NODE_ENV: 'production' }, false],
  ])('run the identity providers’ stand-ins with %j: %s', (env, expected) => {
    expect(loadConfig(env).identityStandIns).toBe(expected);
  });
});

describe('SETTINGS', () => {
  const PATHS = new Set(['DATA_DIR', 'WEB_DIST', 'WEB_RENDERER', 'STAFF_DIST']);

  it('names each variable once', () => {
    const names = SETTINGS.map((setting) => setting.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('holds the defaults loadConfig uses: setting each one changes nothing', () => {
    const defaults = Object.fromEntries(
      SETTINGS.flatMap((setting: Setting) =>
        setting.default === undefined || PATHS.has(setting.name) ? [] : [[setting.name, setting.default]],
      ),
    );
    expect(loadConfig(defaults)).toEqual(loadConfig({}));
  });
});
