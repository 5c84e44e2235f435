import type {
  Announcement,
  AnnouncementType,
  Banner,
  GameCategoryCard,
  GameVendorInfo,
  ImageFormat,
  Paged,
} from '@wps/contract/games';
import { call } from '@/api/call';

/**
 * The lobby's reads on the first screen (spec section 7): categories, vendors, banners and the
 * marquee's announcements. The other game calls are in ./game.ts, which only lazy chunks import.
 * Lists the contract marks as cached go through the client's expiring cache. The calls skip the
 * client's error alerts (`quiet`): each lobby section shows its own empty or error state, and one
 * failed section must not raise a dialog over the page.
 */

const quiet = { handleErrors: false } as const;

export function fetchGameCategories(): Promise<GameCategoryCard[]> {
  return call('gameVendor', {}, quiet);
}

/** Vendors with their logos in the browser's image format (spec section 7: ext=webp or avif). */
export function fetchVendors(format: ImageFormat): Promise<GameVendorInfo[]> {
  return call('newGameVendor', format === 'na' ? {} : { ext: format }, quiet);
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
