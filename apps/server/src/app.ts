import { WPS_BODY_LIMIT_BYTES } from '@wps/contract';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import type { ServerConfig, TrustProxySetting } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { installDrainOnClose } from './http/drain.js';
import { handleError, installNotFoundHandler } from './http/errors.js';
import { loggerOptions, type LogStream } from './http/logging.js';
import { installSecurityHeaders } from './http/security.js';
import { MERCHANT_CACHE_TTL_MS, MerchantDirectory } from './services/merchants/directory.js';
import { systemRoutes } from './routes/system/index.js';
import { webRoutes } from './routes/web/index.js';

export interface BuildAppOptions {
  config: ServerConfig;
  database: Database;
  /** TTL of the read-mostly caches; tests that edit merchants between calls pass 0. */
  cacheTtlMs?: number;
  /** Log destination instead of stdout. */
  logStream?: LogStream;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: WPS_BODY_LIMIT_BYTES,
    // On close, idle keep-alive sockets are dropped at once; requests in flight still finish, and a
    // request already queued on an open socket is served (with Connection: close, see drain.ts)
    // rather than refused with Fastify's bare, envelope-less 503.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
  });

  const cacheTtlMs = options.cacheTtlMs ?? MERCHANT_CACHE_TTL_MS;
  const ctx: AppContext = {
    config,
    db: database.db,
    merchants: new MerchantDirectory(database.db, config.defaultMerchant, cacheTtlMs),
    cacheTtlMs,
  };

  // sendBeacon posts a JSON string as text/plain; read it exactly like application/json.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  // Dynamic answers (HTML shell, JSON) are compressed on the fly at a cheap level; built assets are
  // sent precompressed (scripts/precompress.mjs, `preCompressed` in routes/web).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.setErrorHandler(handleError);
  installNotFoundHandler(app);
  installSecurityHeaders(app);
  installDrainOnClose(app);

  systemRoutes(app, ctx);
  await webRoutes(app, ctx);
  return app;
}

/** Fastify takes a hop count at run time but types it only as a function: same rule as its own. */
function fastifyTrustProxy(
  setting: TrustProxySetting,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
