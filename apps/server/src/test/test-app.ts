import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type ServerConfig } from '../config.js';
import type { Backend, Database, Db } from '../db/client.js';
import { collectedEvents, merchants } from '../db/schema/index.js';
import type { LogStream } from '../http/logging.js';
import { prepareServer } from '../lifecycle.js';
import { resolveSecretKey } from '../services/keys/secret-key.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { createFakeWebDist } from './fake-web-dist.js';

export { backends } from './databases.js';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({}),
    dataDir: 'memory://',
    webDist: '/nonexistent/wps-web-dist',
    webRenderer: '/nonexistent/wps-web-dist-server/entry-server.js',
    staffDist: '/nonexistent/wps-staff-dist',
    logLevel: 'silent',
    // Shared by every app a test builds, as instances on one PostgreSQL share theirs.
    secretKey: TEST_SECRET_KEY,
    // High enough that no test trips it by accident; the rate-limit tests set their own.
    rateLimit: { getPerMinute: 100_000, postPerMinute: 100_000, beaconPerMinute: 100_000 },
    // Cheap hashes: the cost is the production default's business, not the tests'.
    passwordHashing: { memoryKib: 1024, timeCost: 1 },
    ...overrides,
  };
}

export const TEST_SECRET_KEY = 'test-secret-key-not-for-production-0123456789';

/** Migrates and seeds as a server start does (main.ts), for apps built with `config` and `now`. */
export async function prepareTestDatabase(
  database: Database,
  config: ServerConfig,
  now?: () => number,
): Promise<void> {
  const { secretKey } = await resolveSecretKey(config);
  await prepareServer(database, { config, secretKey, ...(now === undefined ? {} : { now }) });
}

export interface TestAppOptions {
  config?: Partial<ServerConfig>;
  /** Serve a temporary fake web build. */
  webDist?: boolean;
  logStream?: LogStream;
  /** Adds test-only routes before the app is ready. */
  extend?: (app: FastifyInstance) => void;
  /** The app's clock (key rotation, rate-limit windows). */
  now?: () => number;
  /** The read-mostly caches' TTL; 0 (off) unless a test is about the cached path. */
  cacheTtlMs?: number;
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly db: Db;
  readonly testDatabase: TestDatabase;
}

/**
 * One seeded database and one app per describe block, torn down after it. Caches are off so a test
 * may change a merchant and see it on the next call.
 */
export function useTestApp(backend: Backend, options: TestAppOptions = {}): TestApp {
  let state:
    { app: FastifyInstance; testDatabase: TestDatabase; disposeDist?: () => Promise<void> } | undefined;

  beforeAll(async () => {
    const testDatabase = await createTestDatabase(backend);
    const dist = options.webDist === true ? await createFakeWebDist() : undefined;
    const config = testConfig({ ...(dist === undefined ? {} : { webDist: dist.root }), ...options.config });
    await prepareTestDatabase(testDatabase.database, config, options.now);
    const app = await buildApp({
      config,
      database: testDatabase.database,
      cacheTtlMs: options.cacheTtlMs ?? 0,
      ...(options.logStream === undefined ? {} : { logStream: options.logStream }),
      ...(options.now === undefined ? {} : { now: options.now }),
    });
    options.extend?.(app);
    await app.ready();
    state = { app, testDatabase, ...(dist === undefined ? {} : { disposeDist: dist.dispose }) };
  });

  afterAll(async () => {
    await state?.app.close();
    await state?.testDatabase.dispose();
    await state?.disposeDist?.();
  });

  const current = () => {
    if (state === undefined) throw new Error('the test app is not ready');
    return state;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().testDatabase.database;
    },
    get db() {
      return current().testDatabase.database.db;
    },
    get testDatabase() {
      return current().testDatabase;
    },
  };
}

export async function countCollectedEvents(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(collectedEvents);
  return row?.value ?? 0;
}

export async function updateMerchant(
  db: Db,
  code: string,
  values: Partial<typeof merchants.$inferInsert>,
): Promise<void> {
  await db.update(merchants).set(values).where(eq(merchants.code, code));
}

export async function merchantRow(db: Db, code: string): Promise<typeof merchants.$inferSelect> {
  const [row] = await db.select().from(merchants).where(eq(merchants.code, code));
  if (row === undefined) throw new Error(`no merchant ${code}`);
  return row;
}
