import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryEntry } from '@wps/contract/cashier';
import { fetchHistory, type HistoryFilter } from '@/api/endpoints/wallet';

export interface HistoryState {
  status: 'loading' | 'ready' | 'failed';
  entries: readonly HistoryEntry[];
  /** More (older) entries to load. */
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

interface Pages {
  /** The filter these pages were read for. */
  filterKey: string;
  status: HistoryState['status'];
  entries: readonly HistoryEntry[];
  next: string | null;
}

const NONE: readonly HistoryEntry[] = [];

/**
 * The history page by page: a new filter starts again from the newest entries; "Load more" appends
 * the page after `next`. An answer for an older filter or page lands nowhere.
 */
export function useHistory(filter: HistoryFilter): HistoryState {
  const filterKey = JSON.stringify(filter);
  const [pages, setPages] = useState<Pages | null>(null);
  const run = useRef(0);

  const load = useCallback((key: string, before: string | null) => {
    const mine = ++run.current;
    fetchHistory(JSON.parse(key) as HistoryFilter, before).then(
      (page) => {
        if (mine !== run.current) return;
        setPages((current) => {
          const kept = before !== null && current?.filterKey === key ? current.entries : NONE;
          const known = new Set(kept.map((entry) => entry.id));
          return {
            filterKey: key,
            status: 'ready',
            entries: [...kept, ...page.entries.filter((entry) => !known.has(entry.id))],
            next: page.next,
          };
        });
      },
      () => {
        if (mine !== run.current) return;
        setPages((current) => ({
          filterKey: key,
          status: 'failed',
          entries: current?.filterKey === key ? current.entries : NONE,
          next: current?.filterKey === key ? current.next : null,
        }));
      },
    );
  }, []);

  useEffect(() => load(filterKey, null), [filterKey, load]);

  // Pages of another filter are not shown: the new filter's first page is on its way.
  const mine = pages !== null && pages.filterKey === filterKey ? pages : null;
  const status = mine?.status ?? 'loading';
  const entries = mine?.entries ?? NONE;
  const next = mine?.next ?? null;
  const again = (before: string | null) => {
    setPages((current) => (current === null ? null : { ...current, status: 'loading' }));
    load(filterKey, before);
  };
  return {
    status,
    entries,
    hasMore: next !== null,
    loadMore: () => {
      if (status !== 'loading' && next !== null) again(next);
    },
    retry: () => again(entries.length === 0 ? null : next),
  };
}
