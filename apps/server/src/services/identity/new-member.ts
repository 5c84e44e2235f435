import { ErrorCode } from '@wps/contract/errorCodes';
import { SocialErrorCode } from '@wps/contract/social';
import type { EndpointParsed } from '@wps/contract/endpoints';
import { customers } from '../../db/schema/index.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import { appendAudit, type Admitted } from '../trust/index.js';
import { referralLinkOf, type ReferralLink } from '../referral/index.js';
import type { Caller, IdentityDeps } from './context.js';
import { passwordExpiry } from './policy.js';
import type { Customer } from './sessions.js';
import type { VerifiedSocialIdentity } from './social/types.js';

type RegistrationInput = EndpointParsed<'register'>;

/** What a new member is made of, besides what the registration payload says about where it came from. */
export interface NewCustomer {
  username: string;
  password: string;
  defaultPassword: boolean;
  /** False for a member registered by a social sign-in alone (`password` is then a random secret). */
  hasPassword: boolean;
  countryDialingCode: string | null;
  mobileNum: string | null;
  /** Set for a sub-member an agent creates; otherwise the agent (if any) of the referral code. */
  parentAgentId?: number;
  /**
   * What the trust gate admitted (issue 29): required, so no registration path can skip the age
   * and terms check (TrustGate.admitNewMember).
   */
  admitted: Admitted;
}

/** Where a new member came from: the registration payload's fields, or a social login's. */
export type Origin = Pick<
  RegistrationInput,
  'registerMethod' | 'registerUrl' | 'affiliateCode' | 'referralCode' | 'linkId' | 'pixelTrack'
> & { login: boolean; adTracking?: RegistrationInput['adTracking'] };

/**
 * The social sign-in a registration links (issue 14): a bind token (used up in the member's
 * transaction, so a failed registration gives it back) or a sign-in verified from the Firebase fields.
 */
export type SocialLink = { bindToken: string } | { identity: VerifiedSocialIdentity } | null;

export function taken(what: 'username' | 'mobile'): DomainError {
  return what === 'mobile'
    ? new DomainError(ErrorCode.MOBILE_TAKEN, 'This mobile number is already registered.')
    : new DomainError(ErrorCode.USERNAME_TAKEN, 'This username is already taken.');
}

/**
 * Writes the member, the social sign-in it links and (with `login`) its session in one transaction;
 * a taken name or number, a used bind token or a sign-in linked meanwhile fails it all.
 */
export async function insertMember(
  deps: IdentityDeps,
  merchant: Merchant,
  origin: Origin,
  caller: Caller,
  member: NewCustomer,
  social: SocialLink,
): Promise<{ customer: Customer; token: string | null }> {
  const { db, now, sessions, links } = deps;
  const referral: ReferralLink | null =
    member.parentAgentId === undefined
      ? await referralLinkOf(db, merchant.id, origin.referralCode)
      : { referrerId: member.parentAgentId, parentAgentId: member.parentAgentId };
  const passwordHash = await deps.hasher.hash(member.password);
  const at = now();
  try {
    return await db.transaction(async (tx) => {
      const [customer] = await tx
        .insert(customers)
        .values({
          merchantId: merchant.id,
          username: member.username,
          passwordHash,
          countryDialingCode: member.countryDialingCode,
          mobileNum: member.mobileNum,
          defaultPassword: member.defaultPassword,
          hasPassword: member.hasPassword,
          passwordChangedAt: new Date(at),
          // No password, nothing to expire: a social-only member is never sent to change one.
          passwordExpiresAt: member.hasPassword ? passwordExpiry(at, deps.passwordExpiryDays) : null,
          language: null,
          registerMethod: origin.registerMethod,
          registerUrl: origin.registerUrl,
          registerIp: caller.ip,
          affiliateCode: origin.affiliateCode ?? null,
          referralCode: origin.referralCode ?? null,
          referrerId: referral?.referrerId ?? null,
          parentAgentId: referral?.parentAgentId ?? null,
          linkId: origin.linkId ?? null,
          pixelTrack: origin.pixelTrack,
          adTracking: adTrackingOf(origin.adTracking),
          dateOfBirth: member.admitted.dateOfBirth,
          termsVersion: member.admitted.termsVersion,
          termsAcceptedAt: member.admitted.termsVersion === null ? null : new Date(at),
        })
        .returning();
      if (customer === undefined) throw new Error('customer insert returned no row');
      if (member.admitted.termsVersion !== null) {
        await appendAudit(tx, {
          merchantId: merchant.id,
          customerId: customer.id,
          actor: 'member',
          actorId: null,
          action: 'terms.accept',
          requested: {
            version: member.admitted.termsVersion,
            at: 'registration',
            // An agent-created sub-member: the agent attested the age and the acceptance.
            attestedBy: member.parentAgentId ?? null,
          },
          effect: { version: member.admitted.termsVersion, previous: null },
          at,
        });
      }
      if (social !== null) {
        const identity =
          'bindToken' in social
            ? await links.claimBindToken(tx, merchant.id, social.bindToken)
            : social.identity;
        await links.link(tx, merchant.id, customer.id, identity);
      }
      const token = origin.login
        ? await sessions.create(tx, {
            merchantId: merchant.id,
            customerId: customer.id,
            ip: caller.ip,
            bindIp: merchant.sessionIpBinding,
            userAgent: caller.userAgent,
          })
        : null;
      return { customer, token };
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== null && constraint.includes('social_identities')) {
      throw new DomainError(
        SocialErrorCode.SOCIAL_IDENTITY_TAKEN,
        'This sign-in is linked to another account.',
      );
    }
    if (constraint !== null) throw taken(constraint.includes('mobile') ? 'mobile' : 'username');
    throw error;
  }
}

/** The ad-tracking ids given (empty ones dropped), null when none. */
function adTrackingOf(info: RegistrationInput['adTracking']): Record<string, string> | null {
  const entries = Object.entries(info ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  return entries.length === 0 ? null : Object.fromEntries(entries);
}
