import type { ContentStatus } from './contentAdmin.js';
import type { CsPosition, CsType } from './customerService.js';
import type { LanguageCode } from './languages.js';
import type { DownloadResource } from './system.js';
import type { LegalKind } from './trust.js';

/**
 * The back office's offers and pages (issue 30 item 5, second half; endpoints/offers.ts): promotions
 * with their categories and promo codes, the legal pages, the download links and the
 * customer-service entries of the staff member's merchant. Every text is per language of the
 * merchant; the merchant's default language is always required (the member side falls back to it).
 */

export const OffersAdminErrorCode = {
  /** A text in the merchant's default language is missing (the fallback of every other language). */
  DEFAULT_LANGUAGE_MISSING: 'content_default_language_missing',
  /** A language the merchant does not offer. */
  LANGUAGE_NOT_OFFERED: 'content_language_not_offered',
  /** A window that ends before (or when) it starts. */
  WINDOW_INVALID: 'content_window_invalid',
  /** The merchant has a promo code of that name already. */
  PROMO_CODE_TAKEN: 'promo_code_taken',
  /** A claimed code's name, bonus and start are what its members were granted: never changed. */
  PROMO_CODE_LOCKED: 'promo_code_locked',
  /** A new legal version was published meanwhile; published versions are never edited. */
  LEGAL_VERSION_STALE: 'legal_version_stale',
} as const;
export type OffersAdminErrorCode = (typeof OffersAdminErrorCode)[keyof typeof OffersAdminErrorCode];

export function contentStatus(startsAt: string, endsAt: string | null, now: number): ContentStatus {
  if (Date.parse(startsAt) > now) return 'scheduled';
  if (endsAt !== null && Date.parse(endsAt) <= now) return 'ended';
  return 'live';
}

export interface PromotionText {
  title: string;
  /** The list's one-line summary. */
  content: string;
  /** The detail page's rich text (the small HTML subset the member app sanitises). */
  richContent: string | null;
  terms: string | null;
}

export type PerLanguage<T> = Partial<Record<LanguageCode, T>>;

export interface StaffPromotion {
  id: number;
  /** The code of its category (the tab of /m/activity), if any. */
  category: string | null;
  position: number;
  startsAt: string;
  endsAt: string | null;
  status: ContentStatus;
  texts: PerLanguage<PromotionText>;
}

export interface StaffPromotionCategory {
  id: number;
  code: string;
  names: PerLanguage<string>;
  position: number;
}

/** The merchant's languages, to edit texts in. */
export interface MerchantLanguages {
  defaultLanguage: LanguageCode;
  languages: LanguageCode[];
}

export interface StaffPromotions extends MerchantLanguages {
  promotions: StaffPromotion[];
  categories: StaffPromotionCategory[];
}

/** A deposit bonus a promo code may attach (the cashier's offer: percent, cap, turnover). */
export interface StaffBonusOffer {
  code: string;
  percent: number;
  /** Minor units. */
  maxBonus: string;
  turnoverMultiplier: number;
}

export interface StaffPromoCode {
  id: number;
  code: string;
  promotionId: number | null;
  startsAt: string;
  endsAt: string | null;
  status: ContentStatus;
  /** How many members may claim it; null: no limit. */
  maxClaims: number | null;
  claims: number;
  /** The deposit bonus it attaches (its offer's code), if any. */
  bonusOffer: string | null;
  /** Claimed at least once: its code, bonus and start are fixed. */
  locked: boolean;
}

export interface StaffPromoCodes {
  codes: StaffPromoCode[];
  bonusOffers: StaffBonusOffer[];
  promotions: { id: number; title: string }[];
}

export interface LegalText {
  title: string;
  body: string;
}

export interface StaffLegalVersion {
  version: number;
  publishedAt: string;
  texts: PerLanguage<LegalText>;
}

export interface StaffLegalPage {
  kind: LegalKind;
  /** The highest version: what members see (and, for the terms, must accept). */
  current: number | null;
  /** Newest first; never edited once published. */
  versions: StaffLegalVersion[];
}

export interface StaffLegalPages extends MerchantLanguages {
  pages: StaffLegalPage[];
}

export interface StaffCustomerServiceEntry {
  path: string;
  csType: CsType;
  csPosition: CsPosition;
  labelIds: string[];
}

export interface StaffLinks {
  resources: DownloadResource[];
  customerService: StaffCustomerServiceEntry[];
  /** The VIP labels the merchant's members hold (an entry's labelIds name their ids). */
  vipLabels: { id: string; name: string }[];
}
