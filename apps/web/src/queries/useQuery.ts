import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useScope } from './scope';
import {
  isLoadingOnServer,
  loadOnServer,
  LOADING,
  observe,
  peek,
  queryId,
  scopeIdOf,
  retry as retryEntry,
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

/** The entry of `spec` (scoped) as the component's state; shared with `usePagedQuery`. */
export function useEntry<T>(spec: QuerySpec<T> | null): { id: string | null; state: LoadState<T> } {
  const scope = useScope();
  const id = spec === null ? null : queryId(spec, scope);
  const scopeId = spec === null ? '' : scopeIdOf(spec, scope);
  const latest = useRef(spec);
  useEffect(() => {
    latest.current = spec;
  });
  const keep = spec?.keep ?? false;
  const refreshOnReturn = spec?.refreshOnReturn ?? true;
  // On the server no effect runs: the render itself asks for the load (entry-server.tsx waits for it).
  if (id !== null && spec !== null && isLoadingOnServer()) {
    loadOnServer(id, scopeId, { load: spec.load, keep, refreshOnReturn });
  }
  const subscribe = useCallback(
    (listener: () => void) => {
      if (id === null) return noop;
      const load = () => latest.current?.load() ?? Promise.reject(new Error('The query has gone.'));
      return observe(id, scopeId, { load, keep, refreshOnReturn }, listener);
    },
    [id, scopeId, keep, refreshOnReturn],
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
