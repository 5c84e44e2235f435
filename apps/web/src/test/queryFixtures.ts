import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { deferred } from '@/test/deferred';
import { testSettings } from '@/test/settingsFixture';

// The data-loading tests' fixtures (queries/*.test.tsx): the tab's visibility, the merchant, a loader
// answered by hand.

export const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

let visibility: DocumentVisibilityState = 'visible';
export function setVisibility(next: DocumentVisibilityState): void {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

export function setMerchant(merchantCode: string): void {
  settingsStore.set({ status: 'ready', settings: { ...testSettings(), merchantCode } });
}

/** Each test starts on a visible tab of merchant aurora, without a session, and leaves it so. */
export function resetEachQueryTest(): void {
  beforeEach(() => {
    visibility = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    setMerchant('aurora');
  });

  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
    clearSession();
    settingsStore.set({ status: 'loading' });
  });
}

/** A loader whose answers the test gives by hand, one per call. */
export function manualLoader<T>() {
  const calls: ReturnType<typeof deferred<T>>[] = [];
  const load = vi.fn((..._args: unknown[]) => {
    const call = deferred<T>();
    calls.push(call);
    return call.promise;
  });
  return { load, calls, last: () => calls[calls.length - 1] };
}
