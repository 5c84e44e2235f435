import { CONCURRENCY } from '@wps/contract/constants';
import { GAME_LIST_PATH } from '@wps/contract/endpoints';
import { pathOf } from '@wps/contract/transport';
import { CANCELED_ERROR, WpsError } from './errors';

/**
 * At most 10 requests in flight per path, 2 for the game list (spec section 7); the rest wait in
 * first-in, first-out order. The lane of a request is its path without the query. A finished
 * request — answered, failed or timed out — hands its slot to the next one waiting.
 */

export interface ConcurrencyQueue {
  /** Runs `task` when the lane of `path` has a free slot. */
  run: <T>(path: string, task: () => Promise<T>, signal?: AbortSignal) => Promise<T>;
  /** Requests running and waiting in the lane of `path`. */
  stats: (path: string) => { active: number; waiting: number };
}

interface Lane {
  active: number;
  waiting: (() => void)[];
}

export function concurrencyLimitFor(path: string): number {
  return pathOf(path) === GAME_LIST_PATH ? CONCURRENCY.gameList : CONCURRENCY.perPath;
}

export function createConcurrencyQueue(
  limitFor: (lane: string) => number = concurrencyLimitFor,
): ConcurrencyQueue {
  const lanes = new Map<string, Lane>();

  function release(name: string, lane: Lane): void {
    const next = lane.waiting.shift();
    if (next) {
      next(); // the slot passes on: `active` stays the same
      return;
    }
    lane.active -= 1;
    if (lane.active === 0) lanes.delete(name);
  }

  function acquire(name: string, signal?: AbortSignal): Promise<Lane> {
    let lane = lanes.get(name);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      lanes.set(name, lane);
    }
    const current = lane;
    if (signal?.aborted) return Promise.reject(canceled());
    if (current.active < limitFor(name)) {
      current.active += 1;
      return Promise.resolve(current);
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(current);
      };
      const onAbort = () => {
        const index = current.waiting.indexOf(start);
        if (index >= 0) current.waiting.splice(index, 1);
        reject(canceled());
      };
      current.waiting.push(start);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  return {
    async run(path, task, signal) {
      const name = pathOf(path);
      const lane = await acquire(name, signal);
      try {
        return await task();
      } finally {
        release(name, lane);
      }
    },
    stats(path) {
      const lane = lanes.get(pathOf(path));
      return { active: lane?.active ?? 0, waiting: lane?.waiting.length ?? 0 };
    },
  };
}

function canceled(): WpsError {
  return new WpsError(0, CANCELED_ERROR, 'request canceled');
}
