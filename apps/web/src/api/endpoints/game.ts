import {
  GamePath,
  GameRelayPath,
  type AnnouncementPopup,
  type Announcement,
  type AnnouncementType,
  type Banner,
  type FavouriteToggle,
  type GameCard,
  type GameCategoryCard,
  type GameLaunchValue,
  type GameListQuery,
  type GameMatch,
  type GameVendorInfo,
  type ImageFormat,
  type LaunchGameQuery,
  type Paged,
  type RankEntry,
  type TrialLaunchQuery,
} from '@wps/contract';
import { get, post } from '../client';
import type { QueryParams } from '../url';

/**
 * The lobby and game calls (spec section 7). Lists the spec names as cached (game lists,
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
  return get<GameLaunchValue>(GamePath.launchGame, {
    query: query as unknown as QueryParams,
    token,
    kind: 'gameLaunch',
    noCache: true,
    handleErrors: false,
  });
}

/** GET GCS_gameTrialLaunch: a visitor's free-play launch (also 10 s). */
export function trialLaunch(query: Omit<TrialLaunchQuery, 'platform'>): Promise<GameLaunchValue> {
  return get<GameLaunchValue>(GameRelayPath.trialLaunch, {
    query: { ...query, platform: 'html5' },
    kind: 'gameLaunch',
    noCache: true,
    handleErrors: false,
  });
}

export function fetchGameCategories(): Promise<GameCategoryCard[]> {
  return get<GameCategoryCard[]>(GameRelayPath.gameVendor, quiet);
}

/** The grid shows its own error with Retry, so the client's alert is skipped. */
export function fetchGameList(query: GameListQuery): Promise<Paged<GameCard>> {
  return get<Paged<GameCard>>(GameRelayPath.gameList, { query: { ...query }, ...quiet });
}

export function fetchHotGames(): Promise<GameCard[]> {
  return get<GameCard[]>(GameRelayPath.hotGames, quiet);
}

/** Vendors with their logos in the browser's image format (spec section 7: ext=webp or avif). */
export function fetchVendors(format: ImageFormat): Promise<GameVendorInfo[]> {
  return get<GameVendorInfo[]>(
    GameRelayPath.newGameVendor,
    format === 'na' ? quiet : { query: { ext: format }, ...quiet },
  );
}

export function fetchGameMatches(): Promise<GameMatch[]> {
  return get<GameMatch[]>(GameRelayPath.gameMatches, quiet);
}

export function fetchRankList(): Promise<RankEntry[]> {
  return get<RankEntry[]>(GameRelayPath.rankList, quiet);
}

export function fetchRecentGames(): Promise<GameCard[]> {
  return get<GameCard[]>(GameRelayPath.recentGames, { cache: false, ...quiet });
}

export function fetchFavouriteGames(): Promise<GameCard[]> {
  return get<GameCard[]>(GameRelayPath.favouriteGames, { cache: false, ...quiet });
}

export function toggleFavourite(payload: FavouriteToggle): Promise<FavouriteToggle> {
  return post<FavouriteToggle>(GameRelayPath.toggleFavourite, payload);
}

export function fetchBanners(): Promise<Banner[]> {
  return get<Banner[]>(GameRelayPath.banners, { query: { platform: 'M' }, ...quiet });
}

export function fetchAnnouncements(
  types: readonly AnnouncementType[],
  options: { category?: string; id?: string; page?: number; pageSize?: number } = {},
): Promise<Paged<Announcement>> {
  return get<Paged<Announcement>>(GameRelayPath.announcements, {
    query: { types: types.join(','), platform: 'M', ...options },
    ...quiet,
  });
}

export function fetchPopupAnnouncement(): Promise<AnnouncementPopup> {
  return get<AnnouncementPopup>(GameRelayPath.popupAnnouncement, { query: { platform: 'M' }, ...quiet });
}
