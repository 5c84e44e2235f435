import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointParsed } from '@wps/contract/endpoints';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import { DomainError, invalidRequest } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import { mobileDestination, type CodeTarget } from './codes.js';
import type { IdentityDeps } from './context.js';
import { customerByMobile, customerByUsernameAndEmail } from './customers.js';
import { checkNewPassword, passwordExpiry } from './policy.js';
import type { AuthenticatedSession } from './sessions.js';
import { sendCode, withholdCode } from './verification.js';

/**
 * A member's password: changed by the member (the old one proves it), or reset with a code sent to
 * the member's email address or mobile number. Both end in one set-password transaction.
 */
export class PasswordService {
  constructor(private readonly deps: IdentityDeps) {}

  /**
   * The forced or voluntary change of a logged-in member: this session stays, the others end. A
   * member registered by a social sign-in alone sets a first password (there is no old one to prove).
   */
  /** Whether `password` is the signed-in member's: a sensitive step asks for it again (a payout account). */
  confirm(session: AuthenticatedSession, password: string): Promise<boolean> {
    return this.deps.hasher.verify(session.customer.passwordHash, password);
  }

  async change(session: AuthenticatedSession, input: EndpointParsed<'changePassword'>): Promise<null> {
    checkNewPassword(input.newPassword);
    if (session.customer.hasPassword) {
      if (input.oldPassword === undefined) throw invalidRequest('oldPassword: Required');
      if (input.newPassword === input.oldPassword) {
        throw new DomainError(
          ErrorCode.PASSWORD_NOT_ALLOWED,
          'The new password must differ from the old one.',
        );
      }
      if (!(await this.deps.hasher.verify(session.customer.passwordHash, input.oldPassword))) {
        throw new DomainError(ErrorCode.OLD_PASSWORD_INCORRECT, 'The current password is incorrect.');
      }
    }
    await this.setPassword(session.customer.id, input.newPassword, session.sessionId);
    return null;
  }

  /**
   * Without a code: sends one when username and email address name a member (else the same answer,
   * nothing sent). With it: the new password.
   */
  async resetByEmail(merchant: Merchant, input: EndpointParsed<'passwordResetEmail'>): Promise<null> {
    const target: CodeTarget = {
      merchantId: merchant.id,
      channel: 'email',
      destination: input.email.toLowerCase(),
      purpose: 'reset',
    };
    if (input.code === undefined) {
      const customer = await customerByUsernameAndEmail(
        this.deps.db,
        merchant.id,
        input.username,
        input.email,
      );
      // No such member: the same answer (the same 429 on a second ask), no message.
      if (customer === null) await withholdCode(this.deps, target);
      else await sendCode(this.deps, merchant, target, customer.id, 'password reset');
      return null;
    }
    await this.resetWithCode(target, input.code, input.newPassword);
    return null;
  }

  /** Without a code: sends one when the number is a member's. With it: the new password. */
  async resetBySms(merchant: Merchant, input: EndpointParsed<'passwordResetSms'>): Promise<null> {
    const target: CodeTarget = {
      merchantId: merchant.id,
      channel: 'sms',
      destination: mobileDestination(input.countryDialingCode, input.mobileNum),
      purpose: 'reset',
    };
    if (input.code === undefined) {
      const customer = await customerByMobile(
        this.deps.db,
        merchant.id,
        input.countryDialingCode,
        input.mobileNum,
      );
      if (customer === null) await withholdCode(this.deps, target);
      else await sendCode(this.deps, merchant, target, customer.id, 'password reset');
      return null;
    }
    await this.resetWithCode(target, input.code, input.newPassword);
    return null;
  }

  /**
   * Sets the member's password in one transaction: the new hash, the first-time and default-password
   * flags cleared, a new expiry, and every session ended but `keepSessionId` (a change keeps the
   * session it was made from; a reset ends them all, as whoever knew the old password is out).
   */
  async setPassword(customerId: number, newPassword: string, keepSessionId?: number): Promise<void> {
    const { db, now, sessions } = this.deps;
    const passwordHash = await this.deps.hasher.hash(newPassword);
    const at = now();
    await db.transaction(async (tx) => {
      await tx
        .update(customers)
        .set({
          passwordHash,
          // A member registered by a social sign-in alone has a password from now on.
          hasPassword: true,
          firstTimeLogin: false,
          defaultPassword: false,
          passwordChangedAt: new Date(at),
          passwordExpiresAt: passwordExpiry(at, this.deps.passwordExpiryDays),
        })
        .where(eq(customers.id, customerId));
      await sessions.revokeAll(tx, customerId, keepSessionId);
    });
  }

  private async resetWithCode(
    target: CodeTarget,
    code: string,
    newPassword: string | undefined,
  ): Promise<void> {
    if (newPassword === undefined) throw invalidRequest('newPassword: Required');
    checkNewPassword(newPassword);
    const used = await this.deps.codes.consume(target, code);
    if (used === null || used.customerId === null) {
      throw new DomainError(ErrorCode.VERIFY_CODE_INVALID, 'The code is not correct or has expired.');
    }
    await this.setPassword(used.customerId, newPassword);
  }
}
