import { ErrorCode } from '@wps/contract/errorCodes';
import { MemberAdminErrorCode } from '@wps/contract/memberAdmin';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import { DomainError, invalidRequest } from '../errors.js';
import { flagOn, type Merchant } from '../merchants/repository.js';
import { mobileDestination } from './codes.js';
import type { IdentityDeps, Caller } from './context.js';
import { customerByMobile, customerByUsername } from './customers.js';
import { loginResult } from './policy.js';
import { pendingTerms } from '../trust/index.js';
import { secondFactorsOf, type SecondFactor } from './second-factor.js';
import type { AuthenticatedSession, Customer } from './sessions.js';
import type { VerifiedSocialIdentity } from './social/types.js';

/**
 * What a login names. `account` is the key the throttle counts attempts under: the lower-case
 * username, or the mobile destination.
 */
type Credentials =
  | { by: 'username'; account: string; username: string; password: string }
  | { by: 'sms'; account: string; countryDialingCode: string; mobileNum: string; code: string };

/** The pairs of fields the schema cannot require: a username or a mobile number, and the password or code. */
/**
 * A member a staff member locked (issue 30 item 7) is refused on every sign-in path, after the first
 * factor proved who it is (a wrong password still answers as one, so the lock tells nobody else).
 */
function requireNotLocked(customer: Customer): void {
  if (customer.lockedAt !== null) {
    throw new DomainError(
      MemberAdminErrorCode.ACCOUNT_LOCKED,
      'This account is locked. Please contact customer service.',
    );
  }
}

function credentialsOf(input: EndpointParsed<'login'>): Credentials {
  if (input.type === 'username') {
    if (input.username === undefined) throw invalidRequest('The account is missing.');
    if (input.password === undefined) throw invalidRequest('password: Required');
    return {
      by: 'username',
      account: input.username.toLowerCase(),
      username: input.username,
      password: input.password,
    };
  }
  if (input.type === 'sms') {
    const { countryDialingCode, mobileNum } = input;
    if (countryDialingCode === undefined || mobileNum === undefined) {
      throw invalidRequest('The account is missing.');
    }
    if (input.password === undefined) throw invalidRequest('password: Required');
    return {
      by: 'sms',
      account: mobileDestination(countryDialingCode, mobileNum),
      countryDialingCode,
      mobileNum,
      code: input.password,
    };
  }
  throw invalidRequest(`Login type ${input.type} is not offered here.`);
}

function verificationExpired(): DomainError {
  return new DomainError(ErrorCode.VERIFY_CODE_INVALID, 'The verification has expired. Please log in again.');
}

/**
 * Login by username and password or by mobile number and SMS code, its second step when the member
 * set up a second factor, and logout. Each attempt takes its place in the login throttle before
 * anything is checked; an unknown account is checked against a dummy hash and answers as a wrong
 * password does, so neither the answer nor its time tells whether an account exists.
 */
export class LoginService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly secondFactor: SecondFactor,
  ) {}

  /** A session, or login_verify_required (with the verify token) for a member with a second factor. */
  async logIn(merchant: Merchant, input: EndpointParsed<'login'>, caller: Caller): Promise<LoginResult> {
    const credentials = credentialsOf(input);
    const attempt = await this.deps.throttle.begin(merchant.id, credentials.account, caller.ip);
    try {
      await this.requireCaptcha(merchant, input, attempt.captchaRequired);
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }

    const customer =
      credentials.by === 'sms'
        ? await customerByMobile(
            this.deps.db,
            merchant.id,
            credentials.countryDialingCode,
            credentials.mobileNum,
          )
        : await customerByUsername(this.deps.db, merchant.id, credentials.username);
    // An unknown account is checked all the same (dummy hash, or a code that cannot match) and answers
    // as a wrong password: not.exists.user is for the social logins' binding flow, never said here.
    if (!(await this.matches(merchant, customer, credentials)) || customer === null) {
      throw new DomainError(ErrorCode.LOGIN_CRED_ERR, 'The account or password is incorrect.');
    }
    await attempt.succeeded();
    // The confirm dialog of a social sign-in that matched no member: the right password links it
    // (when the session opens, after the second factor if there is one). A wrong one kept the token.
    const link =
      input.bindToken === undefined
        ? null
        : await this.deps.links.claimBindToken(this.deps.db, merchant.id, input.bindToken);
    return this.admit(merchant, customer, caller, link);
  }

  /**
   * What every first factor that proved `customer` leads to (a password, an SMS code, a passkey, a
   * linked social sign-in): the second step when the member set one up (login_verify_required with
   * the verify token), else a session. `link` is a social sign-in linked to the member as the session
   * opens.
   */
  async admit(
    merchant: Merchant,
    customer: Customer,
    caller: Caller,
    link: VerifiedSocialIdentity | null = null,
  ): Promise<LoginResult> {
    // A member on a break, or locked by staff, is refused before any second step is sent.
    requireNotLocked(customer);
    await this.deps.trust.requireSignInAllowed(merchant.id, customer, merchant.countryCode);
    if (secondFactorsOf(customer).length > 0) {
      const data = await this.secondFactor.pend(merchant.id, customer, caller.ip, link);
      throw new DomainError(ErrorCode.LOGIN_VERIFY_REQUIRED, 'Please complete the second step.', data);
    }
    return this.startSession(merchant, customer, caller, link);
  }

  /**
   * The second step of a pending login: an empty code asks for an email or SMS code (null); the right
   * code opens the session, once.
   */
  async verify(
    merchant: Merchant,
    input: EndpointParsed<'loginVerification'>,
    caller: Caller,
  ): Promise<LoginResult | null> {
    const pending = await this.secondFactor.find(merchant.id, input.verifyToken);
    if (pending === null) throw verificationExpired();
    const { customer } = pending;
    // A login pending when a break began (or the account was locked): no code is sent, and it never completes.
    requireNotLocked(customer);
    await this.deps.trust.requireSignInAllowed(merchant.id, customer, merchant.countryCode);
    if (!this.secondFactor.offers(customer, input.method)) {
      throw invalidRequest('This verification method is not set up.');
    }
    if (input.code === '') {
      // The authenticator shows its code by itself, and a recovery code is on paper: nothing to send.
      if (input.method === 'ga' || input.method === 'recovery') throw invalidRequest('code: Required');
      await this.secondFactor.sendCode(merchant, customer, input.method);
      return null;
    }
    if (!(await this.secondFactor.takeAttempt(pending))) throw verificationExpired();
    if (!(await this.secondFactor.check(merchant, pending, input.method, input.code))) {
      throw new DomainError(ErrorCode.VERIFY_CODE_INVALID, 'The code is not correct.');
    }
    // Two requests with the right code: one session, the other finds the login used.
    if (!(await this.secondFactor.claim(pending))) throw verificationExpired();
    return this.startSession(merchant, customer, caller, pending.socialIdentity);
  }

  async logOut(session: AuthenticatedSession): Promise<null> {
    await this.deps.sessions.revoke(session.sessionId);
    return null;
  }

  /**
   * The merchant's login captcha (LOGINCAPTCHA3), or, when the account's captcha-free failures are
   * used up, the same captcha for this attempt even where the merchant has it off: the member (and
   * anyone) still gets in with a solved captcha, nobody is locked out.
   */
  private async requireCaptcha(
    merchant: Merchant,
    input: EndpointParsed<'login'>,
    escalated: boolean,
  ): Promise<void> {
    const { captcha } = this.deps;
    if (!escalated || flagOn(merchant, 'LOGINCAPTCHA3')) {
      await captcha.requirePass(merchant, 'LOGINCAPTCHA3', input);
      return;
    }
    // The merchant's own captcha provider and pass rules, as if its login captcha were on.
    const withCaptcha: Merchant = { ...merchant, flags: { ...merchant.flags, LOGINCAPTCHA3: true } };
    await captcha.requirePass(withCaptcha, 'LOGINCAPTCHA3', input);
  }

  /** Whether the password or SMS code is right; for no customer, the same work and false. */
  private async matches(
    merchant: Merchant,
    customer: Customer | null,
    credentials: Credentials,
  ): Promise<boolean> {
    if (credentials.by === 'username') {
      return customer === null
        ? this.deps.hasher.verifyNobody(credentials.password)
        : this.deps.hasher.verify(customer.passwordHash, credentials.password);
    }
    // Login codes go to members only, so for no customer there is no code to match: the same queries.
    const used = await this.deps.codes.consume(
      { merchantId: merchant.id, channel: 'sms', destination: credentials.account, purpose: 'login' },
      credentials.code,
    );
    return used !== null && customer !== null && used.customerId === customer.id;
  }

  /**
   * Bound to the login's ip when the merchant or the member asks for it; with `link`, the social
   * sign-in is linked in the same transaction (a sign-in linked to another member meanwhile fails both).
   */
  private async startSession(
    merchant: Merchant,
    customer: Customer,
    caller: Caller,
    link: VerifiedSocialIdentity | null = null,
  ): Promise<LoginResult> {
    const { db, links, sessions } = this.deps;
    // Again here: the second step may complete after a break began or the account was locked.
    requireNotLocked(customer);
    await this.deps.trust.requireSignInAllowed(merchant.id, customer, merchant.countryCode);
    const token = await db.transaction(async (tx) => {
      if (link !== null) await links.link(tx, merchant.id, customer.id, link);
      return sessions.create(tx, {
        merchantId: merchant.id,
        customerId: customer.id,
        ip: caller.ip,
        bindIp: merchant.sessionIpBinding || customer.sessionIpBinding,
        userAgent: caller.userAgent,
      });
    });
    // New terms published since the member last accepted: the client asks before anything else.
    const terms = await pendingTerms(db, merchant.id, customer.id);
    return loginResult(customer, token, this.deps.now(), terms);
  }
}
