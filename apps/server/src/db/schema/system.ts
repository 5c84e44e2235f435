import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/* The server's own state: the RSA keys of payload encryption and the rate-limit windows. */

/**
 * RSA key pairs of the payload encryption (packages/contract encryption.ts), shared by every
 * instance. Rows never change once written: a key is handed out until `current_until` and opens
 * payloads until `accepted_until`.
 */
export const rsaKeys = pgTable(
  'rsa_keys',
  {
    /** The key id clients send back in X-RSA. */
    id: text('id').primaryKey(),
    /** 1, 2, 3, … in rotation order; unique, so instances rotating together insert one next key. */
    sequence: integer('sequence').notNull().unique(),
    /** SPKI DER, base64. */
    publicKey: text('public_key').notNull(),
    /** PKCS#8 DER sealed with AES-256-GCM under a key derived from SECRET_KEY (see services/keys). */
    privateKeySealed: text('private_key_sealed').notNull(),
    /** Names the SECRET_KEY that sealed the private key, so a changed secret is noticed, not guessed at. */
    sealedWith: text('sealed_with').notNull(),
    currentUntil: timestamp('current_until', { withTimezone: true }).notNull(),
    acceptedUntil: timestamp('accepted_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('rsa_keys_id_format', sql`${table.id} ~ '^[A-Za-z0-9_-]{1,64}$'`),
    check('rsa_keys_accepted_after_current', sql`${table.acceptedUntil} >= ${table.currentUntil}`),
  ],
);

/** Fixed-window request counters per client and route, shared by every instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `{ip} {GET|POST} {route}`. */
    bucket: text('bucket').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [index('rate_limits_window_start_idx').on(table.windowStart)],
);
