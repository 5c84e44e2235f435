import { z } from 'zod';
import { normalizePromoCode, PROMO_CODE_PATTERN } from '../content.js';

// ---- promotions and the download page (content.ts) -------------------------------------------------

/** Issue 15: a promo code (case-insensitive, trimmed; content.ts) and the promotion it was entered on. */
export const promoCodeClaimSchema = z.object({
  code: z.string().max(64).transform(normalizePromoCode).pipe(z.string().regex(PROMO_CODE_PATTERN)),
  promotionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

/** WPSCORE_getDownloadSetting: the asking domain (the merchant is the host's either way). */
export const downloadSettingQuerySchema = z.object({
  domain: z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(?::[0-9]{1,5})?$/)
    .optional(),
});
