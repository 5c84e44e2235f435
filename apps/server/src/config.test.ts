import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
    });
    expect(config.dataDir.endsWith(`apps${sep}server${sep}.data`)).toBe(true);
    expect(config.webDist.endsWith(`apps${sep}web${sep}dist`)).toBe(true);
  });

  it.each([
    [{ PORT: '3000' }, { port: 3000 }],
    [{ HOST: '127.0.0.1' }, { host: '127.0.0.1' }],
    [{ DATA_DIR: '/tmp/wps-data' }, { dataDir: '/tmp/wps-data' }],
    [{ DATABASE_URL: 'postgres://u:p@db:5432/wps' }, { databaseUrl: 'postgres://u:p@db:5432/wps' }],
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
  ])('%j fails fast naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});
