import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { SecurityStatus, TotpConfirmed, TotpSetup } from '@wps/contract/memberArea';
import type { SmsRequestResult } from '@wps/contract/accounts';
import { and, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import { DomainError, invalidRequest } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import type { IdentityDeps } from './context.js';
import { maskEmail, maskMobile } from './policy.js';
import type { RecoveryCodes } from './recovery.js';
import { codeTarget, totpAad } from './second-factor.js';
import type { AuthenticatedSession, Customer } from './sessions.js';
import { newTotpSecret, TOTP_DIGITS, TOTP_STEP_SECONDS, verifyTotp } from './totp.js';

/** Authenticator codes a member may try in settings per window (confirming, turning it off). */
export const TOTP_TRIES_MAX = 5;
export const TOTP_TRIES_WINDOW_MS = 15 * 60_000;

/** The AAD of an authenticator secret waiting for its first code (never opens as a confirmed one). */
export function totpPendingAad(customerId: number): string {
  return `totp-pending:${customerId}`;
}

/** The `otpauth://` URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

function codeInvalid(): DomainError {
  return new DomainError(ErrorCode.VERIFY_CODE_INVALID, 'The code is not correct.');
}

/**
 * Settings and security of a logged-in member: which second factors are on, setting up the
 * authenticator (secret → first code → recovery codes) and turning it off, and the email and SMS
 * factors. Everything acts on the session's own account; the session was checked for the merchant.
 */
export class SecurityService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly recovery: RecoveryCodes,
  ) {}

  async status({ customer }: AuthenticatedSession): Promise<SecurityStatus> {
    const authenticator = customer.totpSecretSealed !== null;
    return {
      authenticator,
      recoveryCodesLeft: authenticator ? await this.recovery.left(customer.id) : 0,
      email: {
        enabled: customer.emailTwoFactor && customer.email !== null,
        destination: maskEmail(customer.email),
      },
      sms: {
        enabled: customer.smsTwoFactor && customer.mobileNum !== null,
        destination: maskMobile(customer.countryDialingCode, customer.mobileNum),
      },
    };
  }

  /** A new secret, kept sealed until its first code; another set-up replaces one not yet confirmed. */
  async setUpTotp(merchant: Merchant, { customer }: AuthenticatedSession): Promise<TotpSetup> {
    if (customer.totpSecretSealed !== null) throw invalidRequest('The authenticator is already on.');
    const secret = newTotpSecret();
    await this.deps.db
      .update(customers)
      .set({ totpPendingSealed: this.deps.kek.seal(Buffer.from(secret), totpPendingAad(customer.id)) })
      .where(eq(customers.id, customer.id));
    return { secret, uri: otpauthUri(merchant.name, customer.username, secret) };
  }

  /** The new authenticator's code turns it on and answers the recovery codes (the only time they are shown). */
  async confirmTotp(
    { customer }: AuthenticatedSession,
    input: EndpointParsed<'totpConfirm'>,
  ): Promise<TotpConfirmed> {
    if (customer.totpSecretSealed !== null) throw invalidRequest('The authenticator is already on.');
    if (customer.totpPendingSealed === null) throw invalidRequest('Set up the authenticator first.');
    const secret = this.deps.kek.open(customer.totpPendingSealed, totpPendingAad(customer.id));
    if (secret === null) throw invalidRequest('Set up the authenticator first.');
    await this.takeTry(customer);
    if (!verifyTotp(secret.toString('utf8'), input.code, this.deps.now())) throw codeInvalid();
    return this.deps.db.transaction(async (tx) => {
      // Only the set-up that was checked: a set-up started meanwhile (another tab) is not turned on.
      const turnedOn = await tx
        .update(customers)
        .set({
          totpSecretSealed: this.deps.kek.seal(secret, totpAad(customer.id)),
          totpPendingSealed: null,
          totpTries: 0,
          totpTriesSince: null,
        })
        .where(
          and(
            eq(customers.id, customer.id),
            isNull(customers.totpSecretSealed),
            eq(customers.totpPendingSealed, customer.totpPendingSealed ?? ''),
          ),
        )
        .returning({ id: customers.id });
      if (turnedOn.length !== 1) throw invalidRequest('Set up the authenticator first.');
      return { recoveryCodes: await this.recovery.replace(tx, customer.id) };
    });
  }

  /**
   * The authenticator's current code, or one of its recovery codes (the phone lost), turns it off
   * with its recovery codes; it can then be set up again.
   */
  async disableTotp({ customer }: AuthenticatedSession, input: EndpointParsed<'totpDisable'>): Promise<null> {
    if (customer.totpSecretSealed === null) throw invalidRequest('The authenticator is not on.');
    const secret = this.deps.kek.open(customer.totpSecretSealed, totpAad(customer.id));
    await this.takeTry(customer);
    const proven = /^[0-9]+$/.test(input.code)
      ? secret !== null && verifyTotp(secret.toString('utf8'), input.code, this.deps.now())
      : await this.recovery.consume(customer.id, input.code);
    if (!proven) throw codeInvalid();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(customers)
        .set({ totpSecretSealed: null, totpPendingSealed: null, totpTries: 0, totpTriesSince: null })
        .where(eq(customers.id, customer.id));
      await this.recovery.remove(tx, customer.id);
    });
    return null;
  }

  /**
   * The email or SMS second factor on or off: without a code, a code goes to the member's own address
   * or number; with the right one, the factor switches.
   */
  async switchCodeFactor(
    merchant: Merchant,
    { customer }: AuthenticatedSession,
    input: EndpointParsed<'codeFactor'>,
  ): Promise<SmsRequestResult | null> {
    const { method } = input;
    const hasContact = method === 'email' ? customer.email !== null : customer.mobileNum !== null;
    if (!hasContact) {
      throw invalidRequest(
        method === 'email' ? 'The account has no email address.' : 'The account has no mobile number.',
      );
    }
    const target = codeTarget(merchant.id, customer, method, 'security');
    if (input.code === '') {
      const issued = await this.deps.codes.issue(target, customer.id);
      const text = `Your ${merchant.name} security code is ${issued.code}. It expires in ${issued.expiresIn / 60} minutes.`;
      if (target.channel === 'email') {
        await this.deps.mail.send({
          merchantId: merchant.id,
          destination: target.destination,
          subject: 'Security code',
          text,
        });
      } else {
        await this.deps.sms.send({ merchantId: merchant.id, destination: target.destination, text });
      }
      return { resendAfter: issued.resendAfter, expiresIn: issued.expiresIn };
    }
    const used = await this.deps.codes.consume(target, input.code);
    if (used === null || used.customerId !== customer.id) throw codeInvalid();
    await this.deps.db
      .update(customers)
      .set(method === 'email' ? { emailTwoFactor: input.enable } : { smsTwoFactor: input.enable })
      .where(eq(customers.id, customer.id));
    return null;
  }

  /**
   * Takes one authenticator try before a code is checked: one UPDATE that counts within the window (or
   * starts a new one), refused when the window's tries are used up, however many requests race.
   */
  private async takeTry(customer: Customer): Promise<void> {
    const now = new Date(this.deps.now());
    const windowStart = new Date(this.deps.now() - TOTP_TRIES_WINDOW_MS);
    const fresh = or(isNull(customers.totpTriesSince), lt(customers.totpTriesSince, windowStart));
    const taken = await this.deps.db
      .update(customers)
      .set({
        totpTries: sql`CASE WHEN ${fresh} THEN 1 ELSE ${customers.totpTries} + 1 END`,
        totpTriesSince: sql`CASE WHEN ${fresh} THEN ${now.toISOString()}::timestamptz ELSE ${customers.totpTriesSince} END`,
      })
      .where(
        and(
          eq(customers.id, customer.id),
          or(
            fresh,
            and(
              isNotNull(customers.totpTriesSince),
              gte(customers.totpTriesSince, windowStart),
              lt(customers.totpTries, TOTP_TRIES_MAX),
            ),
          ),
        ),
      )
      .returning({ id: customers.id });
    if (taken.length !== 1) {
      throw new DomainError(ErrorCode.VERIFY_CODE_TOO_SOON, 'Too many codes. Try again later.');
    }
  }
}
