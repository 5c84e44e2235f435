import { GAME_LIST_DEFAULT_PAGE_SIZE, type GameCard, type GameListQuery, type Paged } from '@wps/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchGameList } from '../../api/endpoints/game';
import type { GameGridStatus } from './GameGrid';

export interface GameListState {
  games: readonly GameCard[];
  /** The number of games matching the query (all pages). */
  total: number;
  status: GameGridStatus;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

interface Loaded {
  key: string;
  games: GameCard[];
  total: number;
  page: number;
  status: GameGridStatus;
}

function merge(current: readonly GameCard[], next: readonly GameCard[]): GameCard[] {
  const known = new Set(current.map((game) => game.gameId));
  return [...current, ...next.filter((game) => !known.has(game.gameId))];
}

/**
 * One query's games, page by page ("Load more" appends the next page). A new query (category,
 * vendor, search) starts again at page 1; answers for an older query are dropped.
 */
export function useGameList(
  query: Omit<GameListQuery, 'page' | 'pageSize'> | null,
  pageSize = GAME_LIST_DEFAULT_PAGE_SIZE,
  load: (query: GameListQuery) => Promise<Paged<GameCard>> = fetchGameList,
): GameListState {
  const key = query === null ? '' : JSON.stringify({ ...query, pageSize });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === '') return;
    const request: GameListQuery = { ...(JSON.parse(key) as GameListQuery), page: 1 };
    let active = true;
    load(request).then(
      (answer) => {
        if (active)
          setLoaded({ key, games: merge([], answer.list), total: answer.total, page: 1, status: 'ready' });
      },
      () => {
        if (active) setLoaded({ key, games: [], total: 0, page: 0, status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [key, attempt, load]);

  const current = useMemo<Loaded>(
    () =>
      loaded !== null && loaded.key === key
        ? loaded
        : { key, games: [], total: 0, page: 0, status: 'loading' },
    [loaded, key],
  );

  const fetchNext = useCallback(() => {
    if (current.status === 'loading' || key === '') return;
    const page = current.page + 1;
    setLoaded({ ...current, status: 'loading' });
    const request: GameListQuery = { ...(JSON.parse(key) as GameListQuery), page };
    load(request).then(
      (answer) =>
        setLoaded((previous) =>
          previous?.key === key
            ? { key, games: merge(previous.games, answer.list), total: answer.total, page, status: 'ready' }
            : previous,
        ),
      () => setLoaded((previous) => (previous?.key === key ? { ...previous, status: 'error' } : previous)),
    );
  }, [current, key, load]);

  const retry = useCallback(() => {
    if (current.page === 0) {
      setLoaded(null);
      setAttempt((value) => value + 1);
    } else fetchNext();
  }, [current.page, fetchNext]);

  return {
    games: current.games,
    total: current.total,
    status: current.status,
    hasMore: current.status === 'ready' && current.page > 0 && current.games.length < current.total,
    loadMore: fetchNext,
    retry,
  };
}
