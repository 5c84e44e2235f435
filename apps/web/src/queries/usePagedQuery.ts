import type { Paged } from '@wps/contract/games';
import { useCallback, useEffect, useRef } from 'react';
import { getEntry, peek, retry as retryEntry, start, type QueryKey } from './store';
import { useEntry, type LoadState } from './useQuery';

/** The infinite variant of `useQuery` (the game grid); its own module, loaded with the grid only. */

export interface PagedSpec<T> {
  key: QueryKey;
  /** Loads page `page` (from 1). */
  loadPage: (page: number) => Promise<Paged<T>>;
  /** An item's identity: an item a later page repeats is shown once. */
  itemKey: (item: T) => string;
  member?: boolean;
}

export interface PagedResult<T> {
  /** loading also while the next page loads (the items stay); failed keeps the items loaded so far. */
  status: LoadState<unknown>['status'];
  items: readonly T[];
  /** The number of items of the query, all pages. */
  total: number;
  hasMore: boolean;
  /** Appends the next page (nothing while a page is loading). */
  loadMore: () => void;
  /** After a failure: the first page again, or the page that failed. */
  retry: () => void;
}

interface Pages<T> {
  items: readonly T[];
  total: number;
  page: number;
}

const NO_ITEMS: readonly never[] = [];

function addPage<T>(pages: Pages<T> | null, answer: Paged<T>, itemKey: (item: T) => string): Pages<T> {
  const items = pages?.items ?? NO_ITEMS;
  const known = new Set(items.map(itemKey));
  const list = Array.isArray(answer.list) ? answer.list : [];
  return {
    items: [...items, ...list.filter((item) => !known.has(itemKey(item)))],
    total: answer.total,
    page: (pages?.page ?? 0) + 1,
  };
}

/**
 * A list page by page ("Load more" appends the next page). A new key starts again at page 1; pages
 * answered for an older key are dropped. Not reloaded on tab return (that would lose the pages read).
 */
export function usePagedQuery<T>(spec: PagedSpec<T> | null): PagedResult<T> {
  const latest = useRef(spec);
  useEffect(() => {
    latest.current = spec;
  });
  const { id, state } = useEntry<Pages<T>>(
    spec && {
      key: spec.key,
      member: spec.member,
      refreshOnReturn: false,
      load: () => spec.loadPage(1).then((answer) => addPage(null, answer, spec.itemKey)),
    },
  );
  const loadMore = useCallback(() => {
    const current = latest.current;
    if (id === null || current === null) return;
    const entry = getEntry(id);
    if (!entry || entry.running || entry.state.status === 'loading' || entry.state.data === undefined) return;
    const pages = entry.state.data as Pages<T>;
    void start(id, entry, 'more', () =>
      current.loadPage(pages.page + 1).then((answer) => addPage(pages, answer, current.itemKey)),
    );
  }, [id]);
  const retry = useCallback(() => {
    if (id === null) return;
    if (peek(id)?.data === undefined) retryEntry(id);
    else loadMore();
  }, [id, loadMore]);
  const pages = state.data;
  return {
    status: state.status,
    items: pages?.items ?? NO_ITEMS,
    total: pages?.total ?? 0,
    hasMore: state.status === 'ready' && pages !== undefined && pages.items.length < pages.total,
    loadMore,
    retry,
  };
}
