import { z } from 'zod';
import {
  LEGAL_KINDS,
  LIMIT_OFFER_CHOICES,
  LIMIT_TYPES,
  SELF_EXCLUSION_OPTIONS,
  TIME_OUT_OPTIONS,
} from '../trust.js';
import { AmountText } from '../money.js';

// ---- trust and responsible gaming (trust.ts) ------------------------------------------------------

/** A session-time limit: whole minutes, 5 minutes to 24 hours. */
const SESSION_MINUTES = /^(?:[5-9]|[1-9][0-9]{1,2}|1[0-3][0-9]{2}|14[0-3][0-9]|1440)$/;

/** A session-time limit is whole minutes; a money limit any amount (the service checks its digits). */
function wholeSessionMinutes(input: { type: string; amount: string | null }): boolean {
  return input.type !== 'session_time' || input.amount === null || SESSION_MINUTES.test(input.amount);
}
const SESSION_MINUTES_ISSUE = { message: 'a session limit of 5 to 1440 whole minutes', path: ['amount'] };

/**
 * A limit to set: a decimal amount in the merchant's currency (minutes for `session_time`), or null
 * to remove it. The service checks the amount against the currency's digits and the type.
 */
export const limitSetSchema = z
  .object({ type: z.enum(LIMIT_TYPES), amount: AmountText.nullable() })
  .refine(wholeSessionMinutes, SESSION_MINUTES_ISSUE);

export const limitTypeSchema = z.object({ type: z.enum(LIMIT_TYPES) });

export const realityCheckSetSchema = z.object({
  minutes: z.number().int().min(1).max(1440).nullable(),
});

/** A break the member takes: the password confirms it, as for binding a payout account. */
export const breakSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('time_out'),
    duration: z.enum(TIME_OUT_OPTIONS),
    password: z.string().min(1).max(128),
  }),
  z.object({
    kind: z.literal('self_exclusion'),
    duration: z.enum(SELF_EXCLUSION_OPTIONS),
    password: z.string().min(1).max(128),
  }),
]);

export const limitOfferAnswerSchema = z.object({ choice: z.enum(LIMIT_OFFER_CHOICES) });

export const legalDocumentQuerySchema = z.object({ kind: z.enum(LEGAL_KINDS) });

export const termsAcceptSchema = z.object({
  version: z.coerce.number().int().min(1).max(1_000_000),
});

const customerId = z.coerce.number().int().positive().max(2_147_483_647);

export const staffTrustAuditQuerySchema = z.object({
  customerId: customerId.optional(),
  /** The `id` of the last row of the previous page. */
  before: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

/** Staff may set or lower a member's limit, never raise or remove one (the service refuses). */
export const staffLimitSetSchema = z
  .object({
    customerId,
    type: z.enum(LIMIT_TYPES),
    // null asks for a removal: refused by the rule (staff never raise), and that refusal audited.
    amount: AmountText.nullable(),
    reason: z.string().trim().min(3).max(500),
  })
  .refine(wholeSessionMinutes, SESSION_MINUTES_ISSUE);

export const staffBreakSchema = z.object({
  customerId,
  kind: z.enum(['time_out', 'self_exclusion']),
  duration: z.enum([...TIME_OUT_OPTIONS, ...SELF_EXCLUSION_OPTIONS]),
  reason: z.string().trim().min(3).max(500),
});
