import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_CLIENT_ID_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
} from '@wps/contract/chat';
import { z } from 'zod';

const clientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .min(1)
  .max(CHAT_CLIENT_ID_MAX_LENGTH);
const attachmentId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const messageId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** What a member's (or visitor's) socket may send (ChatClientFrame). */
export const memberFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    token: z.string().max(512).optional(),
    visitor: z.string().max(64).optional(),
    since: messageId.optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/)
      .optional(),
  }),
  z
    .object({
      type: z.literal('send'),
      clientId,
      body: z.string().max(CHAT_MESSAGE_MAX_LENGTH),
      attachmentId: attachmentId.optional(),
    })
    .refine((frame) => frame.body.trim().length > 0 || frame.attachmentId !== undefined, 'empty message'),
  z.object({ type: z.literal('delivered'), upTo: messageId }),
  z.object({ type: z.literal('read'), upTo: messageId }),
  z.object({ type: z.literal('typing'), on: z.boolean() }),
  z.object({ type: z.literal('ping') }),
]);

/** What a staff console socket may send. */
export const staffFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversationId: z.number().int().positive(), on: z.boolean() }),
  z.object({ type: z.literal('ping') }),
]);

/** An agent's reply: text, an image (uploaded first), or both. */
export const replySchema = z
  .object({
    clientId,
    body: z.string().max(CHAT_MESSAGE_MAX_LENGTH).default(''),
    attachmentId: attachmentId.optional(),
  })
  .refine((reply) => reply.body.trim().length > 0 || reply.attachmentId !== undefined, 'empty message');
export const attachmentUploadSchema = z.object({
  data: z
    .string()
    .min(1)
    .max(Math.ceil(CHAT_ATTACHMENT_MAX_BYTES / 3) * 4),
});
export const attachmentParamSchema = z.object({ id: attachmentId });
export const sinceSchema = z.object({
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});
export const conversationParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const transferSchema = z.object({ staffId: z.number().int().positive().max(2_147_483_647) });
export const readSchema = z.object({ upTo: messageId });
export const staffLoginSchema = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
  code: z.string().max(8),
});

/** Parses one text frame; null for anything that is not valid JSON of the schema. */
export function parseFrame<T>(schema: z.ZodType<T>, raw: string): T | null {
  if (raw.length > 16_384) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}
