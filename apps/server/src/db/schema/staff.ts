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

/* Support chat and staff (issue 16); roles as data (issue 30 item 2). */

/**
 * A staff role: a named set of `resource:action` grants (staff_role_permissions). The eight built-in
 * roles have no merchant (migration staff_roles seeds them); a merchant's own roles would name it.
 * `platform`: the role is above merchants (its staff act on every merchant).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** null: built in, offered to every merchant. */
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    platform: boolean('platform').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('staff_roles_code_idx').on(sql`coalesce(${table.merchantId}, 0)`, table.code)],
);

/** What a role grants: one `resource:action` a row (the contract's STAFF_PERMISSIONS). */
export const staffRolePermissions = pgTable(
  'staff_role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => staffRoles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permission] })],
);

/**
 * Staff of the back office: argon2id password and TOTP required (a CHECK refuses an enabled account
 * without an authenticator). `merchantId` is the home merchant (null for a platform operator);
 * the merchants the account acts on are its scope (staff_account_merchants), or every merchant
 * when its role is a platform role.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => staffRoles.id),
    /** argon2id, PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** Base32 TOTP secret sealed with the key-encryption key (AAD `staff-totp:{id}`); required unless disabled. */
    totpSecretSealed: text('totp_secret_sealed'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('staff_accounts_merchant_username_idx').on(table.merchantId, sql`lower(${table.username})`),
    // Platform operators have no merchant: their user names are unique among themselves.
    uniqueIndex('staff_accounts_platform_username_idx')
      .on(sql`lower(${table.username})`)
      .where(sql`${table.merchantId} IS NULL`),
    check('staff_accounts_second_factor', sql`${table.disabled} OR ${table.totpSecretSealed} IS NOT NULL`),
  ],
);

/** The merchants a (merchant-scoped) staff account acts on: its home merchant and any more. */
export const staffAccountMerchants = pgTable(
  'staff_account_merchants',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.staffId, table.merchantId] }),
    index('staff_account_merchants_merchant_idx').on(table.merchantId),
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
    /** Where and with what the session signed in (its listing); null for sessions before issue 30. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('staff_sessions_expires_idx').on(table.expiresAt),
    index('staff_sessions_staff_idx').on(table.staffId),
  ],
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
