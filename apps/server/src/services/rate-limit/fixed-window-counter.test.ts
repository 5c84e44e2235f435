import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema.js';
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
