import { SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS } from '@wps/contract/transport';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/state/session';
import { signIn } from '@/test/sessionFixture';
import { getQueryData } from './queryData';
import { useQuery } from './useQuery';
import { flush, manualLoader, resetEachQueryTest, setMerchant, setVisibility } from '@/test/queryFixtures';

resetEachQueryTest();

describe('useQuery: a member query is scoped by merchant and session', () => {
  const changes = [
    { change: 'another member', before: () => signIn('tok-1'), after: () => signIn('tok-2') },
    { change: 'another merchant', before: () => signIn('tok-1'), after: () => setMerchant('lotus') },
  ];
  it.each([
    ...changes.map((row) => ({ ...row, keep: false })),
    ...changes.map((row) => ({ ...row, keep: true })),
  ])('$change drops the data shown and loads again (kept: $keep)', async ({ before, after, keep }) => {
    before();
    const { load, calls } = manualLoader<string>();
    const { result } = renderHook(() => useQuery({ key: ['greeting'], load, keep, member: true }));
    expect(result.current.status).toBe('loading');
    await act(async () => calls[0]?.resolve('for the first'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'for the first' });

    act(after);
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
    // The first scope's late answers change nothing; the second's shows.
    await act(async () => calls[1]?.resolve('for the second'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'for the second' });
  });

  it.each([false, true])('a logout drops the data at once and loads nothing (kept: %s)', async (keep) => {
    signIn('tok-1');
    const { load, calls } = manualLoader<string>();
    const { result } = renderHook(() => useQuery({ key: ['mine'], load, keep, member: true }));
    await act(async () => calls[0]?.resolve('private'));
    act(() => clearSession());
    expect(result.current).toMatchObject({ status: 'idle' });
    expect(result.current.data).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('useQuery: a public query is scoped by merchant only', () => {
  it.each([
    { change: 'a login', before: () => undefined, after: () => signIn('tok-1') },
    { change: 'a logout', before: () => signIn('tok-1'), after: () => clearSession() },
    { change: 'another member', before: () => signIn('tok-1'), after: () => signIn('tok-2') },
  ])('$change keeps the data shown and loads nothing again', async ({ before, after }) => {
    before();
    const { load, calls } = manualLoader<string>();
    const { result } = renderHook(() => useQuery({ key: ['banners'], load }));
    await act(async () => calls[0]?.resolve('the lobby'));
    act(after);
    expect(result.current).toMatchObject({ status: 'ready', data: 'the lobby' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('another merchant drops the data shown and loads again', async () => {
    const { load, calls } = manualLoader<string>();
    const { result } = renderHook(() => useQuery({ key: ['banners'], load }));
    await act(async () => calls[0]?.resolve('aurora lobby'));
    act(() => setMerchant('lotus'));
    expect(result.current.status).toBe('loading');
    expect(result.current.data).toBeUndefined();
    await act(async () => calls[1]?.resolve('lotus lobby'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'lotus lobby' });
  });

  it('a member query is idle for a visitor and loads nothing', () => {
    const load = vi.fn(() => Promise.resolve(1));
    const { result } = renderHook(() => useQuery({ key: ['mine'], load, member: true }));
    expect(result.current.status).toBe('idle');
    expect(load).not.toHaveBeenCalled();
  });

  it('a null spec is idle', () => {
    const { result } = renderHook(() => useQuery(null));
    expect(result.current.status).toBe('idle');
  });
});

describe('useQuery: loading, answers and errors', () => {
  it('loads when mounted, then shows the answer', async () => {
    const load = vi.fn(() => Promise.resolve(['a']));
    const { result } = renderHook(() => useQuery({ key: ['list'], load }));
    expect(result.current.status).toBe('loading');
    await flush();
    expect(result.current).toMatchObject({ status: 'ready', data: ['a'] });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('an error, then retry loads again', async () => {
    const error = new Error('down');
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(error).mockResolvedValueOnce('back');
    const { result } = renderHook(() => useQuery({ key: ['flaky'], load }));
    await flush();
    expect(result.current).toMatchObject({ status: 'failed', error });
    act(() => result.current.retry());
    expect(result.current.status).toBe('loading');
    await flush();
    expect(result.current).toMatchObject({ status: 'ready', data: 'back' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a loader that throws at once is a failure, not a crash', async () => {
    const { result } = renderHook(() =>
      useQuery({
        key: ['throws'],
        load: () => {
          throw new Error('at once');
        },
      }),
    );
    await flush();
    expect(result.current.status).toBe('failed');
  });

  it('an answer for an older key is ignored', async () => {
    const { load, calls } = manualLoader<string>();
    const { result, rerender } = renderHook(({ id }) => useQuery({ key: ['item', id], load }), {
      initialProps: { id: 'first' },
    });
    rerender({ id: 'second' });
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]?.resolve('second'));
    await act(async () => calls[0]?.resolve('first'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'second' });
  });

  it('an unmounted component is not updated, and its query is dropped', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { load, calls } = manualLoader<string>();
    const spec = { key: ['gone'], load };
    const { unmount } = renderHook(() => useQuery(spec));
    unmount();
    await act(async () => calls[0]?.resolve('late'));
    expect(errors).not.toHaveBeenCalled();
    expect(getQueryData(spec)).toBeUndefined();
    errors.mockRestore();
  });

  it('components showing one key share one load', async () => {
    const load = vi.fn(() => Promise.resolve('shared'));
    const spec = { key: ['shared'], load };
    const first = renderHook(() => useQuery(spec));
    const second = renderHook(() => useQuery(spec));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(first.result.current.data).toBe('shared');
    expect(second.result.current.data).toBe('shared');
  });

  it('a query that is not kept loads again on the next mount; a kept one does not', async () => {
    const plain = vi.fn(() => Promise.resolve('plain'));
    const kept = vi.fn(() => Promise.resolve('kept'));
    for (let mount = 0; mount < 2; mount += 1) {
      const view = renderHook(() => [
        useQuery({ key: ['plain'], load: plain }),
        useQuery({ key: ['kept'], load: kept, keep: true }),
      ]);
      await flush();
      expect(view.result.current.map((query) => query.data)).toEqual(['plain', 'kept']);
      view.unmount();
    }
    expect(plain).toHaveBeenCalledTimes(2);
    expect(kept).toHaveBeenCalledTimes(1);
  });
});

describe('useQuery: refresh when the tab becomes visible again', () => {
  it.each([
    { name: 'visible again, settled', steps: ['hidden', 'visible'], wait: 300, reloads: 1 },
    { name: 'not before the debounce', steps: ['hidden', 'visible'], wait: 299, reloads: 0 },
    {
      name: 'a quick switch away and back costs one load',
      steps: ['hidden', 'visible', 'hidden', 'visible'],
      wait: 300,
      reloads: 1,
    },
    {
      name: 'hidden again before it settles: none',
      steps: ['hidden', 'visible', 'hidden'],
      wait: 1000,
      reloads: 0,
    },
  ])('$name', async ({ steps, wait, reloads }) => {
    expect(SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS).toBe(300);
    vi.useFakeTimers();
    let answer = 0;
    const load = vi.fn(() => Promise.resolve(`answer ${++answer}`));
    const { result } = renderHook(() => useQuery({ key: ['fresh'], load }));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toBe('answer 1');
    for (const step of steps) setVisibility(step as DocumentVisibilityState);
    await act(async () => vi.advanceTimersByTimeAsync(wait));
    expect(load).toHaveBeenCalledTimes(1 + reloads);
    expect(result.current.data).toBe(`answer ${1 + reloads}`);
  });

  it('keeps the data on screen while reloading, and after a failed reload', async () => {
    vi.useFakeTimers();
    const { load, calls } = manualLoader<string>();
    const { result } = renderHook(() => useQuery({ key: ['kept-on-screen'], load }));
    await act(async () => calls[0]?.resolve('shown'));
    setVisibility('visible');
    await act(async () => vi.advanceTimersByTimeAsync(SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS));
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ status: 'ready', data: 'shown' });
    await act(async () => calls[1]?.reject(new Error('offline')));
    expect(result.current).toMatchObject({ status: 'ready', data: 'shown' });
  });

  it('leaves out queries nobody shows, and those that opt out', async () => {
    vi.useFakeTimers();
    const gone = vi.fn(() => Promise.resolve('gone'));
    const optedOut = vi.fn(() => Promise.resolve('once'));
    renderHook(() => useQuery({ key: ['gone'], load: gone, keep: true })).unmount();
    renderHook(() => useQuery({ key: ['once'], load: optedOut, refreshOnReturn: false }));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    setVisibility('visible');
    await act(async () => vi.advanceTimersByTimeAsync(SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS));
    expect(gone).toHaveBeenCalledTimes(1);
    expect(optedOut).toHaveBeenCalledTimes(1);
  });
});
