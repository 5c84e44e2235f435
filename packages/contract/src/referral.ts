/**
 * Referral and agents (issue 15 items 4 and 5; spec sections 2, 3, 4 "Referral entry", 6): a member's
 * referral code and the friends who registered with it, an agent's (member type 1 or 2) downline, and
 * the promotions the referral page reads (REFERRAL, APP_DOWNLOAD).
 */

/** Member types that are agents (spec section 3, member info). */
export const AGENT_MEMBER_TYPES: readonly number[] = [1, 2];

export function isAgentType(type: number): boolean {
  return AGENT_MEMBER_TYPES.includes(type);
}

/** A referral code: letters and digits, what the server hands out (8) and the most it looks up. */
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{8}$/;

export const REFERRAL_PAGE_SIZE = 20;
export const REFERRAL_MAX_PAGE_SIZE = 50;

/** The promotion programs the referral page knows (spec section 3, promotions). */
export type PromotionCode = 'APP_DOWNLOAD' | 'REFERRAL';

/**
 * GET /wps/relay/MCSFE_getMerchantAvailablePromotions (public, sent without authorization) and
 * GET /wps/member/promotions (the member's): the programs the backend runs. `enabled` is the backend
 * flag; `bonus` the amount in the merchant's currency, null without one.
 */
export interface AvailablePromotion {
  code: PromotionCode;
  enabled: boolean;
  bonus: number | null;
}

/** GET /wps/member/referral: the member's own referral code and how many friends used it. */
export interface ReferralInfo {
  referralCode: string;
  friends: number;
}

/** One friend who registered with the member's code: the name masked, the registration time (ISO). */
export interface ReferredFriend {
  name: string;
  registeredAt: string;
}

/** GET /wps/member/agent: the agent's downline code and the number of sub-accounts. */
export interface AgentInfo {
  referralCode: string;
  subAccounts: number;
}

/** One sub-account of an agent (the agent sees its own sub-accounts' usernames). */
export interface SubAccount {
  id: string;
  account: string;
  registeredAt: string;
}

/** POST /wps/member/agent/members: the sub-member created. */
export interface CreatedSubAccount {
  id: string;
  account: string;
}

/** Referral and agent refusals (the product's own). */
export const ReferralErrorCode = {
  /** An agent-only call by a player (or a member type that is not an agent). */
  AGENT_ONLY: 'agent_only',
} as const;
export type ReferralErrorCode = (typeof ReferralErrorCode)[keyof typeof ReferralErrorCode];

/** "alice123" → "al****23": what a member sees of a friend's username. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  if (chars.length <= 4)
    return `${chars[0] ?? ''}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1] ?? ''}`;
  return `${chars.slice(0, 2).join('')}****${chars.slice(-2).join('')}`;
}
