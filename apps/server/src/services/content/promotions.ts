import {
  PromoErrorCode,
  type EndpointParsed,
  type LanguageCode,
  type PromoCodeClaim,
  type PromotionCategory,
} from '@wps/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { promoCodeClaims, promoCodes, promotionCategories } from '../../db/schema.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';

/**
 * Promotions (issue 15 item 6): the merchant's promotion categories and its promo codes.
 *
 * Promo-code rules: a code is the merchant's own (another merchant's code is unknown here, with the
 * same answer as a code that does not exist, so codes cannot be probed across merchants); it is
 * compared in upper case with surrounding spaces dropped (the schema normalises it); it counts only
 * inside its window (starts_at ≤ now < ends_at); a member claims it once (the unique index on code
 * and member decides, also for two claims at the same moment).
 */

export async function listPromotionCategories(
  db: Db,
  merchantId: number,
  language: LanguageCode,
): Promise<PromotionCategory[]> {
  const rows = await db
    .select()
    .from(promotionCategories)
    .where(eq(promotionCategories.merchantId, merchantId))
    .orderBy(asc(promotionCategories.position), asc(promotionCategories.id));
  return rows.map((row) => ({ code: row.code, name: row.names[language] ?? row.name }));
}

export async function claimPromoCode(
  db: Db,
  merchant: Merchant,
  customerId: number,
  input: EndpointParsed<'claimPromoCode'>,
  now: Date,
): Promise<PromoCodeClaim> {
  if (!merchant.settings.promoCodeEnable) {
    throw new DomainError(PromoErrorCode.PROMO_CODE_DISABLED, 'Promo codes are not offered.');
  }
  const [code] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.merchantId, merchant.id), eq(promoCodes.code, input.code)));
  if (code === undefined) {
    throw new DomainError(PromoErrorCode.PROMO_CODE_INVALID, 'This promo code is not valid.');
  }
  if (code.startsAt > now || (code.endsAt !== null && code.endsAt <= now)) {
    throw new DomainError(PromoErrorCode.PROMO_CODE_EXPIRED, 'This promo code is not active.');
  }
  const [claim] = await db
    .insert(promoCodeClaims)
    .values({ promoCodeId: code.id, customerId, claimedAt: now })
    .onConflictDoNothing()
    .returning({ claimedAt: promoCodeClaims.claimedAt });
  if (claim === undefined) {
    throw new DomainError(PromoErrorCode.PROMO_CODE_CLAIMED, 'You have already claimed this promo code.');
  }
  return {
    code: code.code,
    promotionId: code.announcementId === null ? null : String(code.announcementId),
    claimedAt: claim.claimedAt.toISOString(),
  };
}
