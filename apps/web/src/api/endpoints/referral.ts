import type {
  AgentInfo,
  AvailablePromotion,
  CreatedSubAccount,
  ReferralInfo,
  ReferredFriend,
  SubAccount,
} from '@wps/contract/referral';
import type { Paged } from '@wps/contract/games';
import { call } from '@/api/call';

/**
 * Referral and agents (issue 15): the promotions the referral page reads, the member's referral code
 * and friends, an agent's downline. The screens show their own errors (`handleErrors: false`); a lost
 * session goes through the error catalogue as everywhere.
 */
const inline = { handleErrors: false } as const;

/** The member's promotions when logged in, else the public ones (spec section 6). */
export function fetchPromotions(member: boolean): Promise<AvailablePromotion[]> {
  return member
    ? call('memberPromotions', {}, { noCache: true, ...inline })
    : call('availablePromotions', {}, inline);
}

export function fetchReferralInfo(): Promise<ReferralInfo> {
  return call('referralInfo', {}, { noCache: true, ...inline });
}

export function fetchReferralFriends(page: number, pageSize: number): Promise<Paged<ReferredFriend>> {
  return call('referralFriends', { page, pageSize }, { noCache: true, ...inline });
}

export function fetchAgentInfo(): Promise<AgentInfo> {
  return call('agentInfo', {}, { noCache: true, ...inline });
}

export function fetchSubAccounts(page: number, pageSize: number): Promise<Paged<SubAccount>> {
  return call('agentSubAccounts', { page, pageSize }, { noCache: true, ...inline });
}

/** `attestation`: the agent attests the sub-member's age and terms acceptance (issue 29). */
export function createSubAccount(
  username: string,
  password: string,
  attestation: { ageConfirmed?: boolean; dateOfBirth?: string; termsVersion?: number } = {},
): Promise<CreatedSubAccount> {
  return call('agentCreateSubAccount', { username, password, ...attestation }, inline);
}
