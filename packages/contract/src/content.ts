import type { DownloadResource } from './system.js';

/**
 * Promotions, promo codes and the download page (issue 15 items 6 and 8; spec sections 3 and 7).
 */

/** A promotion category (PROMOFE_getPromotionAnnouncementCategory): the tabs of /m/activity. */
export interface PromotionCategory {
  /** The `category` of the promotions (PR announcements) in it. */
  code: string;
  /** In the request's language where the merchant provides it, else the merchant's own name. */
  name: string;
}

/** PROMOFE_getPromoCodeEnable: whether the promotion pages offer the promo-code box. */
export interface PromoCodeEnable {
  enabled: boolean;
}

/** A promo code claimed by the member (the product's own POST /wps/member/promoCode/claim). */
export interface PromoCodeClaim {
  /** The code as the merchant stores it (upper case). */
  code: string;
  /** The promotion the code belongs to, if any. */
  promotionId: string | null;
  claimedAt: string;
}

/** WPSCORE_getDownloadSetting: the download page's texts and links (links are http(s) only). */
export interface DownloadSetting {
  app_desc: string | null;
  app_desc_font_color: string | null;
  login_prompt_text: string | null;
  resources: DownloadResource[];
  /** The app's rating in a store as the merchant states it; null: none is shown (never an invented one). */
  store_rating: StoreRating | null;
}

/**
 * A store rating the merchant states for its app (docs/decisions/store-rating.md: the spec's fixed
 * 5.0 is not shown, because it is no review anyone gave).
 */
export interface StoreRating {
  /** The average, STORE_RATING_MIN to STORE_RATING_MAX stars. */
  value: number;
  /** How many ratings the average is of; null when the merchant does not say. */
  count: number | null;
  /** The store's name as the merchant writes it ("App Store", "Google Play"); null when not said. */
  store: string | null;
}

/** The scale of a store rating: 1 to 5 stars (no store gives fewer than one). */
export const STORE_RATING_MIN = 1;
export const STORE_RATING_MAX = 5;
/** The longest store name shown. */
export const STORE_NAME_MAX_LENGTH = 40;

/**
 * A stored rating as shown, or null when it is not a rating: a value outside 1–5 (or not a finite
 * number), a count that is not a whole number ≥ 1, a store name blank or over 40 characters are
 * dropped (the value) or left out (count, store). Both sides read it with this rule.
 */
export function storeRatingOf(stored: unknown): StoreRating | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { value, count, store } = stored as Record<string, unknown>;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value < STORE_RATING_MIN || value > STORE_RATING_MAX) return null;
  const name = typeof store === 'string' ? store.trim() : '';
  return {
    value: Math.round(value * 10) / 10,
    count: typeof count === 'number' && Number.isSafeInteger(count) && count >= 1 ? count : null,
    store: name.length > 0 && name.length <= STORE_NAME_MAX_LENGTH ? name : null,
  };
}

/**
 * Promo codes are case-insensitive: surrounding spaces are dropped and the code is compared in upper
 * case. 4 to 32 letters, digits or hyphens; anything else is not a code.
 */
export const PROMO_CODE_MIN_LENGTH = 4;
export const PROMO_CODE_MAX_LENGTH = 32;
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{4,32}$/;
/**
 * Codes a member may try in an hour that turn out unknown or inactive; past them every claim of that
 * member answers 429 until the hour ends (a right code too: the answer would tell a guesser).
 */
export const PROMO_CODE_GUESSES_PER_HOUR = 10;

export function normalizePromoCode(text: string): string {
  return text.trim().toUpperCase();
}

export function isPromoCode(text: string): boolean {
  return PROMO_CODE_PATTERN.test(normalizePromoCode(text));
}

export const PromoErrorCode = {
  /** The merchant does not offer promo codes (promoCodeEnable off). */
  PROMO_CODE_DISABLED: 'promo_code_disabled',
  /** No such code for this merchant (another merchant's code is unknown here too). */
  PROMO_CODE_INVALID: 'promo_code_invalid',
  /** The code exists but is outside its active window. */
  PROMO_CODE_EXPIRED: 'promo_code_expired',
  /** This member has claimed this code before. */
  PROMO_CODE_CLAIMED: 'promo_code_claimed',
} as const;
export type PromoErrorCode = (typeof PromoErrorCode)[keyof typeof PromoErrorCode];
