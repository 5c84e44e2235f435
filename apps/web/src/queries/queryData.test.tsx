import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { call } from '@/api/call';
import { deferred } from '@/test/deferred';
import { ok } from '@/test/fakeFetch';
import { signIn } from '@/test/sessionFixture';
import { changeQueryData, setQueryData } from './changes';
import { watchDataScope, type QuerySpec } from './store';
import { fetchQuery, getQueryData } from './queryData';
import { useQuery } from './useQuery';
import { flush, resetEachQueryTest } from '@/test/queryFixtures';

resetEachQueryTest();

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
