import { RATE_LIMITER } from '@wps/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANCELED_ERROR } from './errors';
import { createRateLimiter } from './rateLimiter';

const { baseSpacingMs: BASE, perTrackedPathMs: PER_PATH, maxTrackedPaths: MAX } = RATE_LIMITER;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A limiter whose cleanup delay is the shortest (random 0 → 5 s) unless told otherwise. */
const limiter = (random = () => 0) => createRateLimiter({ random });

describe('rate limiter: spacing of one key', () => {
  it('lets the first request of a key go at once and spaces repeats by 120 ms', () => {
    const rl = limiter();
    expect(rl.reserve('/wps/a')).toBe(0);
    expect(rl.reserve('/wps/a')).toBe(BASE);
    expect(rl.reserve('/wps/a')).toBe(2 * BASE);
    vi.advanceTimersByTime(2 * BASE);
    expect(rl.reserve('/wps/a')).toBe(BASE); // the previous one starts now; this one a spacing later
  });

  it('starts a request at once when its key was last used more than a spacing ago', () => {
    const rl = limiter();
    rl.reserve('/wps/a');
    vi.advanceTimersByTime(BASE);
    expect(rl.reserve('/wps/a')).toBe(0);
  });

  it('keeps different queries apart: the key is the URL as sent', () => {
    const rl = limiter();
    expect(rl.reserve('/wps/relay/GCSGAME_gameList?category=1')).toBe(0);
    expect(rl.reserve('/wps/relay/GCSGAME_gameList?category=2')).toBe(0);
    expect(rl.reserve('/wps/relay/GCSGAME_gameList?category=1')).toBeGreaterThan(0);
  });

  it('acquire waits out the reserved time with timers', async () => {
    const rl = limiter();
    const started: number[] = [];
    const all = [0, 1, 2].map(() => rl.acquire('/wps/a').then(() => started.push(Date.now())));
    await vi.advanceTimersByTimeAsync(BASE - 1);
    expect(started).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, BASE]);
    await vi.advanceTimersByTimeAsync(BASE);
    await Promise.all(all);
    expect(started).toEqual([0, BASE, 2 * BASE]);
  });

  it('acquire rejects with canceled when the signal aborts while waiting', async () => {
    const rl = limiter();
    await rl.acquire('/wps/a');
    const controller = new AbortController();
    const waiting = rl.acquire('/wps/a', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ errorCode: CANCELED_ERROR });
  });
});

describe('rate limiter: spacing grows with the tracked keys', () => {
  it.each([0, 1, 3, 10])('with %i other keys tracked the spacing is 120 + 30 × that', (others) => {
    const rl = limiter();
    for (let index = 0; index < others; index++) rl.reserve(`/wps/other/${index}`);
    expect(rl.reserve('/wps/a')).toBe(0);
    expect(rl.reserve('/wps/a')).toBe(BASE + PER_PATH * others);
  });

  it('uses the count at the moment of each request', () => {
    const rl = limiter();
    rl.reserve('/wps/a'); // next /wps/a at 120 (no other key yet)
    rl.reserve('/wps/b');
    rl.reserve('/wps/c');
    expect(rl.reserve('/wps/a')).toBe(BASE); // starts at 120, sets the next at 120 + 180
    expect(rl.reserve('/wps/a')).toBe(BASE + BASE + 2 * PER_PATH);
  });
});

describe('rate limiter: caps', () => {
  it('tracks at most 100 keys, dropping the least recently used', () => {
    const rl = limiter();
    for (let index = 0; index < MAX; index++) rl.reserve(`/wps/p/${index}`);
    expect(rl.size()).toBe(MAX);
    rl.reserve('/wps/p/0'); // /wps/p/0 is now the most recently used; /wps/p/1 the least
    rl.reserve('/wps/new');
    expect(rl.size()).toBe(MAX);
    expect(rl.reserve('/wps/p/1')).toBe(0); // forgotten: goes at once
    expect(rl.reserve('/wps/p/0')).toBeGreaterThan(0); // still tracked
  });

  it('never spaces more than 120 + 30 × 99', () => {
    const rl = limiter();
    for (let index = 0; index < MAX + 20; index++) rl.reserve(`/wps/p/${index}`);
    expect(rl.spacing()).toBe(BASE + PER_PATH * (MAX - 1));
    rl.reserve('/wps/x');
    expect(rl.reserve('/wps/x')).toBe(BASE + PER_PATH * (MAX - 1));
  });

  it('cuts keys to 200 characters', () => {
    const rl = limiter();
    const head = `/wps/${'a'.repeat(RATE_LIMITER.pathKeyMaxLength - 5)}`;
    expect(head).toHaveLength(200);
    expect(rl.keyOf(`${head}?x=1`)).toBe(head);
    rl.reserve(`${head}?first`);
    expect(rl.reserve(`${head}?second`)).toBe(BASE); // same key
    expect(rl.size()).toBe(1);
  });
});

describe('rate limiter: cleanup of idle keys', () => {
  it('runs after a random 5–30 s delay and drops keys whose next start has passed', () => {
    const rl = limiter(() => 0);
    rl.reserve('/wps/a');
    rl.reserve('/wps/b');
    rl.reserve('/wps/b'); // /wps/b busy until 120 + 150 + 150
    expect(rl.size()).toBe(2);
    vi.advanceTimersByTime(RATE_LIMITER.cleanupMinMs - 1);
    expect(rl.size()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(rl.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0); // nothing tracked: no timer left running
  });

  it('keeps a key whose reservation lies beyond the cleanup', () => {
    const rl = limiter(() => 0);
    for (let index = 0; index < 60; index++) rl.reserve('/wps/busy'); // ~60 spacings ahead
    rl.reserve('/wps/idle');
    vi.advanceTimersByTime(RATE_LIMITER.cleanupMinMs);
    expect(rl.size()).toBe(1);
    expect(vi.getTimerCount()).toBe(1); // re-armed while something is tracked
  });

  it('waits up to 30 s when the random draw is at the top of the range', () => {
    const rl = limiter(() => 0.999_999_9);
    rl.reserve('/wps/a');
    vi.advanceTimersByTime(RATE_LIMITER.cleanupMaxMs - 1);
    expect(rl.size()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(rl.size()).toBe(0);
  });

  it('makes room: after a cleanup the spacing of a busy key shrinks again', () => {
    const rl = limiter(() => 0);
    for (let index = 0; index < 10; index++) rl.reserve(`/wps/once/${index}`);
    expect(rl.spacing()).toBe(BASE + PER_PATH * 10);
    vi.advanceTimersByTime(RATE_LIMITER.cleanupMinMs);
    expect(rl.spacing()).toBe(BASE);
  });

  it('reset forgets every key and stops the timer', () => {
    const rl = limiter();
    rl.reserve('/wps/a');
    rl.reset();
    expect(rl.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
