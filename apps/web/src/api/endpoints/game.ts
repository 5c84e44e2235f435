import type {
  Announcement,
  AnnouncementPopup,
  AnnouncementType,
  Banner,
  GameCard,
  GameCategoryCard,
  GameLaunchValue,
  GameMatch,
  GameVendorInfo,
  ImageFormat,
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
 * The lobby and game calls (spec section 7). Lists the contract marks as cached (game lists,
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

export function fetchGameCategories(): Promise<GameCategoryCard[]> {
  return call('gameVendor', {}, quiet);
}

/** The grid shows its own error with Retry, so the client's alert is skipped. */
export function fetchGameList(query: GameListQuery): Promise<Paged<GameCard>> {
  return call('gameList', query, quiet);
}

export function fetchHotGames(): Promise<GameCard[]> {
  return call('hotGames', {}, quiet);
}

/** Vendors with their logos in the browser's image format (spec section 7: ext=webp or avif). */
export function fetchVendors(format: ImageFormat): Promise<GameVendorInfo[]> {
  return call('newGameVendor', format === 'na' ? {} : { ext: format }, quiet);
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

export function fetchBanners(): Promise<Banner[]> {
  return call('banners', { platform: 'M' }, quiet);
}

export function fetchAnnouncements(
  types: readonly AnnouncementType[],
  options: { category?: string; id?: string; page?: number; pageSize?: number } = {},
): Promise<Paged<Announcement>> {
  return call('announcements', { types: types.join(','), platform: 'M', ...options }, quiet);
}

export function fetchPopupAnnouncement(): Promise<AnnouncementPopup> {
  return call('popupAnnouncement', { platform: 'M' }, quiet);
}
