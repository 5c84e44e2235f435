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
