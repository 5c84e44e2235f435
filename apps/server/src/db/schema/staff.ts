import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
