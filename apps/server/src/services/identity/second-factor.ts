import type { LoginVerifyRequired, SecondFactorMethod } from '@wps/contract/accounts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { customers, pendingLogins } from '../../db/schema/index.js';
import type { Merchant } from '../merchants/repository.js';
import { mobileDestination, type CodeTarget } from './codes.js';
import type { IdentityDeps } from './context.js';
import { maskEmail, maskMobile } from './policy.js';
import type { RecoveryCodes } from './recovery.js';
import type { Customer } from './sessions.js';
import { newToken, sha256Hex } from '../../lib/tokens.js';
import { verifyTotp } from './totp.js';
import type { VerifiedSocialIdentity } from './social/types.js';

/** A half-done login waits this long for its second factor. */
export const PENDING_LOGIN_TTL_MS = 5 * 60_000;
/** Wrong codes before a pending login is dead and the member logs in again. */
export const PENDING_LOGIN_MAX_ATTEMPTS = 5;

/** The additional data of a sealed TOTP secret: a secret copied to another member's row does not open. */
export function totpAad(customerId: number): string {
  return `totp:${customerId}`;
}

/** The second factors a member has set up; none means a password alone logs in. */
export function secondFactorsOf(customer: Customer): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (customer.totpSecretSealed !== null) methods.push('ga');
  if (customer.emailTwoFactor && customer.email !== null) methods.push('email');
  if (customer.smsTwoFactor && customer.mobileNum !== null) methods.push('sms');
  return methods;
}

/** A login whose password was right, waiting for its second factor. */
export interface PendingLogin {
  tokenHash: string;
  customer: Customer;
  /** A social sign-in to link when the login completes (the login carried a bind token). */
  socialIdentity: VerifiedSocialIdentity | null;
}

/**
 * Where the code of an email or SMS second factor goes: the member's own address or number. `security`:
 * a code to switch the factor in settings, never good for a login (and the other way round).
 */
export function codeTarget(
  merchantId: number,
  customer: Customer,
  method: 'email' | 'sms',
  purpose: 'second_factor' | 'security' = 'second_factor',
): CodeTarget {
  return method === 'email'
    ? { merchantId, channel: 'email', destination: (customer.email ?? '').toLowerCase(), purpose }
    : {
        merchantId,
        channel: 'sms',
        destination: mobileDestination(customer.countryDialingCode ?? '', customer.mobileNum ?? ''),
        purpose,
      };
}

/**
 * The second step of a login (pending_logins): the verify token of a login that answered
 * login_verify_required, the code sent by email or SMS, the authenticator's code, and the claim that
 * lets exactly one request turn the pending login into a session. Only the token's SHA-256 is stored.
 */
export class SecondFactor {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly recovery: RecoveryCodes,
  ) {}

  /** Whether the member may answer with `method`: one set up, or a recovery code in place of the authenticator's. */
  offers(customer: Customer, method: SecondFactorMethod): boolean {
    const methods = secondFactorsOf(customer);
    return methods.includes(method === 'recovery' ? 'ga' : method);
  }

  /** Parks the login of `customer`: what login_verify_required carries for the client's dialog. */
  async pend(
    merchantId: number,
    customer: Customer,
    ip: string,
    socialIdentity: VerifiedSocialIdentity | null = null,
  ): Promise<LoginVerifyRequired> {
    const methods = secondFactorsOf(customer);
    if (methods.includes('ga') && (await this.recovery.left(customer.id)) > 0) methods.push('recovery');
    const verifyToken = newToken();
    await this.deps.db.insert(pendingLogins).values({
      tokenHash: sha256Hex(verifyToken),
      merchantId,
      customerId: customer.id,
      ip,
      socialIdentity,
      expiresAt: new Date(this.deps.now() + PENDING_LOGIN_TTL_MS),
    });
    return {
      verifyToken,
      methods,
      maskedEmail: methods.includes('email') ? maskEmail(customer.email) : null,
      maskedMobile: methods.includes('sms')
        ? maskMobile(customer.countryDialingCode, customer.mobileNum)
        : null,
    };
  }

  /** The unused, unexpired pending login of `verifyToken` with tries left, else null. */
  async find(merchantId: number, verifyToken: string): Promise<PendingLogin | null> {
    const [row] = await this.deps.db
      .select({ pending: pendingLogins, customer: customers })
      .from(pendingLogins)
      .innerJoin(customers, eq(customers.id, pendingLogins.customerId))
      .where(
        and(
          eq(pendingLogins.tokenHash, sha256Hex(verifyToken)),
          eq(pendingLogins.merchantId, merchantId),
          isNull(pendingLogins.usedAt),
          gt(pendingLogins.expiresAt, new Date(this.deps.now())),
        ),
      )
      .limit(1);
    if (row === undefined || row.pending.attempts >= PENDING_LOGIN_MAX_ATTEMPTS) return null;
    return {
      tokenHash: row.pending.tokenHash,
      customer: row.customer,
      socialIdentity: row.pending.socialIdentity as VerifiedSocialIdentity | null,
    };
  }

  /** Sends a login code to the member's email address or mobile number (resend rules of the codes apply). */
  async sendCode(merchant: Merchant, customer: Customer, method: 'email' | 'sms'): Promise<void> {
    const target = codeTarget(merchant.id, customer, method);
    const issued = await this.deps.codes.issue(target, customer.id);
    const text = `Your ${merchant.name} login code is ${issued.code}. It expires in ${issued.expiresIn / 60} minutes.`;
    if (target.channel === 'email') {
      await this.deps.mail.send({
        merchantId: merchant.id,
        destination: target.destination,
        subject: 'Login code',
        text,
      });
    } else {
      await this.deps.sms.send({ merchantId: merchant.id, destination: target.destination, text });
    }
  }

  /**
   * Takes one of the pending login's tries before a code is checked: false when none is left (or the
   * login expired or was used meanwhile). One UPDATE … WHERE attempts < max, so however many requests
   * arrive at once, on however many instances, at most PENDING_LOGIN_MAX_ATTEMPTS codes are checked.
   */
  async takeAttempt(pending: PendingLogin): Promise<boolean> {
    const taken = await this.deps.db
      .update(pendingLogins)
      .set({ attempts: sql`${pendingLogins.attempts} + 1` })
      .where(
        and(
          eq(pendingLogins.tokenHash, pending.tokenHash),
          isNull(pendingLogins.usedAt),
          gt(pendingLogins.expiresAt, new Date(this.deps.now())),
          lt(pendingLogins.attempts, PENDING_LOGIN_MAX_ATTEMPTS),
        ),
      )
      .returning({ tokenHash: pendingLogins.tokenHash });
    return taken.length === 1;
  }

  /**
   * Whether `code` is the authenticator's current code (ga) or the member's last code sent (email,
   * sms). The try was taken before (`takeAttempt`): a wrong code leaves it counted.
   */
  async check(
    merchant: Merchant,
    pending: PendingLogin,
    method: SecondFactorMethod,
    code: string,
  ): Promise<boolean> {
    const { customer } = pending;
    if (method === 'recovery') return this.recovery.consume(customer.id, code);
    if (method === 'ga') {
      const secret = this.deps.kek.open(customer.totpSecretSealed ?? '', totpAad(customer.id));
      return secret !== null && verifyTotp(secret.toString('utf8'), code, this.deps.now());
    }
    const used = await this.deps.codes.consume(codeTarget(merchant.id, customer, method), code);
    return used !== null && used.customerId === customer.id;
  }

  /** Marks the pending login used: true for exactly one of several requests racing with the right code. */
  async claim(pending: PendingLogin): Promise<boolean> {
    const claimed = await this.deps.db
      .update(pendingLogins)
      .set({ usedAt: new Date(this.deps.now()) })
      .where(and(eq(pendingLogins.tokenHash, pending.tokenHash), isNull(pendingLogins.usedAt)))
      .returning({ tokenHash: pendingLogins.tokenHash });
    return claimed.length === 1;
  }
}
