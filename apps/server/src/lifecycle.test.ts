import { setTimeout as sleep } from 'node:timers/promises';
import { ok } from '@wps/contract/envelope';
import { count } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import type { Database, Db } from './db/client.js';
import { applyMigrations } from './db/migrate.js';
import { customers, games, merchants } from './db/schema/index.js';
import { installSignalHandlers, prepareServer, shutdown } from './lifecycle.js';
import { backends, createTestDatabase } from './test/databases.js';
import { prepareTestDatabase, TEST_SECRET_KEY, testConfig } from './test/test-app.js';

async function startServer(backend: (typeof backends)[number], events: string[]) {
  const testDatabase = await createTestDatabase(backend);
  await prepareTestDatabase(testDatabase.database, testConfig());
  const database: Database = {
    ...testDatabase.database,
    close: async () => {
      events.push('database closed');
      await testDatabase.database.close();
    },
  };
  const app = await buildApp({ config: testConfig(), database, cacheTtlMs: 0 });
  app.get('/wps/test/slow', async () => {
    await sleep(400);
    // The database must still be open for a request that started before the shutdown.
    const [row] = await database.db.select({ merchants: count() }).from(merchants);
    events.push('slow request done');
    return ok(row?.merchants ?? 0);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, testDatabase, address };
}

describe.each(backends)('graceful shutdown (%s)', (backend) => {
  it('lets a slow request in flight finish, then closes the database', async () => {
    const events: string[] = [];
    const { app, database, testDatabase, address } = await startServer(backend, events);
    try {
      // A keep-alive connection left idle must not hold the shutdown up.
      await fetch(`${address}/wps/v2/system/status`);
      const pending = fetch(`${address}/wps/test/slow`).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as unknown,
      }));
      await sleep(100);
      events.push('close called');
      const started = Date.now();
      await shutdown(app, database);
      const answer = await pending;

      expect(answer).toEqual({ status: 200, body: { success: true, value: 3 } });
      expect(events).toEqual(['close called', 'slow request done', 'database closed']);
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect(fetch(`${address}/wps/v2/system/status`)).rejects.toThrow();
      await expect(database.db.select().from(merchants)).rejects.toThrow();
    } finally {
      await testDatabase.dispose().catch(() => undefined);
    }
  });

  it('exits 0 after the first signal and 1 at once on a second', async () => {
    const events: string[] = [];
    const { app, database, testDatabase } = await startServer(backend, events);
    const exit = vi.fn();
    const uninstall = installSignalHandlers({ app, database, exit, signals: ['SIGUSR2'] });
    try {
      process.emit('SIGUSR2', 'SIGUSR2');
      process.emit('SIGUSR2', 'SIGUSR2');
      expect(exit).toHaveBeenCalledWith(1);
      await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
      expect(events).toEqual(['database closed']);
    } finally {
      uninstall();
      await testDatabase.dispose().catch(() => undefined);
    }
  });
});

async function rowCounts(db: Db) {
  const [m] = await db.select({ n: count() }).from(merchants);
  const [c] = await db.select({ n: count() }).from(customers);
  const [g] = await db.select({ n: count() }).from(games);
  return { merchants: m?.n, customers: c?.n, games: g?.n };
}

describe.each(backends)('start-up (%s)', (backend) => {
  it('seeds merchants, demo members and the game catalogue once, under the start-up lock', async () => {
    const { database, dispose } = await createTestDatabase(backend);
    try {
      const options = { config: testConfig(), secretKey: TEST_SECRET_KEY };
      // The locked task runs on one connection: two queries at once there are refused by pg 9
      // (pg 8 queues them with a deprecation warning).
      const warnings: string[] = [];
      const collect = (warning: Error) => warnings.push(warning.message);
      process.on('warning', collect);
      try {
        expect(await prepareServer(database, options)).toEqual({ seeded: true });
      } finally {
        process.off('warning', collect);
      }
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
      const first = await rowCounts(database.db);
      expect(first.merchants).toBe(3);
      expect(first.customers).toBeGreaterThan(0);
      expect(first.games).toBeGreaterThan(0);
      expect(await prepareServer(database, options)).toEqual({ seeded: false });
      expect(await rowCounts(database.db)).toEqual(first);
    } finally {
      await dispose();
    }
  });

  it('building the app seeds nothing', async () => {
    const { database, dispose } = await createTestDatabase(backend);
    try {
      await database.exclusive((locked) => applyMigrations(locked));
      const app = await buildApp({ config: testConfig(), database, cacheTtlMs: 0 });
      await app.close();
      expect(await rowCounts(database.db)).toEqual({ merchants: 0, customers: 0, games: 0 });
    } finally {
      await dispose();
    }
  });
});
