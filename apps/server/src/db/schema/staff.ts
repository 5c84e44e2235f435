import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { merchants } from './merchants.js';

/* Support chat and staff (issue 16): the back office's staff accounts and their sessions. */

/** Staff of a merchant's back office (the support console first): argon2id password and TOTP required. */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    /** `agent` answers chats; `supervisor` also sees every agent's; `admin` the whole back office. */
    role: text('role').$type<'agent' | 'supervisor' | 'admin'>().notNull(),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret sealed with the key-encryption key (AAD `staff-totp:{id}`); null: cannot sign in. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('staff_accounts_merchant_username_idx').on(table.merchantId, sql`lower(${table.username})`),
  ],
);

/** Staff console sessions: only the SHA-256 of the cookie's token is stored. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('staff_sessions_expires_idx').on(table.expiresAt)],
);

/**
 * The staff audit chain (issue 30 item 9): one row per staff write or refused attempt, hash-chained
 * per merchant (`seq` 1, 2, … with each row's `hash` over its canonical form and the row before's
 * `hash`). Never updated or deleted (migration 0023's triggers refuse it); `npm run audit:verify`
 * finds the first broken link.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** null: nobody signed in (a refused sign-in, a sign-out without a session). */
    staffId: integer('staff_id'),
    /** The endpoint's name in the contract's table. */
    action: text('action').notNull(),
    outcome: text('outcome').$type<'ok' | 'refused'>().notNull(),
    errorCode: text('error_code'),
    /** SHA-256 of the canonical request (secrets left out). */
    requestDigest: text('request_digest').notNull(),
    /** SHA-256 of the canonical state before and after, where the write names them (else null). */
    beforeDigest: text('before_digest'),
    afterDigest: text('after_digest'),
    ip: text('ip').notNull(),
    requestId: text('request_id').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.seq] }),
    check('staff_audit_outcome', sql`${table.outcome} IN ('ok', 'refused')`),
  ],
);
