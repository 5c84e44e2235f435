import { AppPath } from '@wps/contract/routes';
import type { AnnouncementType } from '@wps/contract/games';

/** The site's announcements (not the promotions of /m/activity): the marquee and popup texts. */
export const NEWS_TYPES: readonly AnnouncementType[] = ['MARQUEE', 'POPUP'];

export const NEWS_PAGE_SIZE = 10;

/** Longer ids are not announcement ids: no call is made for them. */
export const NEWS_MAX_ID_LENGTH = 64;

export function newsHref(id: string): string {
  return `${AppPath.news}?id=${encodeURIComponent(id)}`;
}
