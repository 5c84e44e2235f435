import { z } from 'zod';
import {
  CHAT_ATTACHMENT_MAX_BASE64,
  CHAT_CLIENT_ID_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_SENDER_KINDS,
} from '../chat.js';

/**
 * The support chat's wire shapes (issue 16): the member socket's frames both ways, the messages they
 * carry, the image upload and the chat's relay calls. The server parses what arrives with these;
 * the frames it sends are built to their types (and checked against them in its tests); the web
 * imports the types only.
 */

/** The idempotency key the sender picks for a message. */
export const chatClientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .min(1)
  .max(CHAT_CLIENT_ID_MAX_LENGTH);
/** An uploaded image's id: 128 random bits, base64url. */
export const chatAttachmentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
/** A message's server id (also `since` and `upTo`: 0 is before the first). */
export const chatMessageIdSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const chatConversationIdSchema = z.number().int().positive().max(2_147_483_647);
const isoTime = z.iso.datetime();
const messageText = z.string().max(CHAT_MESSAGE_MAX_LENGTH);
/** A message needs text or an image. */
export const chatMessageHasContent = (message: { body: string; attachmentId?: string | undefined }) =>
  message.body.trim().length > 0 || message.attachmentId !== undefined;

// ---- member (or visitor) → server ------------------------------------------------------------------

/** What a member's (or visitor's) socket may send. `hello` first: identity and the last message id the screen has. */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    token: z.string().max(512).optional(),
    visitor: z.string().max(64).optional(),
    since: chatMessageIdSchema.optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/)
      .optional(),
  }),
  z
    .object({
      type: z.literal('send'),
      clientId: chatClientIdSchema,
      body: messageText,
      attachmentId: chatAttachmentIdSchema.optional(),
    })
    .refine(chatMessageHasContent, 'empty message'),
  z.object({ type: z.literal('delivered'), upTo: chatMessageIdSchema }),
  z.object({ type: z.literal('read'), upTo: chatMessageIdSchema }),
  z.object({ type: z.literal('typing'), on: z.boolean() }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.input<typeof chatClientFrameSchema>;

// ---- server → member (or visitor) ------------------------------------------------------------------

/** Whether an agent is there now; outside the hours, when the next one will be (messages are still taken). */
export const chatAvailabilitySchema = z.strictObject({
  open: z.boolean(),
  /** ISO time the support hours next begin; null when open (or no hours: always open). */
  nextOpenAt: isoTime.nullable(),
});
export type ChatAvailability = z.infer<typeof chatAvailabilitySchema>;

export const chatMessageSchema = z.strictObject({
  /** Server id: the order of every message (ascending). */
  id: chatMessageIdSchema,
  conversationId: chatConversationIdSchema,
  clientId: chatClientIdSchema,
  sender: z.enum(CHAT_SENDER_KINDS),
  /** The agent's display name for agent messages. */
  agentName: z.string().nullable(),
  /** Empty for an image sent without text. */
  body: messageText,
  /** An image (GET CHAT_ATTACHMENT_PATH/{id}); null for text only. */
  attachmentId: chatAttachmentIdSchema.nullable(),
  /** ISO times; null until it happened. */
  createdAt: isoTime,
  deliveredAt: isoTime.nullable(),
  readAt: isoTime.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Messages delivered or read up to `upTo` in a conversation (to both sides). */
export const chatReceiptFrameSchema = z.strictObject({
  type: z.literal('receipt'),
  kind: z.enum(['delivered', 'read']),
  sender: z.enum(CHAT_SENDER_KINDS),
  conversationId: chatConversationIdSchema,
  upTo: chatMessageIdSchema,
  at: isoTime,
});

export const chatServerFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('ready'),
    /** The visitor id to keep (null for a member). */
    visitor: z.string().max(64).nullable(),
    /** Messages after `since`, in order. `more`: ask again from the last one. */
    messages: z.array(chatMessageSchema),
    more: z.boolean(),
    unread: z.number().int().min(0),
    availability: chatAvailabilitySchema,
  }),
  z.strictObject({ type: z.literal('ack'), clientId: chatClientIdSchema, message: chatMessageSchema }),
  z.strictObject({ type: z.literal('message'), message: chatMessageSchema }),
  chatReceiptFrameSchema,
  z.strictObject({
    type: z.literal('typing'),
    sender: z.enum(CHAT_SENDER_KINDS),
    conversationId: chatConversationIdSchema,
    on: z.boolean(),
  }),
  z.strictObject({
    type: z.literal('error'),
    /** An error code (ErrorCode, ChatErrorCode). */
    code: z.string().min(1).max(64),
    clientId: chatClientIdSchema.optional(),
    retryAfterMs: z.number().int().positive().optional(),
  }),
  z.strictObject({ type: z.literal('pong') }),
]);
/** Server → member (or visitor). */
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

// ---- images and the chat's relay calls -------------------------------------------------------------

/** POST CHAT_ATTACHMENT_PATH (and a staff member's upload): the image as base64 (its type is read from its bytes). */
export const chatAttachmentUploadSchema = z.object({
  data: z.string().min(1).max(CHAT_ATTACHMENT_MAX_BASE64),
});
export type ChatAttachmentUpload = z.input<typeof chatAttachmentUploadSchema>;

/** GET CHAT_ATTACHMENT_PATH/:id (a resource the browser fetches, outside the table). */
export const chatAttachmentParamSchema = z.object({ id: chatAttachmentIdSchema });

/**
 * GET /wps/relay/CBS_launchChat (spec section 7): b2c, title, backUrl, language. The back address is
 * kept only when it is an in-app path (the server checks it and drops anything else).
 */
export const launchChatQuerySchema = z.object({
  b2c: z.string().max(16).optional(),
  title: z.string().max(60).optional(),
  backUrl: z.string().max(512).optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/)
    .optional(),
});

/**
 * WPSCORE_saveMemberInfoByAuthKey (spec sections 4 and 7): the member's name and pseudo-identifier
 * (merchant plus user id) for the chat; the server checks the identifier is the caller's own.
 */
export const saveChatMemberInfoSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text)),
  pseudoId: z
    .string()
    .max(96)
    .regex(/^[A-Za-z0-9-]+_[0-9]+$/),
});
