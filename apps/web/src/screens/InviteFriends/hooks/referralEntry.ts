import { isAgentType } from '@wps/contract/referral';

/** What /m/inviteFriends shows (spec section 4, "Referral entry"). */
export type ReferralEntry = 'loading' | 'agent' | 'comingSoon' | 'customerService' | 'visitor' | 'member';

export interface ReferralFacts {
  loggedIn: boolean;
  /** The member's type; undefined while member info loads (or logged out). */
  memberType: number | undefined;
  /** The referral promotion of the settings (promotions.REFERRAL.enabled); undefined before settings. */
  promoEnabled: boolean | undefined;
  /** The backend's REFERRAL flag (the promotions call); undefined while it loads, null if it failed. */
  backendEnabled: boolean | null | undefined;
}

/**
 * The rules of spec section 4: an agent is sent to /m/agentRegister; with the referral promotion off
 * the page is a "coming soon" notice; on, but off in the backend, it opens customer service; else the
 * member's referral page, or for a visitor the programme and the way to log in or register. A failed
 * promotions call counts as the backend flag off (the member still reaches customer service).
 */
export function referralEntry(facts: ReferralFacts): ReferralEntry {
  if (facts.loggedIn) {
    if (facts.memberType === undefined) return 'loading';
    if (isAgentType(facts.memberType)) return 'agent';
  }
  if (facts.promoEnabled === undefined) return 'loading';
  if (!facts.promoEnabled) return 'comingSoon';
  if (facts.backendEnabled === undefined) return 'loading';
  if (facts.backendEnabled !== true) return 'customerService';
  return facts.loggedIn ? 'member' : 'visitor';
}
