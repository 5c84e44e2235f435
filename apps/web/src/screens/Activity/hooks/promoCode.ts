import { ErrorCode } from '@wps/contract/errorCodes';
import { isPromoCode, PromoErrorCode } from '@wps/contract/content';
import { TOO_MANY_REQUEST_PREFIX } from '@wps/contract/errors';
import type { MessageKey } from '@/i18n';

/** The translated message of a refused claim (the server's own text is never shown). */
export function promoCodeErrorKey(errorCode: string | null): MessageKey {
  if (errorCode?.startsWith(TOO_MANY_REQUEST_PREFIX)) return 'promo_code_too_many';
  switch (errorCode) {
    case PromoErrorCode.PROMO_CODE_INVALID:
      return 'promo_code_invalid';
    case PromoErrorCode.PROMO_CODE_EXPIRED:
      return 'promo_code_expired';
    case PromoErrorCode.PROMO_CODE_CLAIMED:
      return 'promo_code_claimed';
    case PromoErrorCode.PROMO_CODE_DISABLED:
      return 'promo_code_disabled';
    case ErrorCode.INVALID_REQUEST:
      return 'promo_code_format';
    default:
      return 'promo_code_failed';
  }
}

/** What the box says about typed text before sending it: null when it may be sent. */
export function promoCodeInputError(text: string): MessageKey | null {
  if (text.trim() === '') return 'promo_code_required';
  return isPromoCode(text) ? null : 'promo_code_format';
}
