/**
 * The referral domain (docs/architecture.md, "Server"): promotions, a member's referral code and
 * referred friends, an agent's sub-accounts, and the referral link a registration records. Its
 * public face: other folders import the domain from here only (the linter refuses a deep import).
 */
export { referralLinkOf, ReferralService, type ReferralDeps, type ReferralLink } from './referral.js';
