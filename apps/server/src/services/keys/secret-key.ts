import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, MIN_SECRET_KEY_LENGTH, type ServerConfig } from '../../config.js';

export const SECRET_KEY_FILE = 'secret.key';

export interface ResolvedSecretKey {
  secretKey: string;
  /** Where it came from, for the start-up log (never the value). */
  source: 'config' | 'file' | 'generated' | 'ephemeral';
}

/**
 * SECRET_KEY when set. Otherwise (embedded mode only: config refuses DATABASE_URL without it) the key
 * in DATA_DIR/secret.key, written on first start with mode 0600 so it stays next to the database it
 * unlocks. An in-memory database gets a throw-away key: its stored keys die with it.
 */
export async function resolveSecretKey(config: ServerConfig): Promise<ResolvedSecretKey> {
  if (config.secretKey !== null) return { secretKey: config.secretKey, source: 'config' };
  if (config.databaseUrl !== null) {
    throw new ConfigError('SECRET_KEY is required with DATABASE_URL');
  }
  if (config.dataDir.startsWith('memory://')) {
    return { secretKey: randomBytes(32).toString('base64url'), source: 'ephemeral' };
  }
  const path = join(config.dataDir, SECRET_KEY_FILE);
  const existing = await readSecretFile(path);
  if (existing !== null) return { secretKey: existing, source: 'file' };

  await mkdir(config.dataDir, { recursive: true });
  const generated = randomBytes(32).toString('base64url');
  // Written whole under a temporary name, then linked into place: link() fails when the name exists,
  // so a process starting at the same moment never overwrites the key, nor reads it half written.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, `${generated}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const written = await readSecretFile(path);
    if (written === null) throw new ConfigError(`${path} vanished while starting`);
    return { secretKey: written, source: 'file' };
  } finally {
    await unlink(temporary);
  }
  return { secretKey: generated, source: 'generated' };
}

async function readSecretFile(path: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_KEY_LENGTH) {
    throw new ConfigError(`${path} must hold at least ${MIN_SECRET_KEY_LENGTH} characters`);
  }
  return secret;
}
