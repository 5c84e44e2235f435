import { EXPIRING_CACHE } from '@wps/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExpiringCache, createSharedLoader } from './expiringCache';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

const keys = (cache: ReturnType<typeof createExpiringCache<number>>, names: string[]) =>
  names.filter((name) => cache.lookup(name) !== undefined);

describe('expiring cache', () => {
  it('keeps an entry for the default 180 s', () => {
    const cache = createExpiringCache<string>();
    cache.set('a', 'A');
    vi.advanceTimersByTime(EXPIRING_CACHE.defaultTtlMs - 1);
    expect(cache.lookup('a')).toEqual({ value: 'A' });
    vi.advanceTimersByTime(1);
    expect(cache.lookup('a')).toBeUndefined();
  });

  it('honours a ttl per entry and caches null as a hit', () => {
    const cache = createExpiringCache<string | null>();
    cache.set('short', null, 1_000);
    expect(cache.lookup('short')).toEqual({ value: null });
    vi.advanceTimersByTime(1_000);
    expect(cache.lookup('short')).toBeUndefined();
  });

  it('holds at most 30 entries: the 31st evicts the oldest 20 % (6)', () => {
    const cache = createExpiringCache<number>();
    const names = Array.from({ length: 31 }, (_, index) => `k${index}`);
    names.slice(0, 30).forEach((name, index) => cache.set(name, index));
    expect(cache.size()).toBe(EXPIRING_CACHE.maxEntries);
    cache.set('k30', 30);
    expect(cache.size()).toBe(25);
    expect(keys(cache, names)).toEqual(names.slice(6));
  });

  it('rounds the 20 % up', () => {
    const cache = createExpiringCache<number>({ maxEntries: 7 }); // 1.4 → 2
    for (let index = 0; index < 8; index++) cache.set(`k${index}`, index);
    expect(cache.size()).toBe(6);
  });

  it('drops expired entries before evicting live ones', () => {
    const cache = createExpiringCache<number>();
    cache.set('old', 0, 1_000);
    for (let index = 1; index < 30; index++) cache.set(`k${index}`, index);
    vi.advanceTimersByTime(1_000);
    cache.set('new', 30);
    expect(cache.size()).toBe(30);
    expect(cache.lookup('k1')).toEqual({ value: 1 });
  });

  it('counts age by insertion: setting a key again makes it the newest', () => {
    const cache = createExpiringCache<number>();
    for (let index = 0; index < 30; index++) cache.set(`k${index}`, index);
    cache.set('k0', 100);
    cache.set('k30', 30);
    expect(cache.lookup('k0')).toEqual({ value: 100 });
    expect(cache.lookup('k1')).toBeUndefined();
  });

  it('cleans expired entries every 5 minutes, and stops its timer when empty', () => {
    const cache = createExpiringCache<number>();
    cache.set('a', 1, 60_000);
    cache.set('b', 2, 10 * 60_000);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(EXPIRING_CACHE.cleanupIntervalMs - 1);
    expect(cache.size()).toBe(2); // expired, but the cleanup has not run yet
    vi.advanceTimersByTime(1);
    expect(cache.size()).toBe(1);
    vi.advanceTimersByTime(EXPIRING_CACHE.cleanupIntervalMs);
    expect(cache.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('shared loader (in-flight sharing)', () => {
  it('lets concurrent loads of one key share one request, then answers from the cache', async () => {
    const loader = createSharedLoader(createExpiringCache<string>());
    const load = vi.fn(() => new Promise<string>((resolve) => setTimeout(() => resolve('value'), 50)));
    const first = loader.load('k', load);
    const second = loader.load('k', load);
    expect(loader.inFlight()).toBe(1);
    await vi.advanceTimersByTimeAsync(50);
    await expect(Promise.all([first, second])).resolves.toEqual(['value', 'value']);
    await expect(loader.load('k', load)).resolves.toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not cache failures, and shares the failure with every waiting caller', async () => {
    const loader = createSharedLoader(createExpiringCache<string>());
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    const results = await Promise.allSettled([loader.load('k', failing), loader.load('k', failing)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(loader.inFlight()).toBe(0);
    await expect(loader.load('k', () => Promise.resolve('up'))).resolves.toBe('up');
  });

  it('survives a loader that throws at once', async () => {
    const loader = createSharedLoader(createExpiringCache<string>());
    await expect(
      loader.load('k', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(loader.inFlight()).toBe(0);
  });

  it('keeps the answer of a load that started before clear out of the cache', async () => {
    const cache = createExpiringCache<string>();
    const loader = createSharedLoader(cache);
    const pending = loader.load('k', () => Promise.resolve('old session'));
    loader.clear();
    await pending;
    expect(cache.lookup('k')).toBeUndefined();
  });

  it('uses the ttl given per load', async () => {
    const cache = createExpiringCache<string>();
    const loader = createSharedLoader(cache);
    await loader.load('k', () => Promise.resolve('v'), 1_000);
    vi.advanceTimersByTime(1_000);
    expect(cache.lookup('k')).toBeUndefined();
  });
});
