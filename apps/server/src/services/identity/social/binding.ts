import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointParsed } from '@wps/contract/endpoints';
import { type LinkedSignIns, SocialErrorCode } from '@wps/contract/social';
import type { LoginResult } from '@wps/contract/accounts';
import { DomainError } from '../../errors.js';
import { underAge, type Attestation } from '../../trust/index.js';
import { flagOn, type Merchant } from '../../merchants/repository.js';
import type { IdentityDeps, Caller } from '../context.js';
import { customerByE164 } from '../customers.js';
import type { LoginService } from '../login.js';
import type { RegistrationService } from '../registration.js';
import type { AuthenticatedSession } from '../sessions.js';
import type { FirebaseSignIn } from './firebase-sign-in.js';
import type { SocialLoginMeta, VerifiedSocialIdentity } from './types.js';

/** The age and terms fields of a sign-in request, those given only. */
export function attestationOf(input: Attestation): Attestation {
  const claim: Attestation = {};
  if (input.ageConfirmed !== undefined) claim.ageConfirmed = input.ageConfirmed;
  if (input.dateOfBirth !== undefined) claim.dateOfBirth = input.dateOfBirth;
  if (input.termsVersion !== undefined) claim.termsVersion = input.termsVersion;
  return claim;
}

/** What a sign-in that matches no member leads to (spec section 4 "Login"). */
export type BindingOutcome = 'autoRegister' | 'confirm';

/**
 * Auto-registration when the merchant's auto-register option (SSOAUTOREG3) and social account
 * creation (FIREBASECREATEACC3) are on and manual SSO registration (SSOMANUALREG3) is off; otherwise
 * the confirm dialog (bind_customer_required).
 */
export function bindingOutcome(merchant: Merchant): BindingOutcome {
  return flagOn(merchant, 'SSOAUTOREG3') &&
    flagOn(merchant, 'FIREBASECREATEACC3') &&
    !flagOn(merchant, 'SSOMANUALREG3')
    ? 'autoRegister'
    : 'confirm';
}

/**
 * Social sign-in: every provider's verified sign-in ends here (`signInWithSocialIdentity`), the
 * Firebase login, and the member's linked sign-ins. Logins and registrations go through the login
 * and registration services, so sessions, second factors and new members are made one way.
 */
export class SocialSignInService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly login: LoginService,
    private readonly registration: RegistrationService,
    private readonly firebase: FirebaseSignIn,
  ) {}

  /**
   * The login of a verified sign-in: the linked member's login answer (a session, or
   * login_verify_required with a second factor); for no linked member, a new member
   * (`bindingOutcome`) or bind_customer_required with a bind token (BindCustomerRequired).
   */
  async signInWithSocialIdentity(
    merchant: Merchant,
    identity: VerifiedSocialIdentity,
    meta: SocialLoginMeta,
  ): Promise<LoginResult> {
    const caller: Caller =
      meta.userAgent === undefined ? { ip: meta.ip } : { ip: meta.ip, userAgent: meta.userAgent };
    const customer = await this.deps.links.customerOf(merchant.id, identity);
    if (customer !== null) return this.login.admit(merchant, customer, caller);
    // A verified phone number is the SMS alternative: the member with that mobile number, linked now.
    if (identity.verifiedPhone !== undefined) {
      const byMobile = await customerByE164(this.deps.db, merchant.id, identity.verifiedPhone);
      if (byMobile !== null) return this.login.admit(merchant, byMobile, caller, identity);
    }
    if (bindingOutcome(merchant) === 'autoRegister') {
      await this.requireAgeStated(merchant, identity, meta);
      try {
        return await this.registration.autoRegister(merchant, identity, meta);
      } catch (error) {
        // The same new sign-in twice at once: the other request registered it; log in as that member.
        if (!(error instanceof DomainError) || error.code !== SocialErrorCode.SOCIAL_IDENTITY_TAKEN)
          throw error;
        const registered = await this.deps.links.customerOf(merchant.id, identity);
        if (registered === null) throw error;
        return this.login.admit(merchant, registered, caller);
      }
    }
    const data = await this.deps.links.issueBindToken(merchant.id, identity);
    throw new DomainError(
      ErrorCode.BIND_CUSTOMER_REQUIRED,
      'This sign-in is not linked to an account yet. Log in to link it, or register.',
      data,
    );
  }

  /**
   * A sign-in that would register a member but states no age as the merchant's profile asks (no
   * date of birth where one is required, no confirmation): refused with rg_under_age, carrying a
   * bind token as bind_customer_required does, so the client takes the member to the registration
   * form, which asks the date of birth and links this sign-in. A stated age is checked with the
   * rest of the registration (RegistrationService.autoRegister).
   */
  private async requireAgeStated(
    merchant: Merchant,
    identity: VerifiedSocialIdentity,
    meta: SocialLoginMeta,
  ): Promise<void> {
    const claim = meta.attestation ?? {};
    if (claim.dateOfBirth !== undefined) return;
    const { minAge, ageCheck } = await this.deps.trust.ageRules(merchant.id);
    if (ageCheck === 'confirm' && claim.ageConfirmed === true) return;
    const bind = await this.deps.links.issueBindToken(merchant.id, identity);
    throw underAge(minAge, { ...bind });
  }

  /** The login call with type firebase: the ID token verified, then `signInWithSocialIdentity`. */
  async firebaseLogin(
    merchant: Merchant,
    input: EndpointParsed<'login'>,
    caller: Caller,
  ): Promise<LoginResult> {
    const identity = await this.firebase.verify(merchant, input.firebaseChannel, input.firebaseIdToken);
    return this.signInWithSocialIdentity(merchant, identity, {
      ...caller,
      attestation: attestationOf(input),
    });
  }

  /** The session's member's linked sign-ins. */
  async linkedSignIns(merchant: Merchant, session: AuthenticatedSession): Promise<LinkedSignIns> {
    return {
      hasPassword: session.customer.hasPassword,
      identities: await this.deps.links.list(merchant.id, session.customer.id),
    };
  }

  /** Unlinks one of the session's member's sign-ins (never another member's). */
  async unlink(
    merchant: Merchant,
    session: AuthenticatedSession,
    input: EndpointParsed<'unlinkSignIn'>,
  ): Promise<null> {
    await this.deps.links.unlink(merchant.id, session.customer, Number(input.id));
    return null;
  }
}
