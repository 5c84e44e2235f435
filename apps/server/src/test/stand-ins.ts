import Fastify from 'fastify';
import type { ServerConfig } from '../config.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { KeyEncryptionKey } from '../services/keys/key-encryption-key.js';
import { TEST_SECRET_KEY } from './test-app.js';

/**
 * The routes the stand-ins register under `config` (with DEV_MODE: all of them), as `METHOD /path`,
 * read off a bare Fastify instance. The stand-ins module is imported here, on demand: a test that
 * proves a production start never loads it calls this only after checking.
 */
export async function standInRoutes(config: ServerConfig, db: Db): Promise<string[]> {
  const { createStandIns } = await import('../stand-ins/index.js');
  const app = Fastify();
  const routes: string[] = [];
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    // Fastify adds a HEAD route to each GET by itself.
    for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${options.url}`);
  });
  // Registering touches no context; the handlers would.
  await createStandIns({ config, db, kek: new KeyEncryptionKey(TEST_SECRET_KEY), now: Date.now }).register(
    app,
    {} as AppContext,
  );
  await app.close();
  return routes;
}
