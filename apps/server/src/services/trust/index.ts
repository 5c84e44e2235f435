/**
 * Trust and responsible gaming (issue 29): jurisdiction profiles as data, the member's limits with
 * cooling-off, breaks, reality checks, the trust audit; the gate other domains call inside their own
 * transactions (deposits, bets) and at every sign-in.
 */
import type { Db } from '../../db/client.js';
import { TrustGate } from './gate.js';
import { LegalDocuments } from './legal.js';
import { LimitOffers } from './limit-offer.js';
import { memberNotices, type MemberNotices } from './member-notices.js';
import { JurisdictionProfiles } from './profiles.js';
import { TrustService } from './service.js';

export { TrustGate, breakRefusal, breakRunning, helpLinesFor, stakeCap, type BreakColumns } from './gate.js';
export { TrustService, type TrustActor, type TrustMember } from './service.js';
export { JurisdictionProfiles, type JurisdictionProfile } from './profiles.js';
export { LegalDocuments } from './legal.js';
export { ageOn, breakEnds, PERMANENT_UNTIL } from './breaks.js';
export { currentTermsVersion, underAge, type Admitted, type Attestation } from './admission.js';
export { appendAudit } from './audit.js';
export { acceptTerms, pendingTerms, requireTermsAccepted } from './terms.js';

export interface TrustServices {
  profiles: JurisdictionProfiles;
  gate: TrustGate;
  service: TrustService;
  legal: LegalDocuments;
  limitOffers: LimitOffers;
  /** Member info's trust facts (terms to accept, limit offer) in one query. */
  memberNotices(merchantId: number, customerId: number): Promise<MemberNotices>;
}

export function createTrustServices(options: {
  db: Db;
  now: () => number;
  cacheTtlMs: number;
}): TrustServices {
  const profiles = new JurisdictionProfiles(options.db, options.cacheTtlMs, options.now);
  return {
    profiles,
    gate: new TrustGate(profiles, options.now, options.db),
    service: new TrustService(options.db, profiles, options.now),
    legal: new LegalDocuments(options.db),
    limitOffers: new LimitOffers(options.db, profiles, options.now),
    memberNotices: (merchantId, customerId) => memberNotices(options.db, profiles, merchantId, customerId),
  };
}
