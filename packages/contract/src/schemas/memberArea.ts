import { z } from 'zod';
import {
  MEMBER_MESSAGES_MAX_PAGE_SIZE,
  MEMBER_MESSAGES_PAGE_SIZE,
  RECOVERY_CODE_PATTERN,
} from '../memberArea.js';
import { EMAIL_MAX_LENGTH } from '../accounts.js';
import { dialingCode, mobileNumber } from './accounts.js';
import { databaseId } from './common.js';

// ---- the member area: inbox, second factors, sessions (memberArea.ts) ------------------------------

export const memberMessagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MEMBER_MESSAGES_MAX_PAGE_SIZE)
    .default(MEMBER_MESSAGES_PAGE_SIZE),
});
/** GET /wps/member/messages. */
export type MemberMessagesQuery = z.input<typeof memberMessagesQuerySchema>;

export const readMessageSchema = z.object({ id: databaseId });
/** POST /wps/member/messages/read: marks one of the member's messages read; answers the unread count. */
export type ReadMessagePayload = z.input<typeof readMessageSchema>;

const sixDigits = z.string().regex(/^[0-9]{6}$/, '6 digits');

export const totpCodeSchema = z.object({ code: sixDigits });
export type TotpCodePayload = z.input<typeof totpCodeSchema>;

/** The authenticator's code, or (the authenticator lost) one of its recovery codes. */
export const totpDisableSchema = z.object({
  code: z.union([sixDigits, z.string().regex(RECOVERY_CODE_PATTERN, 'a recovery code')]),
});

export const codeFactorSchema = z.object({
  method: z.enum(['email', 'sms']),
  enable: z.boolean(),
  code: z.union([z.literal(''), sixDigits]),
});
/**
 * POST /wps/member/security/code: turns the email or SMS second factor on or off. Without a code it
 * sends one to the member's own address or number (answers when another may be asked for); with the
 * right code it switches (answers null).
 */
export type CodeFactorPayload = z.input<typeof codeFactorSchema>;

/** An email address the member adds: trimmed, shaped like one, at most EMAIL_MAX_LENGTH. */
const contactEmail = z.string().trim().max(EMAIL_MAX_LENGTH).email();

/** The new address or number a code goes to (POST /wps/member/contact/code). */
export const contactCodeSchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('email'), email: contactEmail }),
  z.strictObject({ method: z.literal('sms'), countryDialingCode: dialingCode, mobileNum: mobileNumber }),
]);
/**
 * POST /wps/member/contact/code: sends a code to an email address or mobile number the member wants
 * on the account (nothing is stored on the account yet); answers when another may be asked for.
 */
export type ContactCodePayload = z.input<typeof contactCodeSchema>;

export const contactVerifySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('email'), email: contactEmail, code: sixDigits }),
  z.strictObject({
    method: z.literal('sms'),
    countryDialingCode: dialingCode,
    mobileNum: mobileNumber,
    code: sixDigits,
  }),
]);
/**
 * POST /wps/member/contact/verify: the code sent to the address or number puts it on the account
 * (replacing the one there); answers the security status after it.
 */
export type ContactVerifyPayload = z.input<typeof contactVerifySchema>;

export const contactRemoveSchema = z.strictObject({ method: z.enum(['email', 'sms']) });
/** POST /wps/member/contact/remove: takes the address or number off (refused while its second factor is on). */
export type ContactRemovePayload = z.input<typeof contactRemoveSchema>;

export const endSessionSchema = z.union([
  z.strictObject({ id: databaseId }),
  z.strictObject({ others: z.literal(true) }),
]);
/** POST /wps/member/sessions/end: one session by id, or every other one (`others: true`). */
export type EndSessionPayload = z.input<typeof endSessionSchema>;
