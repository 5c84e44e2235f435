import type { Paged } from '@wps/contract/games';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePagedQuery, type PagedSpec } from './usePagedQuery';
import { flush, manualLoader, resetEachQueryTest } from '@/test/queryFixtures';

resetEachQueryTest();

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
