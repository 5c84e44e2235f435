import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock.js';
import { testKey, TestJwksServer, type TestKey } from '../../../test/firebase-tokens.js';
import { KeySetUnavailable, maxAgeMs, RemoteKeySet } from './jwks.js';

describe('Cache-Control max-age', () => {
  it.each([
    ['public, max-age=19485, must-revalidate, no-transform', 19_485_000],
    ['max-age=0', 0],
    ['MAX-AGE=60', 60_000],
    ['max-age="30"', 30_000],
    ['no-store', 0],
    ['public, no-cache', 0],
    ['s-maxage=60', null],
    ['max-age=abc', null],
    ['max-age=-5', null],
    ['', null],
    [null, null],
  ])('%j → %j ms', (header, expected) => {
    expect(maxAgeMs(header)).toBe(expected);
  });
});

describe('the remote key set', () => {
  const server = new TestJwksServer();
  let first: TestKey;
  let second: TestKey;

  beforeAll(async () => {
    await server.start();
    [first, second] = await Promise.all([testKey('kid-1'), testKey('kid-2')]);
  });
  afterAll(() => server.stop());

  const fresh = (clock: TestClock) => {
    server.requests = 0;
    server.status = 200;
    server.maxAgeS = 600;
    server.keys = [first.publicJwk];
    return new RemoteKeySet(server.url, { now: clock.now, refreshIntervalMs: 30_000 });
  };

  it('shares one fetch among concurrent verifications and keeps the keys for max-age', async () => {
    const clock = new TestClock();
    const keys = fresh(clock);
    const resolved = await Promise.all(
      Array.from({ length: 8 }, () => keys.resolve({ alg: 'RS256', kid: 'kid-1' })),
    );
    expect(resolved).toHaveLength(8);
    expect(server.requests).toBe(1);
    clock.advance(599_000);
    await keys.resolve({ alg: 'RS256', kid: 'kid-1' });
    expect(server.requests).toBe(1);
    clock.advance(1_000);
    await keys.resolve({ alg: 'RS256', kid: 'kid-1' });
    expect(server.requests).toBe(2);
  });

  it('refetches for an unknown kid at most once per interval (rotation found, made-up kids cheap)', async () => {
    const clock = new TestClock();
    const keys = fresh(clock);
    await keys.resolve({ alg: 'RS256', kid: 'kid-1' });
    clock.advance(31_000);
    server.keys = [first.publicJwk, second.publicJwk];
    await expect(keys.resolve({ alg: 'RS256', kid: 'kid-2' })).resolves.toBeDefined();
    expect(server.requests).toBe(2);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(keys.resolve({ alg: 'RS256', kid: `made-up-${attempt}` })).rejects.toThrow();
    }
    expect(server.requests).toBe(2);
    clock.advance(30_000);
    await expect(keys.resolve({ alg: 'RS256', kid: 'made-up' })).rejects.toThrow();
    expect(server.requests).toBe(3);
  });

  it.each([
    ['a failing key server', 503],
    ['a key server answering 404', 404],
  ])('reports %s as unavailable, not as a bad token', async (_name, status) => {
    const clock = new TestClock();
    const keys = fresh(clock);
    server.status = status;
    await expect(keys.resolve({ alg: 'RS256', kid: 'kid-1' })).rejects.toBeInstanceOf(KeySetUnavailable);
  });

  it('keeps using the keys it holds while the key server is out, and refetches after the interval', async () => {
    const clock = new TestClock();
    const keys = fresh(clock);
    await keys.resolve({ alg: 'RS256', kid: 'kid-1' });
    server.status = 503;
    clock.advance(600_000);
    await expect(keys.resolve({ alg: 'RS256', kid: 'kid-1' })).resolves.toBeDefined();
    expect(server.requests).toBe(2);
    await expect(keys.resolve({ alg: 'RS256', kid: 'kid-1' })).resolves.toBeDefined();
    expect(server.requests).toBe(2);
    clock.advance(30_000);
    await expect(keys.resolve({ alg: 'RS256', kid: 'kid-1' })).resolves.toBeDefined();
    expect(server.requests).toBe(3);
    server.status = 200;
    server.keys = [second.publicJwk];
    clock.advance(30_000);
    await expect(keys.resolve({ alg: 'RS256', kid: 'kid-2' })).resolves.toBeDefined();
    await expect(keys.resolve({ alg: 'RS256', kid: 'kid-1' })).rejects.toThrow();
  });

  it('reports an unreachable key server as unavailable', async () => {
    const clock = new TestClock();
    const keys = new RemoteKeySet('http://127.0.0.1:1/keys', { now: clock.now, timeoutMs: 2_000 });
    await expect(keys.resolve({ alg: 'RS256', kid: 'kid-1' })).rejects.toBeInstanceOf(KeySetUnavailable);
  });
});
