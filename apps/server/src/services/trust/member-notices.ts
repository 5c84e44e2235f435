import { sql } from 'drizzle-orm';
import type { LimitOffer } from '@wps/contract/trust';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/raw.js';
import { termsToAccept } from './admission.js';
import { OFFER_FACT_COLUMNS, offerDue, type OfferFacts } from './limit-offer.js';
import type { JurisdictionProfiles } from './profiles.js';
import { TERMS_COLUMNS, type TermsRow } from './terms.js';

/** What member info tells of trust (issue 29). */
export interface MemberNotices {
  /** The terms version the member still has to accept; null when none. */
  termsToAccept: number | null;
  /** The deposit-limit offer due; null when none. */
  limitOffer: LimitOffer | null;
}

/**
 * Member info is asked on every appearance of a token: its two trust facts (the terms to accept and
 * the deposit-limit offer) come from one read of the member's row rather than a query each. The
 * columns are the ones `pendingTerms` and `LimitOffers.due` read, so the answers cannot drift.
 */
export async function memberNotices(
  db: Db,
  profiles: JurisdictionProfiles,
  merchantId: number,
  customerId: number,
): Promise<MemberNotices> {
  const profile = await profiles.ofMerchant(merchantId);
  const [row] = await rowsOf<TermsRow & OfferFacts>(
    db,
    sql`SELECT ${TERMS_COLUMNS}, ${OFFER_FACT_COLUMNS}
          FROM customers c WHERE c.id = ${customerId} AND c.merchant_id = ${merchantId}`,
  );
  return {
    termsToAccept: termsToAccept(row?.current ?? 0, row?.accepted ?? null),
    limitOffer: offerDue(row, profile.rules.limitPrompt),
  };
}
