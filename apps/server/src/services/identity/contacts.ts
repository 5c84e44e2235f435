import type { SmsRequestResult } from '@wps/contract/accounts';
import type { EndpointParsed } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { ContactMethod, SecurityStatus } from '@wps/contract/memberArea';
import { and, eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import { mobileDestination, type CodeTarget } from './codes.js';
import type { IdentityDeps } from './context.js';
import { customerByMobile, storedDialingCode } from './customers.js';
import { taken } from './new-member.js';
import type { SecurityService } from './security.js';
import type { AuthenticatedSession, Customer } from './sessions.js';
import { sendCode } from './verification.js';

type ContactInput = EndpointParsed<'contactCode'>;

/** Where a contact code goes: the new address (lower-cased) or number, for this merchant only. */
function contactTarget(merchantId: number, input: ContactInput): CodeTarget {
  return input.method === 'email'
    ? { merchantId, channel: 'email', destination: input.email.toLowerCase(), purpose: 'contact' }
    : {
        merchantId,
        channel: 'sms',
        destination: mobileDestination(input.countryDialingCode, input.mobileNum),
        purpose: 'contact',
      };
}

/** Whether the second factor that sends codes to the member's `method` contact is on. */
function factorOn(customer: Customer, method: ContactMethod): boolean {
  return method === 'email'
    ? customer.emailTwoFactor && customer.email !== null
    : customer.smsTwoFactor && customer.mobileNum !== null;
}

function contactInUse(): DomainError {
  return new DomainError(
    ErrorCode.CONTACT_IN_USE,
    'Its second factor sends codes there: turn the second factor off first.',
  );
}

/**
 * The member's own email address and mobile number (settings and security): a code to the new
 * address or number, the code back puts it on the account, and either can be taken off again.
 * Nothing unverified is ever stored on the account: the address or number waits in the code's row
 * (`verification_codes`, purpose `contact`, this member, this merchant) until its code comes back,
 * so an email or SMS second factor (security.ts) only ever sends to a contact that was proven.
 * The contact a switched-on second factor uses is neither changed nor removed: turning the factor
 * off first takes a code to it, so a stolen session cannot move the second factor elsewhere.
 */
export class ContactService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly security: SecurityService,
  ) {}

  /**
   * Sends a code to the new address or number. Counted per destination as every code is (resend
   * interval, hourly cap) and per member (`memberHourlyCap`), whatever numbers it is spread over.
   */
  async sendCode(
    merchant: Merchant,
    { customer }: AuthenticatedSession,
    input: ContactInput,
  ): Promise<SmsRequestResult> {
    if (factorOn(customer, input.method)) throw contactInUse();
    if (input.method === 'sms') await this.refuseOthersNumber(merchant, customer, input);
    return sendCode(this.deps, merchant, contactTarget(merchant.id, input), customer.id, 'verification', {
      perMember: true,
    });
  }

  /** The code sent to the address or number (to this member, in this merchant) puts it on the account. */
  async verify(
    merchant: Merchant,
    session: AuthenticatedSession,
    input: EndpointParsed<'contactVerify'>,
  ): Promise<SecurityStatus> {
    const { customer } = session;
    if (factorOn(customer, input.method)) throw contactInUse();
    const used = await this.deps.codes.consume(contactTarget(merchant.id, input), input.code, customer.id);
    // A code sent for another member (the same number asked for by two accounts) proves nothing here.
    if (used === null || used.customerId !== customer.id) {
      throw new DomainError(ErrorCode.VERIFY_CODE_INVALID, 'The code is not correct.');
    }
    const change =
      input.method === 'email'
        ? { email: input.email }
        : { countryDialingCode: storedDialingCode(input.countryDialingCode), mobileNum: input.mobileNum };
    try {
      return await this.change(merchant, session, change);
    } catch (error) {
      // Another member took the number since the code was sent (the index is unique per merchant).
      if (uniqueViolation(error) !== null) throw taken('mobile');
      throw error;
    }
  }

  /** Takes the address or number off the account (never the one a switched-on second factor uses). */
  async remove(
    merchant: Merchant,
    session: AuthenticatedSession,
    input: EndpointParsed<'contactRemove'>,
  ): Promise<SecurityStatus> {
    const { customer } = session;
    if (factorOn(customer, input.method)) throw contactInUse();
    const change =
      input.method === 'email'
        ? { email: null, emailTwoFactor: false }
        : { countryDialingCode: null, mobileNum: null, smsTwoFactor: false };
    return this.change(merchant, session, change);
  }

  /** Writes the member's contact fields (this member, this merchant) and answers the new status. */
  private async change(
    merchant: Merchant,
    session: AuthenticatedSession,
    change: Partial<typeof customers.$inferInsert>,
  ): Promise<SecurityStatus> {
    const { customer } = session;
    const [updated] = await this.deps.db
      .update(customers)
      .set(change)
      .where(and(eq(customers.id, customer.id), eq(customers.merchantId, merchant.id)))
      .returning();
    return this.security.status({ ...session, customer: updated ?? customer });
  }

  /**
   * A number another member of this merchant has is refused before any code is sent (as registration
   * refuses it): no SMS to someone else's phone. Other merchants' members do not count.
   */
  private async refuseOthersNumber(
    merchant: Merchant,
    customer: Customer,
    input: Extract<ContactInput, { method: 'sms' }>,
  ): Promise<void> {
    const holder = await customerByMobile(
      this.deps.db,
      merchant.id,
      input.countryDialingCode,
      input.mobileNum,
    );
    if (holder !== null && holder.id !== customer.id) throw taken('mobile');
  }
}
