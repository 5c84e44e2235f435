import type { CommonSettings } from '@wps/contract/system';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Backend } from '../../db/client.js';
import { MERCHANT_CACHE_TTL_MS } from '../../services/merchants/directory.js';
import { AURORA } from '../../test/accounts.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { backends, prepareTestDatabase, testConfig, updateMerchant } from '../../test/test-app.js';

/** The bound: a saved change is answered by every instance within this, without a restart. */
const WITHIN_MS = 5_000;

/**
 * Two server instances on one PostgreSQL (two app builds, each with its own caches at the
 * production TTL), or on PGlite the one instance a file database allows: a change saved through the
 * back office of one is answered by the other within 5 seconds (LISTEN/NOTIFY drops the caches).
 */
describe.each(backends)('a saved merchant reaches every instance (%s)', (backend: Backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const signIn = staffSignerOn(clock);
  let testDatabase: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(backend);
    const config = testConfig();
    await prepareTestDatabase(testDatabase.database, config, clock.now);
    const build = async (database = testDatabase.database) => {
      const app = await buildApp({ config, database, cacheTtlMs: MERCHANT_CACHE_TTL_MS, now: clock.now });
      await app.ready();
      return app;
    };
    first = await build();
    second = backend === 'postgres' ? await build(await testDatabase.openAnother()) : first;
  });

  afterAll(async () => {
    await first.close();
    if (second !== first) await second.close();
    await testDatabase.dispose();
  });

  async function nameOn(app: FastifyInstance): Promise<string> {
    const response = await app.inject({
      method: 'GET',
      url: '/wps/system/settings',
      headers: { host: AURORA },
    });
    return response.json<{ value: CommonSettings }>().value.merchantName;
  }

  /** Asks `app` every 25 ms until it answers `name`; the milliseconds it took (Infinity past the bound). */
  async function msUntil(app: FastifyInstance, name: string, since: number): Promise<number> {
    while (performance.now() - since < WITHIN_MS) {
      if ((await nameOn(app)) === name) return performance.now() - since;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Number.POSITIVE_INFINITY;
  }

  it('keeps its cached merchant for a change made behind its back, and drops it for a saved one', async () => {
    const original = await nameOn(second);
    // The control: a write that announces nothing stays unseen while the cache lives (30 s).
    await updateMerchant(testDatabase.database.db, 'aurora', { name: 'Written behind the back' });
    expect(await nameOn(second)).toBe(original);

    const cookie = await signIn(first, 'aurora-owner');
    const timings: number[] = [];
    for (const name of ['Aurora Saved Once', 'Aurora Saved Twice', 'Aurora Saved Thrice']) {
      const started = performance.now();
      const saved = await staffCall(first, 'POST', 'merchants/aurora', cookie, { name });
      expect(saved.statusCode).toBe(200);
      timings.push(await msUntil(second, name, started));
    }
    // The figure of the report: from the save's request to the other instance's first answer with it.
    console.info(
      `merchant change reached the ${backend} instance in ${timings.map((ms) => ms.toFixed(0)).join(', ')} ms`,
    );
    for (const ms of timings) expect(ms).toBeLessThan(WITHIN_MS);
  });
});
