import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { customers } from './identity.js';
import { merchants } from './merchants.js';
import { staffAccounts } from './staff.js';

/* The support chat (issue 16): conversations, attachments, messages, canned replies, and the
 * chat's member keys. */

/** A member's (or a visitor's) conversation with the merchant's support team. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The member; null for a visitor's conversation (until the visitor logs in). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The visitor's pseudo-id (server-issued, signed); null once the conversation is a member's. */
    visitorId: text('visitor_id'),
    status: text('status').$type<'open' | 'assigned' | 'closed'>().notNull().default('open'),
    assignedStaffId: integer('assigned_staff_id').references(() => staffAccounts.id, {
      onDelete: 'set null',
    }),
    language: text('language'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_conversations_merchant_status_idx').on(table.merchantId, table.status, table.lastMessageAt),
    index('chat_conversations_customer_idx').on(table.customerId),
    index('chat_conversations_visitor_idx').on(table.merchantId, table.visitorId),
    check('chat_conversations_owner', sql`(${table.customerId} IS NULL) <> (${table.visitorId} IS NULL)`),
  ],
);

/**
 * Images sent in the chat: bytes checked by their first bytes (PNG, JPEG, WebP), at most
 * CHAT_ATTACHMENT_MAX_BYTES, stored as base64; the id is a 128-bit random capability.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    contentType: text('content_type').$type<'image/png' | 'image/jpeg' | 'image/webp'>().notNull(),
    size: integer('size').notNull(),
    data: text('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('chat_attachments_conversation_idx').on(table.conversationId)],
);

/** Messages of a conversation; the id is their order. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<'member' | 'agent'>().notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** The sender's idempotency key: a resend with the same one is the same message. */
    clientId: text('client_id').notNull(),
    body: text('body').notNull(),
    /** An image sent with (or as) the message. */
    attachmentId: text('attachment_id').references(() => chatAttachments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_messages_client_idx').on(table.conversationId, table.sender, table.clientId),
    index('chat_messages_conversation_idx').on(table.conversationId, table.id),
    check('chat_messages_body_length', sql`char_length(${table.body}) <= 1000`),
    check('chat_messages_not_empty', sql`${table.body} <> '' OR ${table.attachmentId} IS NOT NULL`),
  ],
);

/** Ready answers an agent picks from (per merchant). */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (table) => [index('chat_canned_replies_merchant_idx').on(table.merchantId)],
);

/**
 * The chat's member info and auth key (issue 16, WPSCORE_saveMemberInfoByAuthKey): one row per
 * member, replaced on every call, so only the newest key works. Only the key's SHA-256 is stored.
 */
export const chatMemberKeys = pgTable(
  'chat_member_keys',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    /** The member's name as the chat shows it, and the pseudo-identifier (merchant plus user id). */
    name: text('name').notNull(),
    pseudoId: text('pseudo_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.customerId] }),
    uniqueIndex('chat_member_keys_key_hash_idx').on(table.keyHash),
  ],
);
