import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointParsed } from '@wps/contract/endpoints';
import {
  DEFAULT_MOBILE_REGISTRATION_PASSWORD,
  type AutoUsernameResult,
  type LoginResult,
  type RegistrationResult,
} from '@wps/contract/accounts';
import type { SocialProvider } from '@wps/contract/social';
import { randomInt } from 'node:crypto';
import { DomainError, invalidRequest } from '../errors.js';
import { flagOn, type Merchant } from '../merchants/repository.js';
import { mobileDestination } from './codes.js';
import type { IdentityDeps, Caller } from './context.js';
import { customerByMobile, customerByUsername, storedDialingCode } from './customers.js';
import { insertMember, taken, type NewCustomer, type SocialLink } from './new-member.js';
import { checkNewPassword, checkUsername, loginResult } from './policy.js';
import type { Customer } from './sessions.js';
import type { FirebaseSignIn } from './social/firebase-sign-in.js';
import type { SocialLoginMeta, VerifiedSocialIdentity } from './social/types.js';
import { newToken } from '../../lib/tokens.js';

type RegistrationInput = EndpointParsed<'register'>;

/** The username prefix of an auto-registered member, by provider. */
const USERNAME_PREFIX: Readonly<Record<SocialProvider, string>> = {
  'google.com': 'g',
  'facebook.com': 'fb',
  'twitter.com': 'x',
  phone: 'p',
  line: 'line',
  telegram: 'tg',
  maya: 'maya',
};

/**
 * Registration: by username and password, by mobile number and SMS code (the username then optional,
 * the password optional where MOBILENUMPWD3 is off), and the username suggestion. A taken username or
 * number is found before the captcha or code is spent; two registrations racing for one are settled
 * by the unique indexes.
 */
export class RegistrationService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly firebase: FirebaseSignIn,
  ) {}

  async register(merchant: Merchant, input: RegistrationInput, caller: Caller): Promise<RegistrationResult> {
    const { username, password } = input;
    if (username === undefined || password === undefined) {
      throw invalidRequest('username and password are required.');
    }
    checkUsername(username);
    checkNewPassword(password);
    if ((await customerByUsername(this.deps.db, merchant.id, username)) !== null) throw taken('username');
    const social = await this.checkSocialFields(merchant, input);
    // Before the captcha is spent: an under-age refusal leaves the pass for a corrected attempt.
    const admitted = await this.deps.trust.admitNewMember(merchant.id, input);
    await this.deps.captcha.requirePass(merchant, 'REGCAPTCHA3', input);
    return this.create(
      merchant,
      input,
      caller,
      {
        username,
        password,
        defaultPassword: false,
        hasPassword: true,
        countryDialingCode: null,
        mobileNum: null,
        admitted,
      },
      await this.socialLink(merchant, input, social),
    );
  }

  async registerMobile(
    merchant: Merchant,
    input: RegistrationInput,
    caller: Caller,
  ): Promise<RegistrationResult> {
    const { countryDialingCode, mobileNum, smsCode } = input;
    if (countryDialingCode === undefined || mobileNum === undefined || smsCode === undefined) {
      throw invalidRequest('countryDialingCode, mobileNum and smsCode are required.');
    }
    if (!flagOn(merchant, 'MOBILENUMREG3')) {
      throw new DomainError(ErrorCode.MODULE_DISABLED, 'Mobile registration is not offered.');
    }
    // With MOBILENUMPWD3 off the client sends the default password; such accounts must change it.
    const password = input.password ?? DEFAULT_MOBILE_REGISTRATION_PASSWORD;
    const defaultPassword = password === DEFAULT_MOBILE_REGISTRATION_PASSWORD;
    if (defaultPassword && flagOn(merchant, 'MOBILENUMPWD3')) {
      throw new DomainError(ErrorCode.PASSWORD_NOT_ALLOWED, 'Please choose a password.');
    }
    if (!defaultPassword) checkNewPassword(password);
    if (input.username !== undefined) checkUsername(input.username);
    const { db } = this.deps;
    await this.deps.trust.requireCountryServed(merchant.id, storedDialingCode(countryDialingCode));
    if ((await customerByMobile(db, merchant.id, countryDialingCode, mobileNum)) !== null)
      throw taken('mobile');
    if (
      input.username !== undefined &&
      (await customerByUsername(db, merchant.id, input.username)) !== null
    ) {
      throw taken('username');
    }
    const social = await this.checkSocialFields(merchant, input);
    // Before the SMS code is used: a refusal leaves it for a corrected attempt.
    const admitted = await this.deps.trust.admitNewMember(merchant.id, input);
    const used = await this.deps.codes.consume(
      {
        merchantId: merchant.id,
        channel: 'sms',
        destination: mobileDestination(countryDialingCode, mobileNum),
        purpose: 'register',
      },
      smsCode,
    );
    if (used === null) {
      throw new DomainError(ErrorCode.VERIFY_CODE_INVALID, 'The SMS code is not correct or has expired.');
    }
    return this.create(
      merchant,
      input,
      caller,
      {
        username: input.username ?? (await this.freeUsername(merchant, 'm')),
        password,
        defaultPassword,
        hasPassword: true,
        countryDialingCode: storedDialingCode(countryDialingCode),
        mobileNum,
        admitted,
      },
      await this.socialLink(merchant, input, social),
    );
  }

  /**
   * A member for a social sign-in that matched no account, where the merchant registers them by
   * itself (social/binding.ts decides): a free username of the provider's prefix, no password, the
   * sign-in linked, and a session — what a login answers.
   */
  async autoRegister(
    merchant: Merchant,
    identity: VerifiedSocialIdentity,
    meta: SocialLoginMeta,
  ): Promise<LoginResult> {
    const admitted = await this.deps.trust.admitNewMember(merchant.id, meta.attestation ?? {});
    const { customer, token } = await insertMember(
      this.deps,
      merchant,
      {
        registerMethod: meta.registerMethod ?? 'H5',
        registerUrl: meta.registerUrl ?? '',
        affiliateCode: meta.affiliateCode,
        referralCode: meta.referralCode,
        linkId: meta.linkId,
        pixelTrack: null,
        login: true,
      },
      meta.userAgent === undefined ? { ip: meta.ip } : { ip: meta.ip, userAgent: meta.userAgent },
      {
        username: await this.freeUsername(merchant, USERNAME_PREFIX[identity.provider]),
        password: newToken(),
        defaultPassword: false,
        hasPassword: false,
        countryDialingCode: null,
        mobileNum: null,
        admitted,
      },
      { identity },
    );
    if (token === null) throw new Error('auto-registration opened no session');
    // Just accepted: nothing more to accept.
    return loginResult(customer, token, this.deps.now(), null);
  }

  /**
   * The social fields of a registration, checked before anything is spent: they travel only where
   * FIREBASECREATEACC3 is on (spec section 5), a bind token must be usable. Answers what to link
   * once the rest passed: the bind token, or the Firebase fields to verify.
   */
  private async checkSocialFields(
    merchant: Merchant,
    input: RegistrationInput,
  ): Promise<{ bindToken: string } | { firebase: true } | null> {
    const firebase = input.firebaseIdToken2 !== undefined || input.firebaseChannel2 !== undefined;
    if (input.bindToken === undefined && !firebase) return null;
    if (!flagOn(merchant, 'FIREBASECREATEACC3')) {
      throw new DomainError(ErrorCode.MODULE_DISABLED, 'Registration with a social sign-in is not offered.');
    }
    if (input.bindToken !== undefined) {
      await this.deps.links.peekBindToken(merchant.id, input.bindToken);
      return { bindToken: input.bindToken };
    }
    return { firebase: true };
  }

  /** What `checkSocialFields` found, made a link: the Firebase fields verified now (the token used once). */
  private async socialLink(
    merchant: Merchant,
    input: RegistrationInput,
    social: { bindToken: string } | { firebase: true } | null,
  ): Promise<SocialLink> {
    if (social === null || 'bindToken' in social) return social;
    return {
      identity: await this.firebase.verify(merchant, input.firebaseChannel2, input.firebaseIdToken2),
    };
  }

  /**
   * A sub-member an agent creates directly (issue 15): the registration's username and password
   * rules, the password hashed as every member's, the agent as its parent and referrer; no session.
   */
  async createSubAccount(
    merchant: Merchant,
    agent: Customer,
    input: EndpointParsed<'agentCreateSubAccount'>,
    caller: Caller,
  ): Promise<{ id: string; account: string }> {
    checkUsername(input.username);
    checkNewPassword(input.password);
    if ((await customerByUsername(this.deps.db, merchant.id, input.username)) !== null) {
      throw taken('username');
    }
    // The agent attests the sub-member's age and acceptance of the terms, as a registration states them.
    const admitted = await this.deps.trust.admitNewMember(merchant.id, input);
    const { customer } = await insertMember(
      this.deps,
      merchant,
      {
        registerMethod: 'H5',
        registerUrl: '',
        affiliateCode: undefined,
        referralCode: agent.ownReferralCode ?? undefined,
        linkId: undefined,
        pixelTrack: null,
        login: false,
      },
      caller,
      {
        username: input.username,
        password: input.password,
        defaultPassword: false,
        hasPassword: true,
        countryDialingCode: null,
        mobileNum: null,
        parentAgentId: agent.id,
        admitted,
      },
      null,
    );
    return { id: String(customer.id), account: customer.username };
  }

  async autoUsername(merchant: Merchant): Promise<AutoUsernameResult> {
    return { username: await this.freeUsername(merchant, 'user') };
  }

  /** `prefix` and a random number no member of the merchant has yet (at the time of asking). */
  private async freeUsername(merchant: Merchant, prefix: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${prefix}${randomInt(100_000, 10_000_000)}`;
      if ((await customerByUsername(this.deps.db, merchant.id, candidate)) === null) return candidate;
    }
    throw new DomainError(ErrorCode.INTERNAL_ERROR, 'No free username found. Please try again.');
  }

  /** The registration's answer for the member `insert` wrote. */
  private async create(
    merchant: Merchant,
    input: RegistrationInput,
    caller: Caller,
    member: NewCustomer,
    social: SocialLink = null,
  ): Promise<RegistrationResult> {
    const { customer, token } = await insertMember(this.deps, merchant, input, caller, member, social);
    return {
      token,
      customerId: String(customer.id),
      userName: customer.username,
      customerName: customer.username,
      firstTimeLogin: customer.firstTimeLogin || customer.defaultPassword,
      customerType: customer.customerType,
    };
  }
}
