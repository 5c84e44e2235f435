import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/index.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { FixedWindowCounter } from './fixed-window-counter.js';

describe.each(backends)('namespaced fixed-window counters (%s)', (backend) => {
  const t = useTestApp(backend);

  it('peek reads without counting; each sweep keeps to its own rows', async () => {
    const clock = new TestClock();
    const perMinute = new FixedWindowCounter(t.db, MINUTE, clock.now);
    const perQuarter = new FixedWindowCounter(t.db, 15 * MINUTE, clock.now, 'login');
    await perMinute.hit('203.0.113.1 GET /x');
    await perQuarter.hit('account 1 demo');
    await perQuarter.hit('account 1 demo');
    expect(await perQuarter.peek('account 1 demo')).toBe(2);
    expect(await perQuarter.peek('account 1 demo')).toBe(2);
    expect(await perQuarter.peek('account 1 nobody')).toBe(0);

    clock.advance(2 * MINUTE);
    await perMinute.sweep();
    // The minute counter's sweep leaves the quarter-hour window, still running, alone.
    expect(await perQuarter.peek('account 1 demo')).toBe(2);
    const buckets = (await t.db.select({ bucket: rateLimits.bucket }).from(rateLimits)).map(
      (row) => row.bucket,
    );
    expect(buckets).toContain('#login:account 1 demo');
    expect(buckets).not.toContain('203.0.113.1 GET /x');

    clock.advance(15 * MINUTE);
    expect(await perQuarter.peek('account 1 demo')).toBe(0);
    await perQuarter.sweep();
    const left = await t.db.select({ bucket: rateLimits.bucket }).from(rateLimits);
    expect(left.map((row) => row.bucket)).not.toContain('#login:account 1 demo');
  });
});

describe.each(backends)('reserving attempts under a limit (%s)', (backend) => {
  const t = useTestApp(backend);
  const LIMIT = 3;
  let serial = 0;
  const bucket = () => {
    serial += 1;
    return `reserve ${serial}`;
  };

  // [case, reservations before, whether the next one is granted, the count after]
  it.each([
    ['limit-1 taken: the last one is granted', LIMIT - 1, true, LIMIT],
    ['limit taken: refused, nothing counted', LIMIT, false, LIMIT],
    ['limit+1 asked: still refused', LIMIT + 1, false, LIMIT],
  ] as const)('%s', async (_case, before, granted, after) => {
    const clock = new TestClock();
    const counter = new FixedWindowCounter(t.db, 15 * MINUTE, clock.now, 'attempts');
    const key = bucket();
    for (let index = 0; index < before; index += 1) await counter.reserve(key, LIMIT);
    expect((await counter.reserve(key, LIMIT)) !== null).toBe(granted);
    expect(await counter.peek(key)).toBe(after);
  });

  it('a released reservation gives its place back, in its own window only', async () => {
    const clock = new TestClock();
    const counter = new FixedWindowCounter(t.db, 15 * MINUTE, clock.now, 'attempts');
    const key = bucket();
    const first = await counter.reserve(key, 2);
    const second = await counter.reserve(key, 2);
    expect(await counter.reserve(key, 2)).toBeNull();
    if (first === null || second === null) throw new Error('expected two reservations');
    await counter.release(first);
    expect(await counter.reserve(key, 2)).not.toBeNull();
    // A reservation of an ended window never lowers the count of the next one.
    clock.advance(15 * MINUTE);
    expect(await counter.reserve(key, 2)).not.toBeNull();
    await counter.release(second);
    expect(await counter.peek(key)).toBe(1);
    // The window turned: the limit applies afresh.
    expect(await counter.reserve(key, 2)).not.toBeNull();
    expect(await counter.reserve(key, 2)).toBeNull();
  });

  it('30 reservations at once: exactly the limit granted', async () => {
    const clock = new TestClock();
    const counter = new FixedWindowCounter(t.db, 15 * MINUTE, clock.now, 'attempts');
    const key = bucket();
    const granted = await Promise.all(Array.from({ length: 30 }, () => counter.reserve(key, 5)));
    expect(granted.filter((each) => each !== null)).toHaveLength(5);
    expect(await counter.peek(key)).toBe(5);
  });
});

// Two instances share one PostgreSQL; an in-memory PGlite belongs to one process.
describe.each(backends.filter((backend) => backend === 'postgres'))(
  'counters of two instances on one database (%s)',
  (backend) => {
    const t = useTestApp(backend);
    let sequence = 0;
    const bucket = () => `two-instances ${(sequence += 1)}`;

    it('30 reservations at once from two instances: exactly the limit granted', async () => {
      const clock = new TestClock();
      const other = await t.testDatabase.openAnother();
      const counters = [t.db, other.db].map(
        (db) => new FixedWindowCounter(db, 15 * MINUTE, clock.now, 'attempts'),
      );
      const key = bucket();
      const granted = await Promise.all(
        Array.from({ length: 30 }, (_, index) => counters[index % 2]?.reserve(key, 5) ?? null),
      );
      expect(granted.filter((each) => each !== null && each !== undefined)).toHaveLength(5);
    });
  },
);
