import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import type { Database } from './db/client.js';
import { applyMigrations, type PrepareResult } from './db/migrate.js';
import { seedDemoData } from './seed/index.js';
import { PasswordHasher } from './services/identity/index.js';
import { KeyEncryptionKey } from './services/keys/key-encryption-key.js';

export interface PrepareServerOptions {
  config: ServerConfig;
  /** SECRET_KEY as the app will use it: the demo members' TOTP secrets are sealed with it. */
  secretKey: string;
  /** The clock the game catalogue and lobby content are dated by (tests move it). */
  now?: () => number;
}

/**
 * Start-up work, once per start and before the app serves: the checked-in migrations, then the demo
 * data (merchants into an empty database, their members, the game catalogue and lobby content). Held
 * under the start-up lock so instances starting together neither migrate nor seed twice.
 */
export async function prepareServer(
  database: Database,
  options: PrepareServerOptions,
): Promise<PrepareResult> {
  const now = options.now ?? Date.now;
  const secrets = {
    hasher: new PasswordHasher(options.config.passwordHashing),
    kek: new KeyEncryptionKey(options.secretKey),
  };
  return database.exclusive(async (locked) => {
    await applyMigrations(locked);
    return { seeded: await seedDemoData(locked.db, { secrets, now: new Date(now()) }) };
  });
}

export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Stop accepting, let requests in flight finish, then close the database they were using (none in
 * proxy mode).
 */
export async function shutdown(app: FastifyInstance, database: Database | null): Promise<void> {
  try {
    await app.close();
  } finally {
    await database?.close();
  }
}

export interface SignalOptions {
  app: FastifyInstance;
  /** Null in proxy mode (WPS_UPSTREAM), which opens none. */
  database: Database | null;
  exit: (code: number) => void;
  deadlineMs?: number;
  signals?: readonly NodeJS.Signals[];
}

/**
 * First SIGTERM/SIGINT: graceful shutdown, exit 0 (1 if closing failed). A second signal or the
 * deadline forces exit 1, so a stuck connection cannot keep an orchestrator waiting forever.
 */
export function installSignalHandlers(options: SignalOptions): () => void {
  const { app, database, exit } = options;
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  let closing = false;

  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error('shutdown deadline passed: exiting now');
      exit(1);
    }, deadlineMs);
    deadline.unref();
    shutdown(app, database).then(
      () => {
        clearTimeout(deadline);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };

  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}
