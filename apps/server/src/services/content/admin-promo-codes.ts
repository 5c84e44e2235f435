import type { EndpointParsed } from '@wps/contract/endpoints';
import {
  contentStatus,
  OffersAdminErrorCode,
  type StaffPromoCode,
  type StaffPromoCodes,
} from '@wps/contract/offersAdmin';
import type { StaffActor } from '@wps/contract/staff';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { announcements, depositBonusOffers, promoCodeClaims, promoCodes } from '../../db/schema/index.js';
import { DomainError, invalidRequest } from '../errors.js';
import {
  checkWindow,
  iso,
  notFound,
  isUniqueViolation,
  type OffersDeps,
  type Runner,
} from './admin-common.js';

/**
 * The back office's promo codes (issue 30 item 5). A code may attach one of the cashier's deposit
 * bonus offers (percent, cap, turnover: what settlement reads) and limit how many members claim it.
 * What a claimed code granted never changes: once a member has claimed it, its name, promotion,
 * bonus and start are fixed; its end may move (retiring it ends it now) and its limit may change,
 * never below the claims already made.
 */

type Row = typeof promoCodes.$inferSelect;

function view(row: Row, claims: number, now: number): StaffPromoCode {
  const startsAt = row.startsAt.toISOString();
  const endsAt = iso(row.endsAt);
  return {
    id: row.id,
    code: row.code,
    promotionId: row.announcementId,
    startsAt,
    endsAt,
    status: contentStatus(startsAt, endsAt, now),
    maxClaims: row.maxClaims,
    claims,
    bonusOffer: row.bonusOffer,
    locked: claims > 0,
  };
}

async function codesOf(db: Runner, merchantId: number, now: number, id?: number): Promise<StaffPromoCode[]> {
  const conditions = [eq(promoCodes.merchantId, merchantId)];
  if (id !== undefined) conditions.push(eq(promoCodes.id, id));
  const rows = await db
    .select({
      code: promoCodes,
      claims: sql<number>`(SELECT count(*)::int FROM promo_code_claims c WHERE c.promo_code_id = "promo_codes"."id")`,
    })
    .from(promoCodes)
    .where(and(...conditions))
    .orderBy(asc(promoCodes.code));
  return rows.map((row) => view(row.code, Number(row.claims), now));
}

export async function listPromoCodes(deps: OffersDeps, actor: StaffActor): Promise<StaffPromoCodes> {
  const [codes, offers, promotions] = await Promise.all([
    codesOf(deps.db, actor.merchantId, deps.now()),
    deps.db
      .select()
      .from(depositBonusOffers)
      .where(and(eq(depositBonusOffers.merchantId, actor.merchantId), eq(depositBonusOffers.enabled, true)))
      .orderBy(asc(depositBonusOffers.code)),
    deps.db
      .select({ id: announcements.id, title: announcements.title })
      .from(announcements)
      .where(and(eq(announcements.merchantId, actor.merchantId), eq(announcements.type, 'PR')))
      .orderBy(asc(announcements.position), asc(announcements.id)),
  ]);
  return {
    codes,
    bonusOffers: offers.map((offer) => ({
      code: offer.code,
      percent: offer.percent,
      maxBonus: offer.maxBonus.toString(),
      turnoverMultiplier: offer.turnoverMultiplier,
    })),
    promotions,
  };
}

type CodeInput = EndpointParsed<'staffPromoCodeCreate'> & { id?: number };

/** The promotion and the bonus offer the input names: the merchant's own, or refused. */
async function requireOwnLinks(db: Runner, merchantId: number, input: CodeInput): Promise<void> {
  if (input.promotionId !== null) {
    const [promotion] = await db
      .select({ id: announcements.id })
      .from(announcements)
      .where(
        and(
          eq(announcements.id, input.promotionId),
          eq(announcements.merchantId, merchantId),
          eq(announcements.type, 'PR'),
        ),
      );
    if (promotion === undefined) throw notFound('promotion');
  }
  if (input.bonusOffer !== null) {
    const [offer] = await db
      .select({ code: depositBonusOffers.code })
      .from(depositBonusOffers)
      .where(
        and(eq(depositBonusOffers.merchantId, merchantId), eq(depositBonusOffers.code, input.bonusOffer)),
      );
    if (offer === undefined) throw invalidRequest('No such bonus offer.');
  }
}

const taken = () =>
  new DomainError(
    OffersAdminErrorCode.PROMO_CODE_TAKEN,
    'The merchant has a promo code of that name already.',
  );

export async function savePromoCode(
  deps: OffersDeps,
  actor: StaffActor,
  input: CodeInput,
): Promise<StaffPromoCode> {
  const merchantId = actor.merchantId;
  const { starts, ends } = checkWindow(input.startsAt, input.endsAt);
  await requireOwnLinks(deps.db, merchantId, input);
  const values = {
    code: input.code,
    announcementId: input.promotionId,
    startsAt: starts,
    endsAt: ends,
    maxClaims: input.maxClaims,
    bonusOffer: input.bonusOffer,
  };
  let id: number;
  try {
    id = await deps.db.transaction(async (tx) => {
      if (input.id === undefined) {
        const [row] = await tx
          .insert(promoCodes)
          .values({ merchantId, ...values })
          .returning({ id: promoCodes.id });
        if (row === undefined) throw notFound('promo code');
        return row.id;
      }
      // The row locked: a claim at the same moment waits (claims lock it too), so the check holds.
      const [current] = await tx
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.id, input.id), eq(promoCodes.merchantId, merchantId)))
        .for('update');
      if (current === undefined) throw notFound('promo code');
      const [claimed] = await tx
        .select({ value: count() })
        .from(promoCodeClaims)
        .where(eq(promoCodeClaims.promoCodeId, current.id));
      const claims = claimed?.value ?? 0;
      if (claims > 0) {
        const granted =
          current.code !== values.code ||
          current.announcementId !== values.announcementId ||
          current.bonusOffer !== values.bonusOffer ||
          current.startsAt.getTime() !== starts.getTime();
        if (granted || (values.maxClaims !== null && values.maxClaims < claims)) {
          throw new DomainError(
            OffersAdminErrorCode.PROMO_CODE_LOCKED,
            'This code has been claimed: only its end and its limit (not below its claims) may change.',
          );
        }
      }
      await tx.update(promoCodes).set(values).where(eq(promoCodes.id, current.id));
      return current.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  await deps.changes.announce(merchantId);
  const [saved] = await codesOf(deps.db, merchantId, deps.now(), id);
  if (saved === undefined) throw notFound('promo code');
  return saved;
}

/** Ends the window now: no new claims, the claims made stay as they are. */
export async function retirePromoCode(
  deps: OffersDeps,
  actor: StaffActor,
  id: number,
): Promise<StaffPromoCode> {
  const now = new Date(deps.now()).toISOString();
  const [row] = await deps.db
    .update(promoCodes)
    .set({
      endsAt: sql`GREATEST(${promoCodes.startsAt}, LEAST(coalesce(${promoCodes.endsAt}, ${now}::timestamptz), ${now}::timestamptz))`,
    })
    .where(and(eq(promoCodes.id, id), eq(promoCodes.merchantId, actor.merchantId)))
    .returning({ id: promoCodes.id });
  if (row === undefined) throw notFound('promo code');
  await deps.changes.announce(actor.merchantId);
  const [saved] = await codesOf(deps.db, actor.merchantId, deps.now(), id);
  if (saved === undefined) throw notFound('promo code');
  return saved;
}
