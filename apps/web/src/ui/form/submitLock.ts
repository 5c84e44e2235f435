import { SUBMIT_LOCK_RELEASE_MS } from '@wps/contract/constants';

/**
 * The processing lock of registration and login (spec section 4): a submit while busy is ignored,
 * and the lock is released 500 ms after the attempt ends.
 */
export interface SubmitLock {
  isBusy(): boolean;
  /** Runs `task` unless busy; resolves `{ ran: false }` when the submit was ignored. */
  run<T>(task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

export function createSubmitLock(releaseMs: number = SUBMIT_LOCK_RELEASE_MS): SubmitLock {
  let busy = false;
  return {
    isBusy: () => busy,
    async run<T>(task: () => Promise<T>) {
      if (busy) return { ran: false as const };
      busy = true;
      try {
        return { ran: true as const, value: await task() };
      } finally {
        setTimeout(() => {
          busy = false;
        }, releaseMs);
      }
    },
  };
}
