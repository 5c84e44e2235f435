import { buildApp, buildFrontApp } from './app.js';
import { ConfigError, loadConfig, type ServerConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { installSignalHandlers, prepareServer } from './lifecycle.js';
import { resolveSecretKey } from './services/keys/secret-key.js';
import { startReportRollups } from './services/reports/job.js';

function readConfig(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Proxy mode: no database, no secret, nothing on disk; `/wps` is the upstream's. */
async function mainInFront(config: ServerConfig): Promise<void> {
  const app = await buildFrontApp({ config });
  installSignalHandlers({ app, database: null, exit: (code) => process.exit(code) });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.log.info(
    { upstream: config.upstream?.url },
    `WPS front server ready at http://localhost:${port}/m/home, /wps forwarded to the upstream`,
  );
}

async function main(): Promise<void> {
  const config = readConfig();
  if (config.upstream !== null) return mainInFront(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Resolved once: the seeds seal the demo members' TOTP secrets with the key the app opens them with.
  const secret = await resolveSecretKey(config);
  const { seeded } = await prepareServer(database, { config, secretKey: secret.secretKey });
  const app = await buildApp({ config, database, secret });
  installSignalHandlers({ app, database, exit: (code) => process.exit(code) });

  await app.listen({ port: config.port, host: config.host });
  // The reports' rollups (docs/decisions/reports-rollups.md): here, not in buildApp, so tests run them when they mean to.
  startReportRollups(database.db, app.log);
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.log.info(
    {
      backend: database.backend,
      dataDir: database.backend === 'pglite' ? config.dataDir : undefined,
      seeded,
    },
    `WPS server ready at http://localhost:${port}/m/home`,
  );
}

main().catch((error: unknown) => {
  // A bad DATA_DIR/secret.key is the operator's to fix: their message, without a stack.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error('Server failed to start:', error);
  process.exit(1);
});
