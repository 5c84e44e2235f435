import { z } from 'zod';
import { historyQuerySchema } from './wallet.js';

/**
 * The back office's Members inputs (issue 30 item 7; endpoints/members.ts). A member is named by its
 * id in the path (`:id`); the server answers 404 for a member of another merchant as for an unknown one.
 */

const memberId = z.coerce.number().int().positive().max(2_147_483_647);
const pathId = { id: memberId };
/** A destructive action's reason: stored with the action and audited. */
const reason = z.string().trim().min(3).max(500);

/**
 * A search: `q` is matched as an id, a user name's start, a referral code, and (for roles with
 * member:pii) an exact email or phone number; `kind: 'agent'` lists agents only (any `q` then
 * narrows them by name). `after` is the previous page's `next`.
 */
export const staffMemberSearchQuerySchema = z
  .object({
    // No control characters (a NUL cannot even be stored); anything else is matched as typed.
    q: z
      .string()
      .trim()
      .max(100)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]*$/)
      .default(''),
    kind: z.enum(['agent']).optional(),
    after: memberId.optional(),
  })
  .refine((input) => input.q !== '' || input.kind !== undefined, {
    message: 'Type a name, id, phone, email or referral code.',
    path: ['q'],
  });

export const staffMemberQuerySchema = z.object(pathId);

/** The member's ledger and history, as the member's own history pages it. */
export const staffMemberHistoryQuerySchema = historyQuerySchema.extend(pathId);

export const staffMemberDownlineQuerySchema = z.object({ ...pathId, after: memberId.optional() });

/** A note: append-only, kept with its author and time. */
export const staffMemberNoteSchema = z.strictObject({
  ...pathId,
  body: z.string().trim().min(1).max(2000),
});

/** Lock, unlock, reset the second factor: each with its reason. */
export const staffMemberReasonSchema = z.strictObject({ ...pathId, reason });

/** Ends one session (`sessionId`) or all of them (none named). */
export const staffMemberEndSessionsSchema = z.strictObject({
  ...pathId,
  sessionId: memberId.optional(),
  reason: reason.optional(),
});
