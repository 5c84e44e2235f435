import { sql } from 'drizzle-orm';
import type { LimitOffer, LimitOfferChoice } from '@wps/contract/trust';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { appendAudit } from './audit.js';
import type { JurisdictionProfile, JurisdictionProfiles } from './profiles.js';
import type { TrustActor, TrustMember } from './service.js';

export interface OfferFacts {
  answered: boolean;
  limited: boolean;
  deposited: boolean;
}

/** The offer's facts as columns of a query over the member's row `c` (customers). */
export const OFFER_FACT_COLUMNS = sql`c.limit_offer_answered_at IS NOT NULL AS answered,
  EXISTS (SELECT 1 FROM trust_limits l
           WHERE l.merchant_id = c.merchant_id AND l.customer_id = c.id
             AND l.type LIKE 'deposit%' AND l.amount IS NOT NULL) AS limited,
  EXISTS (SELECT 1 FROM payments p
           WHERE p.merchant_id = c.merchant_id AND p.customer_id = c.id
             AND p.state = 'success') AS deposited`;

/** The offer due, from its facts and the profile's moment (no facts: no such member, no offer). */
export function offerDue(
  facts: OfferFacts | undefined,
  limitPrompt: JurisdictionProfile['rules']['limitPrompt'],
): LimitOffer | null {
  if (facts === undefined || facts.answered || facts.limited) return null;
  if (limitPrompt === 'registration') return 'now';
  return facts.deposited ? null : 'at_deposit';
}

/**
 * The offer to set a deposit limit (issue 29 item 1): made once, where the merchant's profile says —
 * right after registration (`registration`) or on the deposit page before the first deposit
 * (`first_deposit`). A member who already limits deposits is not asked; an answer (a limit set
 * through it, or "not now") ends it and is kept in the trust audit.
 */
export class LimitOffers {
  constructor(
    private readonly db: Db,
    private readonly profiles: JurisdictionProfiles,
    private readonly now: () => number,
  ) {}

  async due(merchantId: number, customerId: number): Promise<LimitOffer | null> {
    const profile = await this.profiles.ofMerchant(merchantId);
    const [facts] = await rowsOf<OfferFacts>(
      this.db,
      sql`SELECT ${OFFER_FACT_COLUMNS} FROM customers c WHERE c.id = ${customerId} AND c.merchant_id = ${merchantId}`,
    );
    return offerDue(facts, profile.rules.limitPrompt);
  }

  /** Records the member's answer once; a second answer (another tab, a retry) changes nothing. */
  async answer(member: TrustMember, choice: LimitOfferChoice, actor: TrustActor): Promise<null> {
    const at = this.now();
    await this.db.transaction(async (tx) => {
      const answered = await rowsOf<{ id: number }>(
        tx,
        sql`UPDATE customers SET limit_offer_answered_at = ${new Date(at).toISOString()}::timestamptz
             WHERE id = ${member.customerId} AND merchant_id = ${member.merchantId}
               AND limit_offer_answered_at IS NULL
           RETURNING id`,
      );
      if (answered.length === 0) return;
      await appendAudit(tx, {
        merchantId: member.merchantId,
        customerId: member.customerId,
        actor: actor.kind,
        actorId: actor.kind === 'staff' ? actor.staffId : null,
        action: 'limit_offer.answer',
        requested: { choice },
        effect: { choice },
        at,
      });
    });
    return null;
  }
}
