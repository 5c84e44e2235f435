import { z } from 'zod';
import { AmountText } from '../money.js';

// ---- the cashier (cashier.ts, money.ts) ----------------------------------------------------------

/** A client-made key that makes a money write safe to send twice (a UUID or any 8–64 safe characters). */
const requestKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'a request key of 8 to 64 letters, digits, - or _');

export const depositCreateSchema = z.object({
  requestKey,
  method: z.string().min(1).max(40),
  amount: AmountText,
  /** A bonus offer's code the member agreed to, or none. */
  bonus: z.string().min(1).max(40).optional(),
});

export const depositStatusQuerySchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export const HISTORY_KINDS = ['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'adjustment'] as const;

export const historyQuerySchema = z.object({
  kind: z.enum(HISTORY_KINDS).optional(),
  /** ISO dates (YYYY-MM-DD), inclusive, in UTC. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** The `next` of the previous page (microseconds since 1970: 18 digits stay inside a bigint). */
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const payoutAccountAddSchema = z.object({
  kind: z.enum(['bank', 'ewallet']),
  bankCode: z.string().regex(/^[A-Za-z0-9_-]{2,20}$/),
  accountName: z.string().trim().min(2).max(80),
  accountNumber: z.string().regex(/^[0-9]{6,20}$/, 'digits only, 6 to 20'),
  /** The member's password: binding an account is as sensitive as changing it. */
  password: z.string().min(1).max(128),
});

export const withdrawCreateSchema = z.object({
  requestKey,
  accountId: z.coerce.number().int().positive().max(2_147_483_647),
  amount: AmountText,
  /** The member saw that an active bonus is forfeited and agreed. */
  forfeitBonus: z.boolean().default(false),
});

export const staffWithdrawalDecisionSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  reason: z.string().trim().min(1).max(200).optional(),
});

/** A rejection tells the member why: the reason is required (issue 30 item 8). */
export const staffWithdrawalRejectSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  reason: z.string().trim().min(3).max(200),
});

/** A proposed manual credit or debit of a member's cash: positive decimal text in the merchant's currency. */
export const adjustmentProposeSchema = z.object({
  requestKey,
  customerId: z.coerce.number().int().positive().max(2_147_483_647),
  direction: z.enum(['credit', 'debit']),
  amount: AmountText,
  reason: z.string().trim().min(3).max(200),
});

/** A proposed correction: the reversal of a posted adjustment (its member and amount, the other way). */
export const adjustmentReverseSchema = z.object({
  requestKey,
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  reason: z.string().trim().min(3).max(200),
});

export const adjustmentDecisionSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  /** Declining says why (approving needs none). */
  reason: z.string().trim().min(3).max(200).optional(),
});

export const adjustmentsQuerySchema = z.object({
  state: z.enum(['proposed', 'posted', 'declined']).optional(),
});

/** Our payment or withdrawal id, or the provider's reference. */
export const cashierSearchQuerySchema = z.object({
  ref: z.string().trim().min(3).max(80),
});
