import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { customers } from './identity.js';
import { merchants } from './merchants.js';

/* Social sign-in (issue 14): the merchants' identity providers, linked identities, bind tokens
 * and provider tokens already used. */

/** The identity providers a merchant offers: `firebase` (Google, Facebook, X, phone), `line`, `telegram`, `maya`. */
export type IdentityProviderName = 'firebase' | 'line' | 'telegram' | 'maya';

/**
 * A merchant's identity providers. `public_config` may be sent to any visitor (the settings call
 * answers parts of it); `secret_config` (client secrets, bot tokens, endpoint base URLs) is never
 * selected into an answer.
 */
export const merchantIdentityProviders = pgTable(
  'merchant_identity_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<IdentityProviderName>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    publicConfig: jsonb('public_config').$type<Record<string, unknown>>().notNull().default({}),
    secretConfig: jsonb('secret_config').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('merchant_identity_providers_merchant_provider_uq').on(table.merchantId, table.provider),
    check(
      'merchant_identity_providers_provider',
      sql`${table.provider} IN ('firebase', 'line', 'telegram', 'maya')`,
    ),
  ],
);

/** A sign-in of another provider linked to a member: (merchant, provider, subject) names one member. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** 'google.com' | 'facebook.com' | 'twitter.com' | 'phone' | 'line' | 'telegram' | 'maya'. */
    provider: text('provider').notNull(),
    /** The provider's stable id of the person (Firebase uid, LINE userId, Telegram id, Maya account). */
    subject: text('subject').notNull(),
    displayName: text('display_name'),
    pictureUrl: text('picture_url'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_identities_merchant_provider_subject_uq').on(
      table.merchantId,
      table.provider,
      table.subject,
    ),
    index('social_identities_customer_idx').on(table.customerId),
    check(
      'social_identities_provider',
      sql`${table.provider} IN ('google.com', 'facebook.com', 'twitter.com', 'phone', 'line', 'telegram', 'maya')`,
    ),
    check('social_identities_subject_length', sql`char_length(${table.subject}) BETWEEN 1 AND 256`),
  ],
);

/**
 * A verified sign-in that matched no member, waiting for the member's choice (log in and link, or
 * register): the SHA-256 of the bind token, single use, short-lived, bound to its merchant.
 */
export const socialBindTokens = pgTable(
  'social_bind_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    displayName: text('display_name'),
    pictureUrl: text('picture_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('social_bind_tokens_expires_idx').on(table.expiresAt)],
);

/** Provider tokens (Firebase ID tokens, …) already used for a sign-in, kept until they expire: no replay. */
export const socialTokenUses = pgTable(
  'social_token_uses',
  {
    /** `{provider}:{SHA-256 of the token}`. */
    tokenKey: text('token_key').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('social_token_uses_expires_idx').on(table.expiresAt)],
);
