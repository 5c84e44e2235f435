import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@/platform/storage';
import { PRELOAD_RELOAD_GUARD_MS, shouldReloadAfterPreloadError, watchPreloadErrors } from './preloadReload';

const NOW = 1_800_000_000_000;

describe('shouldReloadAfterPreloadError', () => {
  it.each([
    ['never reloaded, online', null, true, true],
    ['never reloaded, offline: the network, not a deploy', null, false, false],
    ['reloaded 5 s ago: a loop, the retry state shows', NOW - 5_000, true, false],
    ['reloaded just under the guard', NOW - PRELOAD_RELOAD_GUARD_MS + 1, true, false],
    ['reloaded a guard ago: another deploy', NOW - PRELOAD_RELOAD_GUARD_MS, true, true],
    ['a stored time in the future (clock changed)', NOW + 60_000, true, true],
  ])('%s', (_name, last, online, reload) => {
    expect(shouldReloadAfterPreloadError(last, NOW, online)).toBe(reload);
  });
});

describe('watchPreloadErrors', () => {
  let stop = () => {};
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    sessionStorage.clear();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  function preloadError(): Event {
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    return event;
  }

  it('reloads once, then lets the error through until the guard has passed', () => {
    const reload = vi.fn();
    stop = watchPreloadErrors(window, reload);

    const first = preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem(StorageKey.preloadReloadAt)).toBe(String(NOW));

    // The reloaded page fails again at once: no loop, the screen's retry state shows.
    const second = preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);

    vi.setSystemTime(NOW + PRELOAD_RELOAD_GUARD_MS);
    preloadError();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while offline', () => {
    const reload = vi.fn();
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    stop = watchPreloadErrors(window, reload);
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    onLine.mockRestore();
  });
});
