import { SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS } from '@wps/contract/transport';
import type { CommonSettings } from '@wps/contract/system';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import { fetchSettings } from '@/api/system';
import { settingsStore } from '@/state/settings';
import { loadSettings, watchSettingsRefresh } from './loadSettings';

vi.mock('@/api/system', () => ({ fetchSettings: vi.fn() }));

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(next: DocumentVisibilityState): void {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('settings refresh when the tab becomes visible (debounced 300 ms)', () => {
  it('refreshes 300 ms after the tab comes back', () => {
    const refresh = vi.fn(() => Promise.resolve());
    const stop = watchSettingsRefresh(document, refresh);
    setVisibility('hidden');
    setVisibility('visible');
    vi.advanceTimersByTime(SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('refreshes once for quick switches away and back', () => {
    const refresh = vi.fn(() => Promise.resolve());
    const stop = watchSettingsRefresh(document, refresh);
    for (let round = 0; round < 5; round++) {
      setVisibility('hidden');
      setVisibility('visible');
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not refresh when the tab is hidden again within the debounce, nor after stop', () => {
    const refresh = vi.fn(() => Promise.resolve());
    const stop = watchSettingsRefresh(document, refresh);
    setVisibility('visible');
    vi.advanceTimersByTime(100);
    setVisibility('hidden');
    vi.advanceTimersByTime(SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS);
    expect(refresh).not.toHaveBeenCalled();
    stop();
    setVisibility('visible');
    vi.advanceTimersByTime(SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('loadSettings', () => {
  afterEach(() => {
    settingsStore.set({ status: 'loading' });
  });

  it('asks the client not to alert: the status check reports connection problems', async () => {
    vi.mocked(fetchSettings).mockRejectedValueOnce(new WpsError(0, 'network_error', 'network error'));
    await loadSettings();
    expect(fetchSettings).toHaveBeenCalledWith({ handleErrors: false });
    expect(settingsStore.get()).toEqual({ status: 'failed', errorCode: 'network_error' });
  });

  it('keeps the settings it has when a refresh fails', async () => {
    const ready = { status: 'ready', settings: { merchantCode: 'aurora' } as CommonSettings } as const;
    settingsStore.set(ready);
    vi.mocked(fetchSettings).mockRejectedValueOnce(new WpsError(500, 'internal_error', 'x'));
    await loadSettings();
    expect(settingsStore.get()).toBe(ready);
  });
});

describe('settings after a start offline', () => {
  it('are asked again once the browser is back online, once however many failures', async () => {
    settingsStore.set({ status: 'loading' });
    const fetch = vi.mocked(fetchSettings);
    fetch.mockReset();
    fetch.mockRejectedValue(new WpsError(0, 'network_error', 'offline'));
    await loadSettings();
    await loadSettings();
    expect(settingsStore.get().status).toBe('failed');
    expect(fetch).toHaveBeenCalledTimes(2);

    fetch.mockRejectedValueOnce(new WpsError(0, 'network_error', 'still offline'));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    // Failed again: it waits for the next time the network returns, and asks once then.
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(4));
  });
});
