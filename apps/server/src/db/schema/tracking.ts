import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { merchants } from './merchants.js';

/* What pages report: collected events (WPSCORE_collect) and marketing events (issue 17). */

export const collectedEvents = pgTable(
  'collected_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The merchant the client said it was on, kept as sent for troubleshooting. */
    reportedMerchant: text('reported_merchant'),
    value: jsonb('value').$type<Record<string, unknown> | string>().notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('collected_events_merchant_created_idx').on(table.merchantId, table.createdAt)],
);

/**
 * Marketing events of spec section 9 (issue 17), one row per event id and merchant: a beacon and its
 * ping fallback carrying the same event count once. `customer_ref` is the member of the session the
 * event came with (services/tracking/events.ts attributionOf); another id the client named is kept in
 * `claimed_customer_ref`, counted nowhere.
 */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    name: text('name').notNull(),
    /** The member of the session the event came with (never the client's word alone). */
    customerRef: text('customer_ref'),
    /** The customer id the client reported when it was not the session's member (flagged, not counted). */
    claimedCustomerRef: text('claimed_customer_ref'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    clickIds: jsonb('click_ids').$type<Record<string, string>>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('marketing_events_merchant_event_idx').on(table.merchantId, table.eventId),
    // The first deposit counts once per member (ONCE_PER_MEMBER_EVENTS).
    uniqueIndex('marketing_events_first_deposit_idx')
      .on(table.merchantId, table.name, table.customerRef)
      .where(sql`name IN ('firstDeposit', 'firstDepositArrival') AND customer_ref IS NOT NULL`),
    index('marketing_events_merchant_name_created_idx').on(table.merchantId, table.name, table.createdAt),
  ],
);
