import type { MemberInfo, PlayerRankProgress } from '@wps/contract/accounts';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerSessions, memberMessages } from '../../db/schema/index.js';
import type { Customer } from '../identity/index.js';

/**
 * The conditions of a VIP rank, derived from the account (this server's own rule; spec section 7
 * only names the answer's fields): a verified mobile number, a verified email address, and at least
 * one login. The server stores a mobile number only after an SMS code proved it and an email address
 * only from the operator, so a stored contact counts as verified.
 */
export const RANK_CONDITIONS_TOTAL = 3;

export interface RankFacts {
  hasMobile: boolean;
  hasEmail: boolean;
  logins: number;
}

export function completedRankConditions(facts: RankFacts): number {
  return Number(facts.hasMobile) + Number(facts.hasEmail) + Number(facts.logins >= 1);
}

/** Labels are assigned by rank, never by hand: their type is AUTO (which shows the VIP benefit). */
export const CLUB_LABEL_TYPE = 'AUTO';

export function clubLabelOf(customer: Customer): MemberInfo['clubLabel'] {
  if (customer.clubLabelId === null || customer.clubLabelName === null) return null;
  return {
    labelName: customer.clubLabelName,
    type: CLUB_LABEL_TYPE,
    rankLevel: customer.rankLevel,
    labelId: customer.clubLabelId,
  };
}

/** Logins are the sessions the account has opened (a login, or a registration that logged in). */
async function loginCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(customerSessions)
    .where(eq(customerSessions.customerId, customerId));
  return row?.value ?? 0;
}

export async function rankProgressOf(db: Db, customer: Customer): Promise<PlayerRankProgress> {
  const completed = completedRankConditions({
    hasMobile: customer.mobileNum !== null,
    hasEmail: customer.email !== null,
    logins: await loginCount(db, customer.id),
  });
  return {
    currentProgress: { completedConditions: completed, totalExpectedConditions: RANK_CONDITIONS_TOTAL },
    playerRankProgress: { labelId: customer.clubLabelId },
  };
}

export async function unreadMessageCount(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(memberMessages)
    .where(and(eq(memberMessages.customerId, customerId), isNull(memberMessages.readAt)));
  return row?.value ?? 0;
}
