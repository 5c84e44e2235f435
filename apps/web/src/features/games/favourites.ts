import { useMemo } from 'react';
import { fetchFavouriteGames, toggleFavourite } from '@/api/endpoints/game';
import { changeQueryData } from '@/queries/changes';
import { type QuerySpec } from '@/queries/store';
import { getQueryData } from '@/queries/queryData';
import { useQuery } from '@/queries/useQuery';
import { getToken } from '@/state/session';

/**
 * The member's favourite games, as a set of game ids: a query kept for the session (loaded once per
 * session token, gone with it), toggled optimistically. A mark made while the list loads is laid over
 * the list's answer (the answer may have been read before the mark reached the server); a refused mark
 * is put back, and only that game's.
 */
export const favouritesQuery: QuerySpec<ReadonlySet<string>> = {
  key: ['favourites'],
  load: () => fetchFavouriteGames().then((games) => new Set(games.map((game) => game.gameId))),
  keep: true,
  member: true,
};

export interface FavouritesState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  ids: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

function mark(gameId: string, favourite: boolean) {
  return (ids: ReadonlySet<string> | undefined): ReadonlySet<string> => {
    const next = new Set(ids);
    if (favourite) next.add(gameId);
    else next.delete(gameId);
    return next;
  };
}

/**
 * Marks or unmarks a favourite at once, then asks the server; on refusal only this game's mark is
 * put back. Resolves to the final state of the mark. The client's catalogue shows the error.
 */
export async function toggleFavouriteGame(
  gameId: string,
  send: typeof toggleFavourite = toggleFavourite,
): Promise<boolean> {
  if (getToken() === null) return false;
  const wasFavourite = getQueryData(favouritesQuery)?.has(gameId) ?? false;
  const favourite = !wasFavourite;
  const change = changeQueryData(favouritesQuery, mark(gameId, favourite));
  try {
    const answer = await send({ gameId, favourite });
    change.settle(answer.favourite === favourite ? undefined : mark(gameId, answer.favourite));
    return answer.favourite;
  } catch {
    // Refused: the wish is dropped; the list, when it comes, says what the server has.
    change.cancel(mark(gameId, wasFavourite));
    return wasFavourite;
  }
}

/** The member's favourite ids (loaded on first use); empty for visitors. */
export function useFavourites(): FavouritesState {
  const query = useQuery(favouritesQuery);
  return useMemo(() => ({ status: query.status, ids: query.data ?? NONE }), [query.status, query.data]);
}
