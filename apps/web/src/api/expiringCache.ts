import { EXPIRING_CACHE } from '@wps/contract/constants';

/**
 * The expiring cache of spec section 9: entries live 180 s unless set with another ttl; at most 30
 * entries; a cleanup every 5 minutes drops the expired ones.
 *
 * When a `set` takes the cache over 30 entries, the expired entries go first; if it is still over,
 * the oldest entries go — 20 % of the limit, rounded up (6 of 30) — so the cache does not evict on
 * every later insertion. "Oldest" is by insertion: setting a key again makes it the newest. The
 * cleanup timer runs only while the cache holds entries.
 */

export interface ExpiringCacheOptions {
  defaultTtlMs?: number;
  maxEntries?: number;
  cleanupIntervalMs?: number;
  evictFraction?: number;
  now?: () => number;
}

export interface ExpiringCache<V> {
  /** The live entry of `key` (wrapped, so a cached `null` is still a hit), or undefined. */
  lookup: (key: string) => { value: V } | undefined;
  set: (key: string, value: V, ttlMs?: number) => void;
  delete: (key: string) => void;
  clear: () => void;
  /** Entries held, expired ones not yet cleaned included. */
  size: () => number;
  /** Drops the expired entries now; answers how many. */
  cleanup: () => number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export function createExpiringCache<V>(options: ExpiringCacheOptions = {}): ExpiringCache<V> {
  const defaultTtlMs = options.defaultTtlMs ?? EXPIRING_CACHE.defaultTtlMs;
  const maxEntries = options.maxEntries ?? EXPIRING_CACHE.maxEntries;
  const cleanupIntervalMs = options.cleanupIntervalMs ?? EXPIRING_CACHE.cleanupIntervalMs;
  const evictCount = Math.ceil(maxEntries * (options.evictFraction ?? EXPIRING_CACHE.evictFraction));
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, Entry<V>>();
  let timer: ReturnType<typeof setInterval> | null = null;

  function stopTimerWhenEmpty(): void {
    if (entries.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  function cleanup(): number {
    const time = now();
    let dropped = 0;
    for (const [key, entry] of entries) {
      if (entry.expiresAt <= time) {
        entries.delete(key);
        dropped += 1;
      }
    }
    stopTimerWhenEmpty();
    return dropped;
  }

  return {
    lookup(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        stopTimerWhenEmpty();
        return undefined;
      }
      return { value: entry.value };
    },
    set(key, value, ttlMs = defaultTtlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      if (entries.size > maxEntries) cleanup();
      if (entries.size > maxEntries) {
        let evicted = 0;
        for (const oldest of entries.keys()) {
          if (evicted === evictCount) break;
          entries.delete(oldest);
          evicted += 1;
        }
      }
      timer ??= setInterval(cleanup, cleanupIntervalMs);
    },
    delete(key) {
      entries.delete(key);
      stopTimerWhenEmpty();
    },
    clear() {
      entries.clear();
      stopTimerWhenEmpty();
    },
    size: () => entries.size,
    cleanup,
  };
}

/**
 * Loads through an expiring cache, and lets concurrent loads of one key share one request: the
 * second caller gets the first caller's promise. Failures are not cached. `clear` also makes the
 * answers of loads already running stay out of the cache (they started under the old session).
 */
export interface SharedLoader<V> {
  load: (key: string, loader: () => Promise<V>, ttlMs?: number) => Promise<V>;
  clear: () => void;
  inFlight: () => number;
}

export function createSharedLoader<V>(cache: ExpiringCache<V>): SharedLoader<V> {
  const inFlight = new Map<string, Promise<V>>();
  let generation = 0;
  return {
    load(key, loader, ttlMs) {
      const hit = cache.lookup(key);
      if (hit) return Promise.resolve(hit.value);
      const running = inFlight.get(key);
      if (running) return running;
      const started = generation;
      const settle = () => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      };
      // The callbacks run after `promise` is assigned, even when `loader` throws at once.
      const promise: Promise<V> = Promise.resolve()
        .then(loader)
        .then(
          (value) => {
            settle();
            if (started === generation) cache.set(key, value, ttlMs);
            return value;
          },
          (error: unknown) => {
            settle();
            throw error;
          },
        );
      inFlight.set(key, promise);
      return promise;
    },
    clear() {
      generation += 1;
      inFlight.clear();
      cache.clear();
    },
    inFlight: () => inFlight.size,
  };
}
