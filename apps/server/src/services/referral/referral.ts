import {
  isAgentType,
  maskName,
  REFERRAL_CODE_LENGTH,
  REFERRAL_CODE_PATTERN,
  ReferralErrorCode,
  type AgentInfo,
  type AvailablePromotion,
  type PromotionCode,
  type ReferralInfo,
  type ReferredFriend,
  type SubAccount,
} from '@wps/contract/referral';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { Paged } from '@wps/contract/games';
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import type { AuthenticatedSession, Customer } from '../identity/index.js';

/** What the referral service is built from. */
export interface ReferralDeps {
  db: Db;
}

/** Letters and digits without the look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The programs the referral page knows, in the order they are answered. */
const PROGRAMS: readonly PromotionCode[] = ['REFERRAL', 'APP_DOWNLOAD'];

/** Who a new member came through: the referring member, and the agent when that member is one. */
export interface ReferralLink {
  referrerId: number;
  parentAgentId: number | null;
}

/**
 * The member of `merchantId` whose own referral code `code` is (case-insensitive), as a link for a
 * new member; null for anything else — no code, a malformed one, an unknown one, another merchant's.
 * A code is only ever compared as a bound value, never built into SQL.
 */
export async function referralLinkOf(
  db: Db,
  merchantId: number,
  code: string | undefined | null,
): Promise<ReferralLink | null> {
  const normalised = (code ?? '').trim().toUpperCase();
  if (!REFERRAL_CODE_PATTERN.test(normalised)) return null;
  const [referrer] = await db
    .select({ id: customers.id, customerType: customers.customerType })
    .from(customers)
    .where(and(eq(customers.merchantId, merchantId), eq(customers.ownReferralCode, normalised)));
  if (referrer === undefined) return null;
  return {
    referrerId: referrer.id,
    parentAgentId: isAgentType(referrer.customerType) ? referrer.id : null,
  };
}

function agentOnly(customer: Customer): void {
  if (!isAgentType(customer.customerType)) {
    throw new DomainError(ReferralErrorCode.AGENT_ONLY, 'This page is for agents only.');
  }
}

function paged<T>(list: T[], input: { page: number; pageSize: number }, total: number): Paged<T> {
  return { list, page: input.page, pageSize: input.pageSize, total };
}

/**
 * Referral and agents (issue 15): the promotions the referral page reads, a member's referral code
 * and the friends who registered with it, an agent's sub-accounts. Every list is of the session's own
 * member (its customers belong to the session's merchant), so no member sees another's.
 */
export class ReferralService {
  constructor(private readonly deps: ReferralDeps) {}

  /**
   * The merchant's programs (a program it does not list is off); for a member, the app-download
   * bonus is off once they registered in the app.
   */
  promotions(merchant: Merchant, member: Customer | null): AvailablePromotion[] {
    return PROGRAMS.map((code) => {
      const program = merchant.promotionPrograms.find((candidate) => candidate.code === code);
      const alreadyInApp = code === 'APP_DOWNLOAD' && member?.registerMethod === 'APP';
      return {
        code,
        enabled: program?.enabled === true && !alreadyInApp,
        bonus: program?.bonus ?? null,
      };
    });
  }

  async info({ customer }: AuthenticatedSession): Promise<ReferralInfo> {
    const [friends] = await this.deps.db
      .select({ value: count() })
      .from(customers)
      .where(eq(customers.referrerId, customer.id));
    return { referralCode: await this.ownCode(customer), friends: friends?.value ?? 0 };
  }

  async friends(
    { customer }: AuthenticatedSession,
    input: EndpointParsed<'referralFriends'>,
  ): Promise<Paged<ReferredFriend>> {
    const own = and(eq(customers.referrerId, customer.id), eq(customers.merchantId, customer.merchantId));
    const [total] = await this.deps.db.select({ value: count() }).from(customers).where(own);
    const rows = await this.deps.db
      .select({ username: customers.username, createdAt: customers.createdAt })
      .from(customers)
      .where(own)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    return paged(
      rows.map((row) => ({ name: maskName(row.username), registeredAt: row.createdAt.toISOString() })),
      input,
      total?.value ?? 0,
    );
  }

  async agentInfo({ customer }: AuthenticatedSession): Promise<AgentInfo> {
    agentOnly(customer);
    const [subs] = await this.deps.db
      .select({ value: count() })
      .from(customers)
      .where(eq(customers.parentAgentId, customer.id));
    return { referralCode: await this.ownCode(customer), subAccounts: subs?.value ?? 0 };
  }

  async subAccounts(
    { customer }: AuthenticatedSession,
    input: EndpointParsed<'agentSubAccounts'>,
  ): Promise<Paged<SubAccount>> {
    agentOnly(customer);
    const own = and(eq(customers.parentAgentId, customer.id), eq(customers.merchantId, customer.merchantId));
    const [total] = await this.deps.db.select({ value: count() }).from(customers).where(own);
    const rows = await this.deps.db
      .select({ id: customers.id, username: customers.username, createdAt: customers.createdAt })
      .from(customers)
      .where(own)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    return paged(
      rows.map((row) => ({
        id: String(row.id),
        account: row.username,
        registeredAt: row.createdAt.toISOString(),
      })),
      input,
      total?.value ?? 0,
    );
  }

  /** Throws agent_only unless the session's member is an agent (the sub-member form's check). */
  requireAgent({ customer }: AuthenticatedSession): Customer {
    agentOnly(customer);
    return customer;
  }

  /** The member's own referral code, made (unique within the merchant) the first time it is asked for. */
  private async ownCode(customer: Customer): Promise<string> {
    if (customer.ownReferralCode !== null) return customer.ownReferralCode;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      try {
        const [updated] = await this.deps.db
          .update(customers)
          .set({ ownReferralCode: newReferralCode() })
          .where(and(eq(customers.id, customer.id), isNull(customers.ownReferralCode)))
          .returning({ code: customers.ownReferralCode });
        if (updated?.code != null) return updated.code;
        // Another request made it meanwhile: read that one.
        const [row] = await this.deps.db
          .select({ code: customers.ownReferralCode })
          .from(customers)
          .where(eq(customers.id, customer.id));
        if (row?.code != null) return row.code;
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        // The code is another member's: draw again.
      }
    }
    throw new DomainError('internal_error', 'No referral code could be made. Please try again.');
  }
}
