import type { Paged } from '@wps/contract/games';
import { SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS } from '@wps/contract/transport';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '@/api/call';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { deferred } from '@/test/deferred';
import { ok } from '@/test/fakeFetch';
import { signIn } from '@/test/sessionFixture';
import { testSettings } from '@/test/settingsFixture';
import { changeQueryData, setQueryData } from './changes';
import { fetchQuery, getQueryData, watchDataScope, type QuerySpec } from './store';
import { usePagedQuery, type PagedSpec } from './usePagedQuery';
import { useQuery } from './useQuery';

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(next: DocumentVisibilityState): void {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

function setMerchant(merchantCode: string): void {
  settingsStore.set({ status: 'ready', settings: { ...testSettings(), merchantCode } });
}

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

/** A loader whose answers the test gives by hand, one per call. */
function manualLoader<T>() {
  const calls: ReturnType<typeof deferred<T>>[] = [];
  const load = vi.fn((..._args: unknown[]) => {
    const call = deferred<T>();
    calls.push(call);
    return call.promise;
  });
  return { load, calls, last: () => calls[calls.length - 1] };
}

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

describe('optimistic changes', () => {
  const ids = (list: readonly string[]) => new Set(list);
  const add =
    (id: string) =>
    (current: ReadonlySet<string> | undefined): ReadonlySet<string> =>
      new Set([...(current ?? []), id]);
  const remove =
    (id: string) =>
    (current: ReadonlySet<string> | undefined): ReadonlySet<string> =>
      new Set([...(current ?? [])].filter((other) => other !== id));

  it.each([
    { name: 'shown at once, laid over the answer of a load running', settle: 'agree', expected: ['a', 'b'] },
    { name: 'settled with what the server said', settle: 'disagree', expected: ['a'] },
    { name: 'cancelled: not laid over the answer', settle: 'cancel', expected: ['a'] },
  ])('$name', async ({ settle, expected }) => {
    signIn();
    const list = deferred<ReadonlySet<string>>();
    const spec: QuerySpec<ReadonlySet<string>> = { key: ['marks'], load: () => list.promise, keep: true };
    void fetchQuery(spec);
    const change = changeQueryData(spec, add('b'));
    expect([...(getQueryData(spec) ?? [])]).toEqual(['b']);
    if (settle === 'agree') change.settle();
    if (settle === 'disagree') change.settle(remove('b'));
    if (settle === 'cancel') change.cancel(remove('b'));
    list.resolve(ids(['a']));
    await flush();
    expect([...(getQueryData(spec) ?? [])].sort()).toEqual(expected);
  });

  it('setQueryData shows in the components at once', async () => {
    const spec = { key: ['count'], load: () => Promise.resolve(1) };
    const { result } = renderHook(() => useQuery(spec));
    await flush();
    act(() => setQueryData(spec, (count) => (count ?? 0) + 1));
    expect(result.current.data).toBe(2);
  });
});

describe('watchDataScope', () => {
  it("drops the client's cached answers and other scopes' queries when the scope changes", async () => {
    const fetch = vi.fn(() => Promise.resolve(ok([])));
    vi.stubGlobal('fetch', fetch);
    const stop = watchDataScope();
    const kept = { key: ['kept'], load: () => Promise.resolve('mine'), keep: true, member: true };
    signIn('tok-1');
    await call('country');
    await call('country');
    expect(fetch).toHaveBeenCalledTimes(1);
    await fetchQuery(kept);
    signIn('tok-2');
    await call('country');
    expect(fetch).toHaveBeenCalledTimes(2);
    signIn('tok-1');
    expect(getQueryData(kept)).toBeUndefined();
    stop();
    vi.unstubAllGlobals();
  });
});

describe('usePagedQuery', () => {
  interface Item {
    id: string;
  }
  const page = (ids: string[], total: number): Paged<Item> => ({
    list: ids.map((id) => ({ id })),
    page: 1,
    pageSize: 2,
    total,
  });
  const spec = (filter: string, loadPage: PagedSpec<Item>['loadPage']): PagedSpec<Item> => ({
    key: ['items', filter],
    loadPage,
    itemKey: (item) => item.id,
  });
  const ids = (items: readonly Item[]) => items.map((item) => item.id);

  it('appends the next pages (an item repeated by a later page shown once) until all are there', async () => {
    const loadPage = vi
      .fn<(page: number) => Promise<Paged<Item>>>()
      .mockResolvedValueOnce(page(['a', 'b'], 4))
      .mockResolvedValueOnce(page(['b', 'c'], 4))
      .mockResolvedValueOnce(page(['d'], 4));
    const { result } = renderHook(() => usePagedQuery(spec('all', loadPage)));
    expect(result.current.status).toBe('loading');
    await flush();
    expect(ids(result.current.items)).toEqual(['a', 'b']);
    expect(result.current).toMatchObject({ status: 'ready', total: 4, hasMore: true });
    act(() => result.current.loadMore());
    expect(result.current.status).toBe('loading');
    expect(ids(result.current.items)).toEqual(['a', 'b']);
    act(() => result.current.loadMore()); // ignored while a page loads
    await flush();
    expect(ids(result.current.items)).toEqual(['a', 'b', 'c']);
    act(() => result.current.loadMore());
    await flush();
    expect(ids(result.current.items)).toEqual(['a', 'b', 'c', 'd']);
    expect(result.current.hasMore).toBe(false);
    expect(loadPage.mock.calls.map(([number]) => number)).toEqual([1, 2, 3]);
  });

  it('starts again at page 1 on a new key, and drops the pages of the old one', async () => {
    const { load: loadPage, calls } = manualLoader<Paged<Item>>();
    const { result, rerender } = renderHook(({ filter }) => usePagedQuery(spec(filter, loadPage)), {
      initialProps: { filter: 'slots' },
    });
    await act(async () => calls[0]?.resolve(page(['s1', 's2'], 3)));
    act(() => result.current.loadMore());
    rerender({ filter: 'live' });
    expect(result.current.status).toBe('loading');
    expect(result.current.items).toEqual([]);
    await act(async () => calls[1]?.resolve(page(['s3'], 3))); // the old key's page 2
    await act(async () => calls[2]?.resolve(page(['l1'], 1)));
    expect(ids(result.current.items)).toEqual(['l1']);
    expect(loadPage.mock.calls.map(([number]) => number)).toEqual([1, 2, 1]);
  });

  it('a failed next page keeps the items; retry asks for that page again', async () => {
    const loadPage = vi
      .fn<(page: number) => Promise<Paged<Item>>>()
      .mockResolvedValueOnce(page(['a'], 2))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(page(['b'], 2));
    const { result } = renderHook(() => usePagedQuery(spec('all', loadPage)));
    await flush();
    act(() => result.current.loadMore());
    await flush();
    expect(result.current.status).toBe('failed');
    expect(ids(result.current.items)).toEqual(['a']);
    act(() => result.current.retry());
    await flush();
    expect(ids(result.current.items)).toEqual(['a', 'b']);
    expect(loadPage.mock.calls.map(([number]) => number)).toEqual([1, 2, 2]);
  });

  it('a failed first page: retry loads page 1 again', async () => {
    const loadPage = vi
      .fn<(page: number) => Promise<Paged<Item>>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(page(['a'], 1));
    const { result } = renderHook(() => usePagedQuery(spec('all', loadPage)));
    await flush();
    expect(result.current).toMatchObject({ status: 'failed', items: [], total: 0, hasMore: false });
    act(() => result.current.retry());
    await flush();
    expect(ids(result.current.items)).toEqual(['a']);
    expect(loadPage.mock.calls.map(([number]) => number)).toEqual([1, 1]);
  });
});
