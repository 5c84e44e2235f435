import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import type { Backend, Db } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { prepareTestDatabase, testConfig } from './test-app.js';

export interface SharedApps {
  /** Server instances, each with its own connection pool, on one database. */
  readonly apps: FastifyInstance[];
  readonly db: Db;
}

/** `count` app instances on one seeded database, as several servers behind a load balancer. */
export function useSharedApps(
  backend: Backend,
  count: number,
  options: { config?: Partial<ServerConfig>; now?: () => number } = {},
): SharedApps {
  let state: { apps: FastifyInstance[]; testDatabase: TestDatabase } | undefined;

  beforeAll(async () => {
    const testDatabase = await createTestDatabase(backend);
    await prepareTestDatabase(testDatabase.database, testConfig(options.config), options.now);
    const databases = [testDatabase.database];
    while (databases.length < count) databases.push(await testDatabase.openAnother());
    const apps = await Promise.all(
      databases.map((database) =>
        buildApp({
          config: testConfig(options.config),
          database,
          cacheTtlMs: 0,
          ...(options.now === undefined ? {} : { now: options.now }),
        }),
      ),
    );
    await Promise.all(apps.map((app) => app.ready()));
    state = { apps, testDatabase };
  });

  afterAll(async () => {
    await Promise.all(state?.apps.map((app) => app.close()) ?? []);
    await state?.testDatabase.dispose();
  });

  const current = () => {
    if (state === undefined) throw new Error('the shared apps are not ready');
    return state;
  };
  return {
    get apps() {
      return current().apps;
    },
    get db() {
      return current().testDatabase.database.db;
    },
  };
}
