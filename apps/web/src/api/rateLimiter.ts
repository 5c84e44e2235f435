import { RATE_LIMITER } from '@wps/contract/constants';
import { CANCELED_ERROR, WpsError } from './errors';

/**
 * Spacing of GET /wps/* requests (spec sections 7 and 9), so a screen that re-renders in a loop or
 * a member who taps repeatedly cannot flood one call.
 *
 * What "per path" means here, exactly:
 *
 * - The key of a request is its URL as sent — path and query, sensitive parameters already
 *   removed — cut to the first 200 characters. Two GETs of the same path with a different query
 *   are different keys and do not wait for each other; repeats of the same request do.
 * - The limiter remembers, per key, the earliest time the next request with that key may start.
 *   A request whose key is not tracked, or whose time has come, starts at once; otherwise it waits
 *   until that time. Reservations are made in call order, so waiting requests keep their order.
 * - Each request pushes its key's next start to `its own start + spacing`, where
 *   `spacing = 120 ms + 30 ms × (number of other keys tracked at that moment)`: the busier the app,
 *   the wider the spacing of each repeated call.
 * - At most 100 keys are tracked; tracking a new one drops the least recently used.
 * - A key is idle once its next start has passed (a new request would start at once anyway). A
 *   cleanup timer, re-armed after each run at a random delay between 5 and 30 s, drops idle keys so
 *   they stop widening the spacing of the others. It runs only while some key is tracked.
 */

export interface RateLimiterOptions {
  now?: () => number;
  /** A number in [0, 1): picks each cleanup delay. */
  random?: () => number;
}

export interface RateLimiter {
  /** The key a URL is tracked under. */
  keyOf: (url: string) => string;
  /** Reserves the next start for `url` and answers how many milliseconds to wait before sending. */
  reserve: (url: string) => number;
  /** Reserves and waits; rejects with a `canceled` WpsError when `signal` aborts first. */
  acquire: (url: string, signal?: AbortSignal) => Promise<void>;
  /** How many keys are tracked. */
  size: () => number;
  /** The spacing the next request with a new key would set. */
  spacing: () => number;
  /** Drops idle keys now (the timer calls this); answers how many were dropped. */
  cleanup: () => number;
  /** Forgets everything and stops the timer. */
  reset: () => void;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  /** Key → earliest next start; Map order is least recently used first. */
  const nextStart = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;

  const keyOf = (url: string) => url.slice(0, RATE_LIMITER.pathKeyMaxLength);
  const spacingFor = (others: number) => RATE_LIMITER.baseSpacingMs + RATE_LIMITER.perTrackedPathMs * others;

  function cleanup(): number {
    const time = now();
    let dropped = 0;
    for (const [key, at] of nextStart) {
      if (at <= time) {
        nextStart.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  function armCleanup(): void {
    if (timer !== null) return;
    const { cleanupMinMs, cleanupMaxMs } = RATE_LIMITER;
    const delay = cleanupMinMs + Math.floor(random() * (cleanupMaxMs - cleanupMinMs + 1));
    timer = setTimeout(() => {
      timer = null;
      cleanup();
      if (nextStart.size > 0) armCleanup();
    }, delay);
  }

  function reserve(url: string): number {
    const key = keyOf(url);
    const time = now();
    const previous = nextStart.get(key);
    nextStart.delete(key); // re-inserted below as the most recently used
    while (nextStart.size >= RATE_LIMITER.maxTrackedPaths) {
      const oldest = nextStart.keys().next().value;
      if (oldest === undefined) break;
      nextStart.delete(oldest);
    }
    const start = Math.max(time, previous ?? time);
    // Every key still in the map is another tracked key.
    nextStart.set(key, start + spacingFor(nextStart.size));
    armCleanup();
    return start - time;
  }

  function acquire(url: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(canceled());
    const wait = reserve(url);
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(sleeping);
        reject(canceled());
      };
      const sleeping = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, wait);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    keyOf,
    reserve,
    acquire,
    size: () => nextStart.size,
    spacing: () => spacingFor(Math.min(nextStart.size, RATE_LIMITER.maxTrackedPaths - 1)),
    cleanup,
    reset() {
      nextStart.clear();
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

function canceled(): WpsError {
  return new WpsError(0, CANCELED_ERROR, 'request canceled');
}
