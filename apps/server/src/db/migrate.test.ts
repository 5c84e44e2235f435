import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backends, createTestDatabase } from '../test/databases.js';
import { countries, merchantDomains, merchants } from './schema/index.js';
import type { Db } from './client.js';
import { prepareServer } from '../lifecycle.js';
import { TEST_SECRET_KEY, testConfig } from '../test/test-app.js';
import type { Database } from './client.js';
import { applyMigrations } from './migrate.js';

/** Start-up work as main.ts runs it; `seed: false` only migrates. */
async function prepareDatabase(database: Database, options: { seed: boolean }) {
  if (!options.seed) {
    await database.exclusive((locked) => applyMigrations(locked));
    return { seeded: false };
  }
  return prepareServer(database, { config: testConfig(), secretKey: TEST_SECRET_KEY });
}

async function rowCounts(db: Db) {
  const [m] = await db.select({ n: count() }).from(merchants);
  const [d] = await db.select({ n: count() }).from(merchantDomains);
  const [c] = await db.select({ n: count() }).from(countries);
  return { merchants: m?.n, domains: d?.n, countries: c?.n };
}

describe.each(backends)('migrations and seed (%s)', (backend) => {
  it('apply twice without error and seed only once', async () => {
    const { database, dispose } = await createTestDatabase(backend);
    try {
      expect(await prepareDatabase(database, { seed: true })).toEqual({ seeded: true });
      const first = await rowCounts(database.db);
      expect(first.merchants).toBe(3);

      expect(await prepareDatabase(database, { seed: true })).toEqual({ seeded: false });
      await database.exclusive((locked) => applyMigrations(locked));
      expect(await rowCounts(database.db)).toEqual(first);

      const [applied] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`drizzle.__drizzle_migrations`);
      expect(applied?.n).toBeGreaterThanOrEqual(1);
    } finally {
      await dispose();
    }
  });

  it('does not seed when asked not to', async () => {
    const { database, dispose } = await createTestDatabase(backend);
    try {
      expect(await prepareDatabase(database, { seed: false })).toEqual({ seeded: false });
      expect((await rowCounts(database.db)).merchants).toBe(0);
    } finally {
      await dispose();
    }
  });
});

// Several instances can share one PostgreSQL; an in-memory PGlite belongs to one process.
const sharedBackends = backends.filter((backend) => backend === 'postgres');

describe.each(sharedBackends)('instances starting together (%s)', (backend) => {
  it('lets only one of several instances starting together seed', async () => {
    const testDatabase = await createTestDatabase(backend);
    try {
      const others = await Promise.all([1, 2, 3].map(() => testDatabase.openAnother()));
      const results = await Promise.all(
        [testDatabase.database, ...others].map((database) => prepareDatabase(database, { seed: true })),
      );
      expect(results.filter((result) => result.seeded)).toHaveLength(1);
      expect((await rowCounts(testDatabase.database.db)).merchants).toBe(3);
    } finally {
      await testDatabase.dispose();
    }
  });
});
