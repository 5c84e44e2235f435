import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FeedbackCategory, FeedbackScreenshotType } from '@wps/contract/feedback';
import { createdAt } from './columns.js';
import { customers } from './identity.js';
import { merchants } from './merchants.js';

/* What the member reads and sends (services/member): the inbox and feedback. */

/** Customer-service messages to a member (the inbox whose unread count CBS_unreadCount answers). */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Null: unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('member_messages_customer_read_idx').on(table.customerId, table.readAt)],
);

/** Feedback a member sent from /m/feedback (issue 15); the screenshot as base64 of its checked bytes. */
export const memberFeedback = pgTable(
  'member_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category').$type<FeedbackCategory>().notNull(),
    message: text('message').notNull(),
    screenshotType: text('screenshot_type').$type<FeedbackScreenshotType>(),
    screenshot: text('screenshot'),
    createdAt: createdAt(),
  },
  (table) => [
    index('member_feedback_merchant_created_idx').on(table.merchantId, table.createdAt),
    index('member_feedback_customer_idx').on(table.customerId),
    check('member_feedback_message_length', sql`char_length(${table.message}) BETWEEN 1 AND 2000`),
    check(
      'member_feedback_screenshot_pair',
      sql`(${table.screenshot} IS NULL) = (${table.screenshotType} IS NULL)`,
    ),
  ],
);
