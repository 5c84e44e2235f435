import { z } from 'zod';
import { CHAT_ATTACHMENT_MAX_BASE64, CHAT_CONVERSATION_STATUSES, CHAT_MESSAGE_MAX_LENGTH } from '../chat.js';
import {
  chatAttachmentIdSchema,
  chatClientIdSchema,
  chatConversationIdSchema,
  chatMessageHasContent,
  chatMessageIdSchema,
  chatMessageSchema,
  chatReceiptFrameSchema,
} from './chat.js';
import { databaseId, passwordText } from './common.js';

/**
 * The staff console's and the back office's wire shapes (issues 16 and 17): the inputs of the
 * `/wps/staff/*` calls (endpoints/staff.ts) and the staff socket's frames. A conversation's calls
 * name it in the path (`:id`), which route() parses with the rest of the input.
 */

export const staffLoginSchema = z.object({
  username: z.string().min(1).max(64),
  password: passwordText,
  code: z.string().max(8),
});
export type StaffLoginPayload = z.input<typeof staffLoginSchema>;

/** The `:id` of /wps/staff/conversations/:id/…: text in the URL. */
const conversationParam = { id: z.coerce.number().int().positive().max(2_147_483_647) };

/** A call on one conversation and nothing else (pick up, close). */
export const staffConversationSchema = z.object(conversationParam);

/** A conversation's messages after `since` (the query). */
export const staffMessagesQuerySchema = z.object({
  ...conversationParam,
  since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

/** An agent's reply: text, an image (uploaded first), or both. */
export const staffReplySchema = z
  .object({
    ...conversationParam,
    clientId: chatClientIdSchema,
    body: z.string().max(CHAT_MESSAGE_MAX_LENGTH).default(''),
    attachmentId: chatAttachmentIdSchema.optional(),
  })
  .refine(chatMessageHasContent, 'empty message');
export type StaffReplyPayload = z.input<typeof staffReplySchema>;

/** An agent's image, checked as a member's is (then sent by a reply). */
export const staffAttachmentUploadSchema = z.object({
  ...conversationParam,
  data: z.string().min(1).max(CHAT_ATTACHMENT_MAX_BASE64),
});

/** The member's messages read up to `upTo`. */
export const staffReadSchema = z.object({ ...conversationParam, upTo: chatMessageIdSchema });

/** The conversation handed to another staff member of the merchant. */
export const staffTransferSchema = z.object({ ...conversationParam, staffId: databaseId });

/** The back office's FCM form (the key file is Google's JSON text, at most 8 KB). */
export const fcmConfigSchema = z.strictObject({
  projectId: z.string().min(1).max(200),
  apiKey: z.string().min(1).max(200),
  appId: z.string().min(1).max(200),
  messagingSenderId: z.string().min(1).max(200),
  /** The service account key file's JSON text. */
  serviceAccount: z.string().min(1).max(8_192),
  /** FCM's base URL (tests and the stand-in point it elsewhere). */
  apiBaseUrl: z.string().max(512).optional(),
});
/** What a merchant configures (the service account is Google's JSON key file, as downloaded). */
export type FcmConfigPayload = z.output<typeof fcmConfigSchema>;

// ---- the staff socket (STAFF_SOCKET_PATH) ---------------------------------------------------------

/** A conversation as the staff queue shows it. */
export const chatQueueItemSchema = z.strictObject({
  id: chatConversationIdSchema,
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  assignedStaffId: databaseId.nullable(),
  assignedName: z.string().nullable(),
  /** The member's account, or null for a visitor. */
  account: z.string().nullable(),
  visitor: z.boolean(),
  vipLabel: z.string().nullable(),
  language: z.string().nullable(),
  lastMessageAt: z.iso.datetime(),
  /** Member messages the agents have not read. */
  unread: z.number().int().min(0),
  lastMessage: z.string().nullable(),
});
export type ChatQueueItem = z.infer<typeof chatQueueItemSchema>;

/** What a staff console's socket may send. */
export const staffClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversationId: chatConversationIdSchema, on: z.boolean() }),
  z.object({ type: z.literal('ping') }),
]);
export type StaffClientFrame = z.input<typeof staffClientFrameSchema>;

/** What the staff console hears: its socket's own answers and the merchant's chat as it happens. */
export const staffServerFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('pong') }),
  z.strictObject({ type: z.literal('message'), message: chatMessageSchema }),
  z.strictObject({ type: z.literal('conversation'), conversation: chatQueueItemSchema }),
  chatReceiptFrameSchema,
  z.strictObject({
    type: z.literal('typing'),
    sender: z.literal('member'),
    conversationId: chatConversationIdSchema,
    on: z.boolean(),
  }),
]);
export type StaffServerFrame = z.infer<typeof staffServerFrameSchema>;

/** The staff audit chain from a link on (`afterSeq`), oldest first, 100 a page. */
export const staffAuditQuerySchema = z.object({
  afterSeq: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** A staff session to end (its id from the sessions listing). */
export const staffSessionRevokeSchema = z.object({ sessionId: databaseId });
export type StaffSessionRevokePayload = z.input<typeof staffSessionRevokeSchema>;
