import type { Paged } from '@wps/contract';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useScope } from './scope';
import {
  LOADING,
  extend,
  observe,
  peek,
  queryId,
  retry as retryEntry,
  type QueryKey,
  type QuerySpec,
  type QueryState,
} from './store';

/**
 * The hooks screens load server data with (docs/architecture.md, "Loading server data"):
 *
 *   const banners = useQuery({ key: ['banners'], load: fetchBanners });
 *   if (banners.status === 'ready') … banners.data …           // idle | loading | ready | failed
 *
 * The key is scoped by merchant and session for you; `null` instead of a spec loads nothing (idle).
 */

/** What a section knows about its data. While loading or after a failure it may still hold data. */
export type LoadState<T> = { status: 'idle'; data?: undefined } | QueryState<T>;

export type QueryResult<T> = LoadState<T> & {
  /** Loads a failed query again. */
  retry: () => void;
};

const IDLE = { status: 'idle' } as const;
const noop = () => undefined;

function useEntry<T>(spec: QuerySpec<T> | null): { id: string | null; state: LoadState<T> } {
  const scope = useScope();
  const id = spec === null ? null : queryId(spec, scope);
  const latest = useRef(spec);
  useEffect(() => {
    latest.current = spec;
  });
  const keep = spec?.keep ?? false;
  const refreshOnReturn = spec?.refreshOnReturn ?? true;
  const subscribe = useCallback(
    (listener: () => void) => {
      if (id === null) return noop;
      const load = () => latest.current?.load() ?? Promise.reject(new Error('The query has gone.'));
      return observe(id, scope.id, { load, keep, refreshOnReturn }, listener);
    },
    [id, scope.id, keep, refreshOnReturn],
  );
  const snapshot = (): LoadState<T> =>
    id === null ? IDLE : ((peek(id) as QueryState<T> | undefined) ?? LOADING);
  return { id, state: useSyncExternalStore(subscribe, snapshot, snapshot) };
}

/**
 * One answer of the server: loaded when the component mounts or the key (or scope) changes, shared by
 * the components showing the same key, reloaded in the background when the tab comes back.
 */
export function useQuery<T>(spec: QuerySpec<T> | null): QueryResult<T> {
  const { id, state } = useEntry(spec);
  const retry = useCallback(() => {
    if (id !== null) retryEntry(id);
  }, [id]);
  return useMemo(() => ({ ...state, retry }), [state, retry]);
}

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
    extend<Pages<T>>(id, (pages) =>
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
