import { DemoGamePath } from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import type { WpsFailure } from '@wps/contract/envelope';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { FixedWindowCounter } from '../services/rate-limit/fixed-window-counter.js';
import { MINUTE, TestClock } from '../test/clock.js';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';
import { useSharedApps } from '../test/shared-apps.js';
import { backends, prepareTestDatabase, testConfig, useTestApp } from '../test/test-app.js';

const LIMITS = { rateLimit: { getPerMinute: 3, postPerMinute: 2, beaconPerMinute: 5 } };
const STATUS = `${endpoints.status.path}?device=MOBILE`;

function get(app: FastifyInstance, url: string, ip: string) {
  return app.inject({ url, remoteAddress: ip });
}

function post(app: FastifyInstance, ip: string) {
  return app.inject({ method: 'POST', url: endpoints.logout.path, remoteAddress: ip, payload: {} });
}

function beacon(app: FastifyInstance, ip: string) {
  return app.inject({
    method: 'POST',
    url: endpoints.collect.path,
    remoteAddress: ip,
    payload: { value: 'x' },
  });
}

function ping(app: FastifyInstance, ip: string) {
  return app.inject({ url: endpoints.ping.path, remoteAddress: ip });
}

async function statuses(calls: (() => Promise<{ statusCode: number }>)[]): Promise<number[]> {
  const codes: number[] = [];
  for (const call of calls) codes.push((await call()).statusCode);
  return codes;
}

async function rowCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rateLimits);
  return row?.n ?? 0;
}

describe.each(backends)('rate limit per client and route (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { config: LIMITS, now: clock.now, webDist: true });

  it('allows N GETs a minute, then answers 429 TOO_MANY_REQUEST with Retry-After', async () => {
    clock.advance(15_000);
    const ip = '203.0.113.1';
    expect(await statuses([1, 2, 3].map(() => () => get(t.app, STATUS, ip)))).toEqual([200, 200, 200]);
    const refused = await get(t.app, STATUS, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json()).toEqual({
      success: false,
      errorCode: ErrorCode.TOO_MANY_REQUEST,
      message: expect.any(String),
    });
  });

  it('limits POSTs separately and lower, before the body is read', async () => {
    const ip = '203.0.113.2';
    const codes = await statuses([1, 2, 3].map(() => () => post(t.app, ip)));
    expect(codes.map((code) => code === 429)).toEqual([false, false, true]);
    expect((await get(t.app, STATUS, ip)).statusCode).toBe(200);
  });

  // A beacon's sender never sees the answer (sendBeacon says only that it was queued), so a refused
  // marketing event is lost: the many members behind one carrier address must not reach the limit
  // of a form post.
  it.each([
    ['collect beacons', beacon],
    ['ping fallbacks', ping],
  ])('admits %s up to their own, higher limit, then 429', async (_label, send) => {
    const ip = send === beacon ? '203.0.113.20' : '203.0.113.21';
    expect(await statuses([1, 2, 3, 4, 5, 6].map(() => () => send(t.app, ip)))).toEqual([
      200, 200, 200, 200, 200, 429,
    ]);
    expect((await post(t.app, ip)).statusCode).not.toBe(429);
  });

  it('counts each route and each ip on its own', async () => {
    const ip = '203.0.113.3';
    await statuses([1, 2, 3, 4].map(() => () => get(t.app, STATUS, ip)));
    expect((await get(t.app, STATUS, ip)).statusCode).toBe(429);
    expect((await get(t.app, `${endpoints.sessionKey.path}?_=1`, ip)).statusCode).toBe(200);
    expect((await get(t.app, endpoints.country.path, ip)).statusCode).toBe(200);
    expect((await get(t.app, STATUS, '203.0.113.4')).statusCode).toBe(200);
    expect((await get(t.app, STATUS, '2001:db8::1')).statusCode).toBe(200);
  });

  it('counts an ip the same over IPv4 and IPv4-mapped IPv6', async () => {
    const codes = await statuses([
      () => get(t.app, STATUS, '198.51.100.7'),
      () => get(t.app, STATUS, '::ffff:198.51.100.7'),
      () => get(t.app, STATUS, '198.51.100.7'),
      () => get(t.app, STATUS, '::ffff:198.51.100.7'),
    ]);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('keys on the route, not the query string', async () => {
    const ip = '203.0.113.5';
    const codes = await statuses(
      [1, 2, 3, 4].map((n) => () => get(t.app, `${endpoints.sessionKey.path}?_=${n}`, ip)),
    );
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('puts every path without a route in one bucket, so made-up paths add no rows', async () => {
    const ip = '203.0.113.6';
    const before = await rowCount(t.db);
    const codes = await statuses([1, 2, 3, 4].map((n) => () => get(t.app, `/wps/made-up-${n}`, ip)));
    expect(codes).toEqual([404, 404, 404, 429]);
    expect(await rowCount(t.db)).toBe(before + 1);
  });

  it('starts again in the next window', async () => {
    const ip = '203.0.113.8';
    await statuses([1, 2, 3].map(() => () => get(t.app, STATUS, ip)));
    expect((await get(t.app, STATUS, ip)).statusCode).toBe(429);
    clock.advance(MINUTE);
    expect(await statuses([1, 2, 3, 4].map(() => () => get(t.app, STATUS, ip)))).toEqual([
      200, 200, 200, 429,
    ]);
  });

  it('never limits the app under /m/ or its static files', async () => {
    const ip = '203.0.113.9';
    const codes = await statuses(
      [1, 2, 3, 4, 5].flatMap(() => [
        () => get(t.app, '/m/home', ip),
        () => get(t.app, '/m/favicon.svg', ip),
      ]),
    );
    expect(codes.every((code) => code === 200)).toBe(true);
  });

  it("limits the demo game's API like /wps, answering in its envelope", async () => {
    const ip = '203.0.113.11';
    const round = () =>
      t.app.inject({
        method: 'POST',
        url: DemoGamePath.round,
        remoteAddress: ip,
        payload: { picks: [1, 2, 3], stake: 10 },
      });
    const codes = await statuses([round, round]);
    // Refused for lack of a game session, not for the rate: then the third is over the limit.
    expect(codes.every((code) => code >= 400 && code < 500 && code !== 429)).toBe(true);
    const refused = await round();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ success: false, errorCode: ErrorCode.TOO_MANY_REQUEST });
  });

  it("never limits the demo game's page and files", async () => {
    const ip = '203.0.113.12';
    const codes = await statuses([1, 2, 3, 4, 5].map(() => () => get(t.app, DemoGamePath.page, ip)));
    expect(codes).toEqual([200, 200, 200, 200, 200]);
  });

  it('sweeps the rows of ended windows', async () => {
    await get(t.app, STATUS, '203.0.113.10');
    expect(await rowCount(t.db)).toBeGreaterThan(0);
    const counter = new FixedWindowCounter(t.db, MINUTE, clock.now);
    await counter.hit('kept');
    clock.advance(MINUTE);
    await counter.hit('current');
    await counter.sweep();
    const rows = await t.db.select({ bucket: rateLimits.bucket }).from(rateLimits);
    expect(rows.map((row) => row.bucket)).toEqual(['current']);
  });
});

describe.each(backends)('rate-limit counter windows (%s)', (backend) => {
  const t = useTestApp(backend);

  it('a hit stamped with an older window (a lagging clock) does not reset a newer count', async () => {
    const ahead = new FixedWindowCounter(t.db, MINUTE, () => TestClock.START + MINUTE);
    const behind = new FixedWindowCounter(t.db, MINUTE, () => TestClock.START + MINUTE - 1);
    expect((await ahead.hit('skew')).hits).toBe(1);
    expect(await behind.hit('skew')).toEqual({ hits: 2, resetAt: TestClock.START + 2 * MINUTE });
    expect((await ahead.hit('skew')).hits).toBe(3);
  });
});

// Instances share counters only through a shared PostgreSQL; an in-memory PGlite has one instance.
const sharedBackends = backends.filter((backend) => backend === 'postgres');

describe.each(sharedBackends)('rate limit across instances (%s)', (backend) => {
  const clock = new TestClock();
  const shared = useSharedApps(backend, 2, { config: LIMITS, now: clock.now });

  it('two instances on one database share the count', async () => {
    const ip = '192.0.2.50';
    const [a, b] = shared.apps;
    if (a === undefined || b === undefined) throw new Error('two apps expected');
    const codes = await statuses([a, b, a, b].map((app) => () => get(app, STATUS, ip)));
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await get(a, STATUS, ip);
    expect((refused.json() as WpsFailure).errorCode).toBe(ErrorCode.TOO_MANY_REQUEST);
  });

  it('concurrent requests on both instances are all counted', async () => {
    const ip = '192.0.2.51';
    const responses = await Promise.all(
      [...shared.apps, ...shared.apps, ...shared.apps].map((app) => get(app, STATUS, ip)),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
  });
});

/** The stored count of a GET bucket (what every instance together has taken). */
async function storedHits(db: Db, ip: string, route: string): Promise<number> {
  const rows = await db.select({ bucket: rateLimits.bucket, hits: rateLimits.hits }).from(rateLimits);
  return rows.find((row) => row.bucket === `${ip} GET ${route}`)?.hits ?? 0;
}

// A limit big enough that blocks are leased ahead of demand (40 / 16 = 2 at a time).
const LEASED = { rateLimit: { getPerMinute: 40, postPerMinute: 40, beaconPerMinute: 40 } };

describe.each(backends)('rate limit with leased blocks, one instance (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { config: LEASED, now: clock.now });

  it('a burst of 100 at once: exactly the limit admitted, the rest 429 with Retry-After', async () => {
    const ip = '198.51.100.40';
    const responses = await Promise.all(Array.from({ length: 100 }, () => get(t.app, STATUS, ip)));
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(40);
    expect(codes.filter((code) => code === 429)).toHaveLength(60);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(refused.headers['retry-after']).toBe('60');
    }
    // Refusals are not counted: the window holds what was admitted.
    expect(await storedHits(t.db, ip, endpoints.status.path)).toBe(40);
  });

  it('one at a time: exactly the limit, then 429 until the window turns', async () => {
    const ip = '198.51.100.41';
    const codes = await statuses(Array.from({ length: 45 }, () => () => get(t.app, STATUS, ip)));
    expect(codes.filter((code) => code === 200)).toHaveLength(40);
    expect(codes.slice(40)).toEqual([429, 429, 429, 429, 429]);
    clock.advance(MINUTE);
    expect((await get(t.app, STATUS, ip)).statusCode).toBe(200);
  });
});

describe.each(sharedBackends)('rate limit with leased blocks, two instances (%s)', (backend) => {
  const clock = new TestClock();
  let testDatabase: TestDatabase;
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    testDatabase = await createTestDatabase(backend);
    const config = testConfig(LEASED);
    await prepareTestDatabase(testDatabase.database, config, clock.now);
    const databases = [testDatabase.database, await testDatabase.openAnother()];
    apps = await Promise.all(
      databases.map((database) => buildApp({ config, database, cacheTtlMs: 0, now: clock.now })),
    );
    await Promise.all(apps.map((app) => app.ready()));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await testDatabase.dispose();
  });

  it('bursts on both at once never admit more than the limit; closing gives the unused places back', async () => {
    const ip = '198.51.100.42';
    const [a, b] = apps;
    if (a === undefined || b === undefined) throw new Error('two apps expected');
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, index) => get(index % 2 === 0 ? a : b, STATUS, ip)),
    );
    const admitted = responses.filter((response) => response.statusCode === 200).length;
    expect(admitted).toBeLessThanOrEqual(40);
    // Each instance may hold at most 40 / 16 = 2 places leased ahead and unused.
    expect(admitted).toBeGreaterThanOrEqual(40 - 2 * 2);
    await Promise.all(apps.map((app) => app.close()));
    expect(await storedHits(testDatabase.database.db, ip, endpoints.status.path)).toBe(admitted);
  });
});
