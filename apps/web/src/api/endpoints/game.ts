import type {
  AnnouncementPopup,
  GameCard,
  GameLaunchValue,
  GameMatch,
  Paged,
  RankEntry,
} from '@wps/contract/games';
import type {
  FavouriteToggle,
  GameListQuery,
  LaunchGameQuery,
  TrialLaunchQuery,
} from '@wps/contract/schemas/games';
import { call } from '@/api/call';

/**
 * The game calls (spec section 7) the first screen does not make: launches, grids, the member's own
 * lists, the popup announcement (the first screen's reads are in ./lobby.ts, kept apart so the first
 * load carries only those). Lists the contract marks as cached (game lists,
 * announcements) go through the client's expiring cache; the member's own lists never do.
 * The read calls skip the client's error alerts (`quiet`): each lobby section and grid shows its own
 * empty or error state, and one failed section must not raise a dialog over the page.
 */

const quiet = { handleErrors: false } as const;

/**
 * GET /wps/game/launchGame: 10 s time-out, and the token passed explicitly — the launch screen may
 * hold a token from its own query before the session store has one. Errors are the caller's.
 */
export function launchGame(query: LaunchGameQuery, token: string | null): Promise<GameLaunchValue> {
  return call('launchGame', query, { token, noCache: true, ...quiet });
}

/** GET GCS_gameTrialLaunch: a visitor's free-play launch (also 10 s). */
export function trialLaunch(query: Omit<TrialLaunchQuery, 'platform'>): Promise<GameLaunchValue> {
  return call('trialLaunch', { ...query, platform: 'html5' }, { noCache: true, ...quiet });
}

/** The grid shows its own error with Retry, so the client's alert is skipped. */
export function fetchGameList(query: GameListQuery): Promise<Paged<GameCard>> {
  return call('gameList', query, quiet);
}

export function fetchHotGames(): Promise<GameCard[]> {
  return call('hotGames', {}, quiet);
}

export function fetchGameMatches(): Promise<GameMatch[]> {
  return call('gameMatches', {}, quiet);
}

export function fetchRankList(): Promise<RankEntry[]> {
  return call('rankList', {}, quiet);
}

export function fetchRecentGames(): Promise<GameCard[]> {
  return call('recentGames', {}, { cache: false, ...quiet });
}

export function fetchFavouriteGames(): Promise<GameCard[]> {
  return call('favouriteGames', {}, { cache: false, ...quiet });
}

export function toggleFavourite(payload: FavouriteToggle): Promise<FavouriteToggle> {
  return call('toggleFavourite', payload);
}

export function fetchPopupAnnouncement(): Promise<AnnouncementPopup> {
  return call('popupAnnouncement', { platform: 'M' }, quiet);
}
