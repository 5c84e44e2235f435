import { ErrorCode } from '@wps/contract/errorCodes';
import {
  PROMO_CODE_GUESSES_PER_HOUR,
  PromoErrorCode,
  type PromoCodeClaim,
  type PromotionCategory,
} from '@wps/contract/content';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LanguageCode } from '@wps/contract/languages';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { promoCodeClaims, promoCodes, promotionCategories } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { FixedWindowCounter, type Reservation } from '../rate-limit/fixed-window-counter.js';
import type { Merchant } from '../merchants/repository.js';

/**
 * Promotions (issue 15 item 6): the merchant's promotion categories and its promo codes.
 *
 * Promo-code rules: a code is the merchant's own (another merchant's code is unknown here, with the
 * same answer as a code that does not exist, so codes cannot be probed across merchants); it is
 * compared in upper case with surrounding spaces dropped (the schema normalises it); it counts only
 * inside its window (starts_at ≤ now < ends_at); a member claims it once (the unique index on code
 * and member decides, also for two claims at the same moment); a code with a limit (`max_claims`, set
 * in the back office) is claimed by that many members at most, and then answers as one no longer
 * active.
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

const HOUR_MS = 60 * 60 * 1000;

/**
 * The wrong codes each member has tried this hour, in the shared `rate_limits` table (every instance
 * counts in the same window): a code space can't be walked one guess at a time.
 */
export class PromoCodeGuesses {
  private readonly counter: FixedWindowCounter;

  constructor(db: Db, now: () => number) {
    this.counter = new FixedWindowCounter(db, HOUR_MS, now, 'promo');
  }

  /** Takes a guess's place (given back when the code was a real, active one), or refuses: 429. */
  async take(merchantId: number, customerId: number): Promise<Reservation> {
    const place = await this.counter.reserve(`${merchantId}:${customerId}`, PROMO_CODE_GUESSES_PER_HOUR);
    if (place === null) {
      throw new DomainError(ErrorCode.TOO_MANY_REQUEST, 'Too many promo codes tried. Try again later.');
    }
    return place;
  }

  giveBack(place: Reservation): Promise<void> {
    return this.counter.release(place);
  }

  sweep(): Promise<void> {
    return this.counter.sweep();
  }
}

export async function claimPromoCode(
  db: Db,
  guesses: PromoCodeGuesses,
  merchant: Merchant,
  customerId: number,
  input: EndpointParsed<'claimPromoCode'>,
  now: Date,
): Promise<PromoCodeClaim> {
  if (!merchant.settings.promoCodeEnable) {
    throw new DomainError(PromoErrorCode.PROMO_CODE_DISABLED, 'Promo codes are not offered.');
  }
  const place = await guesses.take(merchant.id, customerId);
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
  // A real, active code is no guess, whether this member had it already or not.
  await guesses.giveBack(place);
  const claim = await db.transaction(async (tx) => {
    if (code.maxClaims === null) return insertClaim(tx, code.id, customerId, now);
    // A limited code: the row locked, so two last claims at once cannot both pass the count.
    await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, code.id)).for('update');
    const [claimed] = await tx
      .select({ value: count() })
      .from(promoCodeClaims)
      .where(eq(promoCodeClaims.promoCodeId, code.id));
    const mine = await tx
      .select({ id: promoCodeClaims.id })
      .from(promoCodeClaims)
      .where(and(eq(promoCodeClaims.promoCodeId, code.id), eq(promoCodeClaims.customerId, customerId)));
    if (mine.length === 0 && (claimed?.value ?? 0) >= code.maxClaims) {
      // Used up: as a code that is no longer active (the limit is the merchant's business).
      throw new DomainError(PromoErrorCode.PROMO_CODE_EXPIRED, 'This promo code is not active.');
    }
    return insertClaim(tx, code.id, customerId, now);
  });
  if (claim === undefined) {
    throw new DomainError(PromoErrorCode.PROMO_CODE_CLAIMED, 'You have already claimed this promo code.');
  }
  return {
    code: code.code,
    promotionId: code.announcementId === null ? null : String(code.announcementId),
    claimedAt: claim.claimedAt.toISOString(),
  };
}

async function insertClaim(
  db: Pick<Db, 'insert'>,
  promoCodeId: number,
  customerId: number,
  now: Date,
): Promise<{ claimedAt: Date } | undefined> {
  const [claim] = await db
    .insert(promoCodeClaims)
    .values({ promoCodeId, customerId, claimedAt: now })
    .onConflictDoNothing()
    .returning({ claimedAt: promoCodeClaims.claimedAt });
  return claim;
}
