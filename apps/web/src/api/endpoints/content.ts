import type {
  DownloadSetting,
  PromoCodeClaim,
  PromoCodeEnable,
  PromotionCategory,
} from '@wps/contract/content';
import { call } from '@/api/call';

/**
 * Promotions and the download page (issue 15 items 6 and 8). The screens show their own empty and
 * error states (`handleErrors: false`); the promo-code box shows the claim's refusals itself.
 */
const quiet = { handleErrors: false } as const;

export function fetchPromotionCategories(): Promise<PromotionCategory[]> {
  return call('promotionCategories', {}, quiet);
}

export function fetchPromoCodeEnable(): Promise<PromoCodeEnable> {
  return call('promoCodeEnable', {}, quiet);
}

export function claimPromoCode(code: string, promotionId: string): Promise<PromoCodeClaim> {
  return call('claimPromoCode', { code, promotionId }, quiet);
}

export function fetchDownloadSetting(domain: string): Promise<DownloadSetting> {
  return call('downloadSetting', domain === '' ? {} : { domain }, quiet);
}
