import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { applyMigrations } from '../../db/migrate.js';
import { rateLimits } from '../../db/schema/index.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { FixedWindowCounter, type Reservation } from './fixed-window-counter.js';
import { LEASE_DEFAULTS, LeasedLimiter, type LeaseStore, type RateDecision } from './leased-limiter.js';

/** The store as the limiter sees it, counting the statements it costs. */
class CountingStore implements LeaseStore {
  takes = 0;
  releases = 0;

  constructor(private readonly inner: LeaseStore) {}

  take(bucket: string, count: number, limit: number): Promise<Reservation | null> {
    this.takes += 1;
    return this.inner.take(bucket, count, limit);
  }

  release(reservation: Reservation, count: number): Promise<void> {
    this.releases += 1;
    return this.inner.release(reservation, count);
  }
}

async function decide(decision: RateDecision | Promise<RateDecision>): Promise<boolean> {
  return (await decision).admitted;
}

/** `count` hits one after the other: how many were admitted. */
async function sequential(limiter: LeasedLimiter, bucket: string, limit: number, count: number) {
  let admitted = 0;
  for (let index = 0; index < count; index += 1) {
    if (await decide(limiter.hit(bucket, limit))) admitted += 1;
  }
  return admitted;
}

/** `count` hits at once: how many were admitted. */
async function burst(limiter: LeasedLimiter, bucket: string, limit: number, count: number) {
  const decisions = await Promise.all(
    Array.from({ length: count }, () => decide(limiter.hit(bucket, limit))),
  );
  return decisions.filter(Boolean).length;
}

describe.each(backends)('leased rate limit (%s)', (backend) => {
  let testDatabase: TestDatabase;
  /** A second server instance's database handle: its own pool on PostgreSQL. */
  let otherDb: Db;
  let serial = 0;
  const bucket = () => `203.0.113.${(serial += 1)} GET /wps/x`;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(backend);
    await testDatabase.database.exclusive((locked) => applyMigrations(locked));
    // An in-memory PGlite belongs to one process: there the second limiter shares the handle, which is
    // still two instances' memory over one count.
    otherDb = backend === 'postgres' ? (await testDatabase.openAnother()).db : testDatabase.database.db;
  });

  afterAll(async () => {
    await testDatabase.dispose();
  });

  function instance(clock: TestClock, db: Db = testDatabase.database.db) {
    const store = new CountingStore(new FixedWindowCounter(db, MINUTE, clock.now));
    return { store, limiter: new LeasedLimiter(store, { windowMs: MINUTE, now: clock.now }) };
  }

  async function stored(key: string): Promise<number> {
    const [row] = await testDatabase.database.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(eq(rateLimits.bucket, key));
    return row?.hits ?? 0;
  }

  // [case, limit, requests, admitted, most statements]
  it.each([
    ['limit 1: one in, the rest out', 1, 3, 1, 2],
    ['limit 3 (leases one at a time: 3 / 16 < 1)', 3, 5, 3, 4],
    ['the default GET limit, used up', 600, 650, 600, 25],
    ['a limit far above the load', 100_000, 5_000, 5_000, 16],
  ] as const)('one instance, one at a time — %s', async (_case, limit, requests, admitted, statements) => {
    const { store, limiter } = instance(new TestClock());
    expect(await sequential(limiter, bucket(), limit, requests)).toBe(admitted);
    // Before leases, every request was one statement.
    expect(store.takes).toBeLessThanOrEqual(statements);
  });

  it('a burst on a new bucket waits for one statement, not one each', async () => {
    const { store, limiter } = instance(new TestClock());
    expect(await burst(limiter, bucket(), 10_000, 200)).toBe(200);
    expect(store.takes).toBeLessThanOrEqual(2);
  });

  it('decides in memory (no promise) while it holds leased places', async () => {
    const { store, limiter } = instance(new TestClock());
    const key = bucket();
    await sequential(limiter, key, 10_000, 2);
    // The second lease took a place ahead of demand: the third request is answered at once.
    expect(limiter.hit(key, 10_000)).toEqual({ admitted: true });
    expect(store.takes).toBe(2);
  });

  it('refuses with the end of the window, then from memory until the recheck', async () => {
    const clock = new TestClock();
    clock.advance(15_000);
    const { store, limiter } = instance(clock);
    const key = bucket();
    await sequential(limiter, key, 2, 2);
    expect(await limiter.hit(key, 2)).toEqual({ admitted: false, resetAt: TestClock.START + MINUTE });
    const statements = store.takes;
    expect(limiter.hit(key, 2)).toEqual({ admitted: false, resetAt: TestClock.START + MINUTE });
    expect(store.takes).toBe(statements);
    clock.advance(LEASE_DEFAULTS.fullRecheckMs);
    expect(await decide(limiter.hit(key, 2))).toBe(false);
    expect(store.takes).toBeGreaterThan(statements);
  });

  // [case, limit, requests per instance per wave]
  it.each([
    ['small limit, leased one at a time', 5, 40],
    ['limit 50, leased ahead', 50, 200],
    ['limit 600, leased ahead', 600, 1_000],
  ] as const)(
    'two instances, bursts at once — %s: never more than the limit, exactly the limit once leases are back',
    async (_case, limit, perWave) => {
      const clock = new TestClock();
      const a = instance(clock);
      const b = instance(clock, otherDb);
      const key = bucket();
      const wave = async () =>
        (
          await Promise.all([burst(a.limiter, key, limit, perWave), burst(b.limiter, key, limit, perWave)])
        ).reduce((sum, each) => sum + each, 0);
      let admitted = await wave();
      expect(admitted).toBeLessThanOrEqual(limit);
      // The instances give back what they hold unused; a second wave can then use all of it.
      clock.advance(Math.max(LEASE_DEFAULTS.idleMs, LEASE_DEFAULTS.fullRecheckMs));
      await Promise.all([a.limiter.returnIdle(), b.limiter.returnIdle()]);
      admitted += await wave();
      expect(admitted).toBe(limit);
      expect(await stored(key)).toBe(limit);
    },
  );

  it('two instances taking turns never admit more than the limit in total', async () => {
    const clock = new TestClock();
    const [a, b] = [instance(clock), instance(clock, otherDb)];
    const key = bucket();
    const limit = 64;
    let admitted = 0;
    for (let index = 0; index < 300; index += 1) {
      const { limiter } = index % 2 === 0 ? a : b;
      if (await decide(limiter.hit(key, limit))) admitted += 1;
    }
    expect(admitted).toBeLessThanOrEqual(limit);
    // Leased ahead by at most limit / 16 each: the rest was admitted.
    expect(admitted).toBeGreaterThanOrEqual(limit - 2 * Math.floor(limit / 16));
  });

  it('an unused lease is given back when idle: the other instance can use it', async () => {
    const clock = new TestClock();
    const a = instance(clock);
    const b = instance(clock, otherDb);
    const key = bucket();
    const limit = 64;
    expect(await sequential(a.limiter, key, limit, 4)).toBe(4);
    const leased = await stored(key);
    const unused = leased - 4;
    expect(unused).toBeGreaterThan(0);
    // B gets what A did not lease, and not A's unused places.
    expect(await sequential(b.limiter, key, limit, 100)).toBe(limit - leased);

    clock.advance(Math.max(LEASE_DEFAULTS.idleMs, LEASE_DEFAULTS.fullRecheckMs));
    await a.limiter.returnIdle();
    expect(a.store.releases).toBe(1);
    expect(await stored(key)).toBe(limit - unused);
    expect(await sequential(b.limiter, key, limit, 100)).toBe(unused);
    expect(await stored(key)).toBe(limit);
  });

  it('a bucket still in use keeps its lease; returnAll (closing) gives every one back', async () => {
    const clock = new TestClock();
    const { store, limiter } = instance(clock);
    const [busy, quiet] = [bucket(), bucket()];
    await sequential(limiter, busy, 1_000, 4);
    await sequential(limiter, quiet, 1_000, 4);
    clock.advance(LEASE_DEFAULTS.idleMs - 1);
    await sequential(limiter, busy, 1_000, 1);
    clock.advance(1);
    await limiter.returnIdle();
    expect(await stored(quiet)).toBe(4);
    expect(limiter.size).toBe(1);
    expect(await stored(busy)).toBeGreaterThan(5);
    await limiter.returnAll();
    expect(await stored(busy)).toBe(5);
    expect(limiter.size).toBe(0);
    expect(store.releases).toBe(2);
  });

  it('places of an ended window expire with it: the next window starts with the whole limit', async () => {
    const clock = new TestClock();
    const a = instance(clock);
    const b = instance(clock, otherDb);
    const key = bucket();
    const limit = 64;
    await sequential(a.limiter, key, limit, 4);
    const leased = await stored(key);
    expect(leased).toBeGreaterThan(4);
    expect(await sequential(b.limiter, key, limit, 100)).toBe(limit - leased);
    clock.advance(MINUTE);
    // A's unused places belonged to the old window; nothing is given back into the new one.
    await a.limiter.returnIdle();
    expect(a.store.releases).toBe(0);
    expect(await sequential(b.limiter, key, limit, 100)).toBe(limit);
    expect(await sequential(a.limiter, key, limit, 10)).toBe(0);
  });

  it('a window that rolls over while requests wait: the old window’s leftover never counts in the new one', async () => {
    const clock = new TestClock();
    const { limiter } = instance(clock);
    const key = bucket();
    await sequential(limiter, key, 3, 3);
    expect(await decide(limiter.hit(key, 3))).toBe(false);
    clock.advance(MINUTE);
    expect(await burst(limiter, key, 3, 10)).toBe(3);
    expect(await stored(key)).toBe(3);
  });

  it('keeps at most maxBuckets in memory; the oldest gives its places back', async () => {
    const clock = new TestClock();
    const store = new CountingStore(new FixedWindowCounter(testDatabase.database.db, MINUTE, clock.now));
    const limiter = new LeasedLimiter(store, { windowMs: MINUTE, now: clock.now, maxBuckets: 2 });
    const keys = [bucket(), bucket(), bucket()];
    for (const key of keys) await sequential(limiter, key, 1_000, 4);
    expect(limiter.size).toBe(2);
    // Evicted: back to what it used.
    await vitestSettled();
    expect(await stored(keys[0] ?? '')).toBe(4);
  });
});

/** Lets a give-back started without being awaited (eviction) reach the database. */
async function vitestSettled(): Promise<void> {
  for (let index = 0; index < 10; index += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('leased rate limit when the store fails', () => {
  const reservation = (hits: number): Reservation => ({
    key: 'k',
    windowStart: new Date(TestClock.START),
    hits,
  });

  it('every waiting request fails with the store error; the next request asks again', async () => {
    const clock = new TestClock();
    let fail = true;
    let takes = 0;
    const store: LeaseStore = {
      take: async (_bucket, count) => {
        takes += 1;
        if (fail) throw new Error('connection refused');
        return reservation(count);
      },
      release: async () => undefined,
    };
    const limiter = new LeasedLimiter(store, { windowMs: MINUTE, now: clock.now });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => limiter.hit('b', 10)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(5).fill('rejected'));
    expect(takes).toBe(1);
    fail = false;
    expect(await limiter.hit('b', 10)).toEqual({ admitted: true });
  });

  it('a failed give-back is reported and not retried: its places just stay counted', async () => {
    const clock = new TestClock();
    const errors: unknown[] = [];
    const store: LeaseStore = {
      take: async (_bucket, count) => reservation(count),
      release: () => Promise.reject(new Error('gone')),
    };
    const limiter = new LeasedLimiter(store, {
      windowMs: MINUTE,
      now: clock.now,
      onReturnError: (error) => errors.push(error),
    });
    // The second lease takes one place ahead: one unused to give back.
    for (let index = 0; index < 2; index += 1) await limiter.hit('b', 1_000);
    await limiter.returnAll();
    expect(errors).toHaveLength(1);
    expect(limiter.size).toBe(0);
  });

  it('a fractional limit counts whole places only (2.7 admits 2)', async () => {
    const asked: number[] = [];
    const store: LeaseStore = {
      take: async (_bucket, count) => {
        asked.push(count);
        return asked.reduce((sum, each) => sum + each, 0) <= 2 ? reservation(count) : null;
      },
      release: async () => undefined,
    };
    const limiter = new LeasedLimiter(store, { windowMs: MINUTE, now: new TestClock().now });
    const admitted: boolean[] = [];
    for (let index = 0; index < 4; index += 1) admitted.push(await decide(limiter.hit('b', 2.7)));
    expect(admitted).toEqual([true, true, false, false]);
    expect(asked.every(Number.isInteger)).toBe(true);
  });

  // [case, limit]: hostile or broken limits refuse and never reach the store with a bad count.
  it.each([
    ['zero', 0],
    ['negative', -5],
    ['a fraction below one', 0.5],
    ['NaN', Number.NaN],
    ['minus infinity', Number.NEGATIVE_INFINITY],
  ])('a limit of %s refuses without asking the store', async (_case, limit) => {
    const asked: number[] = [];
    const store: LeaseStore = {
      take: async (_bucket, count) => {
        asked.push(count);
        return null;
      },
      release: async () => undefined,
    };
    const limiter = new LeasedLimiter(store, { windowMs: MINUTE, now: new TestClock().now });
    expect(await decide(limiter.hit('b', limit))).toBe(false);
    expect(asked).toEqual([]);
  });
});
