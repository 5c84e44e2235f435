import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { signIn } from '@/test/sessionFixture';
import { testSettings } from '@/test/settingsFixture';
import { refreshQuery, useLiveQuery } from './live';
import { clearQueries, type QuerySpec } from './store';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  settingsStore.set({ status: 'ready', settings: { ...testSettings(), merchantCode: 'aurora' } });
  signIn('tok-1');
});

afterEach(() => {
  clearQueries();
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
  clearSession();
  settingsStore.set({ status: 'loading' });
});

/** A count the "server" raises by hand. */
function counter() {
  const server = { count: 0 };
  const load = vi.fn(() => Promise.resolve({ count: server.count }));
  const spec: QuerySpec<{ count: number }> = { key: ['count'], load, keep: true, member: true };
  return { server, load, spec };
}

const tick = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('useLiveQuery', () => {
  it.each<[string, () => void, number]>([
    ['visible: asked again each interval', () => undefined, 3],
    ['hidden: not asked', () => (visibility = 'hidden'), 1],
  ])('%s', async (_name, arrange, loads) => {
    const { server, load, spec } = counter();
    const { result } = renderHook(() => useLiveQuery(spec, { everyMs: 1_000 }));
    await tick(0);
    expect(result.current.data).toEqual({ count: 0 });
    arrange();
    server.count = 2;
    await tick(2_000);
    expect(load).toHaveBeenCalledTimes(loads);
    expect(result.current.data).toEqual({ count: loads > 1 ? 2 : 0 });
  });

  it('paused (a socket keeps it live): no polling until the pause ends', async () => {
    const { load, spec } = counter();
    let paused = true;
    renderHook(() => useLiveQuery(spec, { everyMs: 1_000, paused: () => paused }));
    await tick(3_000);
    expect(load).toHaveBeenCalledTimes(1);
    paused = false;
    await tick(1_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('two badges share one timer; the last one gone stops it', async () => {
    const { load, spec } = counter();
    const first = renderHook(() => useLiveQuery(spec, { everyMs: 1_000 }));
    const second = renderHook(() => useLiveQuery(spec, { everyMs: 1_000 }));
    await tick(1_000);
    expect(load).toHaveBeenCalledTimes(2);
    first.unmount();
    await tick(1_000);
    expect(load).toHaveBeenCalledTimes(3);
    second.unmount();
    await tick(5_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('a visitor: idle, nothing asked', async () => {
    clearSession();
    const { load, spec } = counter();
    const { result } = renderHook(() => useLiveQuery(spec, { everyMs: 1_000 }));
    await tick(3_000);
    expect(result.current.status).toBe('idle');
    expect(load).not.toHaveBeenCalled();
  });

  it('a failed poll keeps the count shown', async () => {
    const { load, spec } = counter();
    const { result } = renderHook(() => useLiveQuery(spec, { everyMs: 1_000 }));
    await tick(0);
    load.mockImplementationOnce(() => Promise.reject(new Error('offline')));
    await tick(1_000);
    expect(result.current).toMatchObject({ status: 'ready', data: { count: 0 } });
  });
});

describe('refreshQuery', () => {
  it('asks again now and shows the new answer; the old one stays meanwhile', async () => {
    const { server, load, spec } = counter();
    const { result } = renderHook(() => useLiveQuery(spec, { everyMs: 60_000 }));
    await tick(0);
    server.count = 5;
    act(() => refreshQuery(spec));
    expect(result.current.data).toEqual({ count: 0 });
    await tick(0);
    expect(result.current.data).toEqual({ count: 5 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('nobody shows it, or no session: nothing is asked', () => {
    const { load, spec } = counter();
    refreshQuery(spec);
    clearSession();
    refreshQuery(spec);
    expect(load).not.toHaveBeenCalled();
  });
});
