import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LegalKind, LimitType } from '@wps/contract/trust';
import { createdAt } from './columns.js';
import { merchants } from './merchants.js';

/* Trust and responsible gaming (services/trust, issue 29): the members' limits and their parked
 * changes, the audit trail of every change, the merchants' legal pages. The profiles are in
 * merchants.ts; a member's running break is on the customer row (identity.ts), read with the session. */

/**
 * A member's limit of one type. `amount` is what applies now (null: none); a raise or a removal is
 * parked (`parked_at`, with `parked_amount`, null for a removal) until the member confirms it after the
 * profile's cooling-off and within its window.
 */
export const trustLimits = pgTable(
  'trust_limits',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerId: integer('customer_id').notNull(),
    type: text('type').$type<LimitType>().notNull(),
    /** Minor units of the merchant's currency; minutes for session_time. */
    amount: bigint('amount', { mode: 'bigint' }),
    parkedAmount: bigint('parked_amount', { mode: 'bigint' }),
    parkedAt: timestamp('parked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.customerId, table.type] }),
    check('trust_limits_positive', sql`${table.amount} IS NULL OR ${table.amount} > 0`),
    check('trust_limits_parked_positive', sql`${table.parkedAmount} IS NULL OR ${table.parkedAmount} > 0`),
    check('trust_limits_parked_when', sql`${table.parkedAmount} IS NULL OR ${table.parkedAt} IS NOT NULL`),
  ],
);

/**
 * Every responsible-gaming request and what it did: who asked (member, staff or system), what was
 * asked, what took effect. Never updated or deleted (migration 0021's triggers refuse it).
 */
export const trustAudit = pgTable(
  'trust_audit',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerId: integer('customer_id').notNull(),
    actor: text('actor', { enum: ['member', 'staff', 'system'] }).notNull(),
    /** The staff account for `staff`; null otherwise. */
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    requested: jsonb('requested').notNull(),
    effect: jsonb('effect').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('trust_audit_merchant').on(table.merchantId, table.id),
    index('trust_audit_member').on(table.merchantId, table.customerId, table.id),
  ],
);

/**
 * A merchant's legal page in one language and version. The current version of a kind is its highest;
 * a language without that version falls back to the merchant's default language.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    kind: text('kind').$type<LegalKind>().notNull(),
    version: integer('version').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.kind, table.version, table.language] }),
    check('legal_documents_version', sql`${table.version} > 0`),
  ],
);
