import { ErrorCode } from '@wps/contract/errorCodes';
import type { BindCustomerRequired, SocialProvider } from '@wps/contract/social';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { WhitelabelFlag } from '@wps/contract/flags';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { socialIdentities } from '../db/schema/index.js';
import { DomainError } from '../services/errors.js';
import type { Merchant } from '../services/merchants/repository.js';
import { type BindingOutcome } from '../services/identity/social/binding.js';
import type { VerifiedSocialIdentity } from '../services/identity/social/types.js';
import type { IdentityServicesFixture } from './identity-services.js';

/** What the social binding tests (services/identity/social: binding, linked-sign-ins) share. */

export const CALLER = { ip: '127.0.0.1' };
export const META = {
  ip: '127.0.0.1',
  registerUrl: 'https://lotus.localhost/m/login',
  affiliateCode: 'aff1',
  /** An adult who accepts (issue 29): a sign-in that registers a member states it. */
  attestation: { ageConfirmed: true, dateOfBirth: '1990-01-01', termsVersion: 1 },
};

/** How many sign-ins `identity()` made: each one a new person. */
export let serial = 0;
export function identity(provider: SocialProvider = 'google.com'): VerifiedSocialIdentity {
  serial += 1;
  return {
    provider,
    subject: `subject-${serial}-${Date.now()}`,
    displayName: `Person ${serial}`,
    pictureUrl: null,
  };
}

export function withFlags(merchant: Merchant, flags: Partial<Record<WhitelabelFlag, boolean>>): Merchant {
  return { ...merchant, flags: { ...merchant.flags, ...flags } };
}

export function usernameLogin(
  username: string,
  password: string,
  bindToken?: string,
): EndpointParsed<'login'> {
  return {
    type: 'username',
    username,
    password,
    loginDeviceId: 'd'.repeat(36),
    isOfficialAppLogin: false,
    ...(bindToken === undefined ? {} : { bindToken }),
  };
}

export function registration(username: string, bindToken?: string): EndpointParsed<'register'> {
  return {
    username,
    password: 'Secret123',
    registerMethod: 'H5',
    registerUrl: 'https://lotus.localhost/m/register',
    loginDeviceId: 'd'.repeat(36),
    isOfficialAppLogin: false,
    domain: 'lotus.localhost',
    login: true,
    pixelTrack: null,
    ageConfirmed: true,
    dateOfBirth: '1990-01-01',
    termsVersion: 1,
    ...(bindToken === undefined ? {} : { bindToken }),
  };
}

export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** Every combination of the three conditions of spec section 4 "Login". */
export const OUTCOMES: readonly [auto: boolean, create: boolean, manual: boolean, outcome: BindingOutcome][] =
  [
    [true, true, false, 'autoRegister'],
    [true, true, true, 'confirm'],
    [true, false, false, 'confirm'],
    [true, false, true, 'confirm'],
    [false, true, false, 'confirm'],
    [false, true, true, 'confirm'],
    [false, false, false, 'confirm'],
    [false, false, true, 'confirm'],
  ];

/** The member a sign-in is linked to, and the bind token of a sign-in that matches no member. */
export function bindingLookups(t: IdentityServicesFixture) {
  const linkedCustomerId = async (merchant: Merchant, who: VerifiedSocialIdentity) => {
    const [row] = await t.db
      .select({ customerId: socialIdentities.customerId })
      .from(socialIdentities)
      .where(
        and(
          eq(socialIdentities.merchantId, merchant.id),
          eq(socialIdentities.provider, who.provider),
          eq(socialIdentities.subject, who.subject),
        ),
      );
    return row?.customerId ?? null;
  };

  const bindToken = async (merchant: Merchant, who: VerifiedSocialIdentity) => {
    const error = await refusal(t.identity.social.signInWithSocialIdentity(merchant, who, META));
    expect(error.code).toBe(ErrorCode.BIND_CUSTOMER_REQUIRED);
    return error.data as BindCustomerRequired;
  };

  return { linkedCustomerId, bindToken };
}
