import type {
  AnnouncementAudience,
  AnnouncementPopup,
  AnnouncementType,
  BannerLinkageType,
} from '@wps/contract/games';
import type { LanguageCode } from '@wps/contract/languages';
import type { ArtSpec } from '../../db/schema/index.js';

/** The shape of a demo merchant's lobby content (aurora.ts, lotus.ts, orbit.ts). */

export type PopupOptions = Omit<AnnouncementPopup, 'popupList'>;

export interface AnnouncementSeed {
  /** Referenced by a P banner. */
  key?: string;
  type: AnnouncementType;
  category?: string;
  title: string;
  content: string;
  /** Issue 15: a promotion's rich text (an HTML subset) and terms. */
  richContent?: string;
  terms?: string;
  /** Issue 15: the announcement in other languages than the merchant's default. */
  translations?: Partial<Record<LanguageCode, AnnouncementText>>;
  art?: ArtSpec;
  /** Who it is written for; default everyone. */
  audience?: AnnouncementAudience;
  /** Days from the seeding time; default -1 (started yesterday). */
  startsInDays?: number;
  /** Days from the seeding time; default none (open ended). */
  endsInDays?: number;
}

export interface AnnouncementText {
  title: string;
  content: string;
  richContent?: string;
  terms?: string;
}

/** Issue 15: a promotion category, its names in other languages. */
export interface CategorySeed {
  code: string;
  name: string;
  names?: Partial<Record<LanguageCode, string>>;
}

/** Issue 15: a promo code, of the promotion with that key; its window in days from the seeding. */
export interface PromoCodeSeed {
  code: string;
  promotion?: string;
  startsInDays?: number;
  endsInDays?: number;
}

export interface BannerSeed {
  title: string;
  linkageType: BannerLinkageType;
  /** P: the key of an announcement; URL: the link; G: the game code. */
  linkage: string;
  art: ArtSpec;
  startsInDays?: number;
  endsInDays?: number;
}

export interface LobbySeed {
  announcements: AnnouncementSeed[];
  categories: CategorySeed[];
  promoCodes: PromoCodeSeed[];
  banners: BannerSeed[];
  popup: PopupOptions | null;
}
