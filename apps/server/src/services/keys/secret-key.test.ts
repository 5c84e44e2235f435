import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type ServerConfig } from '../../config.js';
import { resolveSecretKey, SECRET_KEY_FILE } from './secret-key.js';

describe('resolveSecretKey', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wps-secret-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  const config = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
    ...loadConfig({}),
    dataDir,
    ...overrides,
  });

  it('uses SECRET_KEY when set and writes no file', async () => {
    const secretKey = 'configured-secret-key-0123456789abcdef';
    expect(await resolveSecretKey(config({ secretKey }))).toEqual({ secretKey, source: 'config' });
    await expect(stat(join(dataDir, SECRET_KEY_FILE))).rejects.toThrow();
  });

  it('generates DATA_DIR/secret.key with mode 0600 on first start and reads it afterwards', async () => {
    const first = await resolveSecretKey(config());
    expect(first.source).toBe('generated');
    expect(first.secretKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(dataDir, SECRET_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.secretKey);

    expect(await resolveSecretKey(config())).toEqual({ secretKey: first.secretKey, source: 'file' });
  });

  it('creates DATA_DIR when it does not exist yet', async () => {
    const nested = join(dataDir, 'fresh', 'data');
    const resolved = await resolveSecretKey(config({ dataDir: nested }));
    expect(resolved.source).toBe('generated');
    expect((await stat(join(nested, SECRET_KEY_FILE))).isFile()).toBe(true);
  });

  it('two processes starting together end with the same key', async () => {
    const [a, b] = await Promise.all([resolveSecretKey(config()), resolveSecretKey(config())]);
    expect(a.secretKey).toBe(b.secretKey);
  });

  it('refuses a key file that is too short rather than replace it', async () => {
    await writeFile(join(dataDir, SECRET_KEY_FILE), 'short\n', { mode: 0o600 });
    await expect(resolveSecretKey(config())).rejects.toThrow(ConfigError);
  });

  it('gives an in-memory database a throw-away key', async () => {
    const a = await resolveSecretKey(config({ dataDir: 'memory://' }));
    const b = await resolveSecretKey(config({ dataDir: 'memory://' }));
    expect(a.source).toBe('ephemeral');
    expect(a.secretKey).not.toBe(b.secretKey);
  });

  it('refuses to invent a key for PostgreSQL', async () => {
    await expect(
      resolveSecretKey(config({ databaseUrl: 'postgres://db/wps', secretKey: null })),
    ).rejects.toThrow(/SECRET_KEY is required with DATABASE_URL/);
  });
});
