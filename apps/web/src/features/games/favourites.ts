import { useEffect } from 'react';
import { fetchFavouriteGames, toggleFavourite } from '../../api/endpoints/game';
import { createStore } from '../../state/createStore';
import { getToken, subscribe as subscribeSession, useSession } from '../../state/session';

/**
 * The member's favourite games, as a set of game ids: loaded once per session token, toggled
 * optimistically (rolled back when the server refuses), and cleared when the token is lost or
 * replaced — the same presence/loss rule as `features/auth/tokenEffects.ts`.
 */

export interface FavouritesState {
  /** The token the ids belong to; null while logged out. */
  token: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  ids: ReadonlySet<string>;
}

const EMPTY: FavouritesState = { token: null, status: 'idle', ids: new Set() };

export const favouritesStore = createStore<FavouritesState>(EMPTY);

let watching = false;

/**
 * Marks set while the list is still loading, by game id: the list's answer may have been read before
 * they reached the server, so they are laid over it rather than overwritten by it.
 */
const marksWhileLoading = new Map<string, boolean>();

function noteMark(token: string, gameId: string, favourite: boolean): void {
  const state = favouritesStore.get();
  if (state.token === token && state.status === 'loading') marksWhileLoading.set(gameId, favourite);
}

function forgetMark(token: string, gameId: string): void {
  if (favouritesStore.get().token === token) marksWhileLoading.delete(gameId);
}

/** Clears the ids when the session token goes away or changes. */
function watchSession(): void {
  if (watching) return;
  watching = true;
  subscribeSession(() => {
    const state = favouritesStore.get();
    if (state.token !== null && state.token !== getToken()) favouritesStore.set(EMPTY);
  });
}

/** Loads the favourites of the current token unless already loaded (or loading) for it. */
export function ensureFavouritesLoaded(
  load: () => Promise<{ gameId: string }[]> = fetchFavouriteGames,
): void {
  watchSession();
  const token = getToken();
  if (token === null) {
    if (favouritesStore.get().token !== null) favouritesStore.set(EMPTY);
    return;
  }
  const state = favouritesStore.get();
  if (state.token === token && state.status !== 'failed') return;
  marksWhileLoading.clear();
  favouritesStore.set({ token, status: 'loading', ids: new Set() });
  load().then(
    (games) => {
      if (favouritesStore.get().token !== token) return;
      let ids: ReadonlySet<string> = new Set(games.map((game) => game.gameId));
      for (const [gameId, favourite] of marksWhileLoading) ids = withId(ids, gameId, favourite);
      marksWhileLoading.clear();
      favouritesStore.set({ token, status: 'ready', ids });
    },
    () => {
      if (favouritesStore.get().token === token)
        favouritesStore.set({ token, status: 'failed', ids: new Set() });
    },
  );
}

function withId(ids: ReadonlySet<string>, gameId: string, favourite: boolean): Set<string> {
  const next = new Set(ids);
  if (favourite) next.add(gameId);
  else next.delete(gameId);
  return next;
}

/**
 * Marks or unmarks a favourite at once, then asks the server; on refusal only this game's mark is
 * put back. Resolves to the final state of the mark. The client's catalogue shows the error.
 */
export async function toggleFavouriteGame(
  gameId: string,
  send: typeof toggleFavourite = toggleFavourite,
): Promise<boolean> {
  const token = getToken();
  if (token === null) return false;
  const before = favouritesStore.get();
  const wasFavourite = before.token === token && before.ids.has(gameId);
  const favourite = !wasFavourite;
  favouritesStore.set({ ...before, token, ids: withId(before.ids, gameId, favourite) });
  noteMark(token, gameId, favourite);
  try {
    const answer = await send({ gameId, favourite });
    const current = favouritesStore.get();
    if (current.token === token && answer.favourite !== favourite) {
      favouritesStore.set({ ...current, ids: withId(current.ids, gameId, answer.favourite) });
    }
    noteMark(token, gameId, answer.favourite);
    return answer.favourite;
  } catch {
    const current = favouritesStore.get();
    if (current.token === token)
      favouritesStore.set({ ...current, ids: withId(current.ids, gameId, wasFavourite) });
    // Refused: the wish is dropped; the list, when it comes, says what the server has.
    forgetMark(token, gameId);
    return wasFavourite;
  }
}

/** The member's favourite ids (loaded on first use); empty for visitors. */
export function useFavourites(): FavouritesState {
  const session = useSession();
  const token = session?.token ?? null;
  useEffect(() => {
    ensureFavouritesLoaded();
  }, [token]);
  const state = favouritesStore.use();
  return state.token === token ? state : EMPTY;
}

/** Tests: forget everything. */
export function resetFavourites(): void {
  marksWhileLoading.clear();
  favouritesStore.set(EMPTY);
}
