import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LanguageCode, MobileTemplate, WhitelabelFlag } from '@wps/contract';
import type { MerchantPublicSettings, MerchantSecrets } from './json-types.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const countries = pgTable(
  'countries',
  {
    /** ISO 3166-1 alpha-2. */
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    /** Without the plus sign. */
    dialingCode: text('dialing_code').notNull(),
  },
  (table) => [
    check('countries_code_format', sql`${table.code} ~ '^[A-Z]{2}$'`),
    check('countries_dialing_code_format', sql`${table.dialingCode} ~ '^[0-9]{1,4}$'`),
  ],
);

export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    defaultLanguage: text('default_language').$type<LanguageCode>().notNull(),
    languages: jsonb('languages').$type<LanguageCode[]>().notNull(),
    currency: text('currency').notNull(),
    currencySymbol: text('currency_symbol').notNull(),
    currencyPosition: text('currency_position', { enum: ['before', 'after'] }).notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    /** Only the flags that are set; the answer lays them over allFlagsOff(). */
    flags: jsonb('flags').$type<Partial<Record<WhitelabelFlag, boolean>>>().notNull().default({}),
    template: jsonb('template').$type<MobileTemplate>().notNull(),
    publicSettings: jsonb('public_settings').$type<MerchantPublicSettings>().notNull(),
    /** Never selected into an answer. */
    secrets: jsonb('secrets').$type<MerchantSecrets>().notNull().default({}),
    maintenanceStart: timestamp('maintenance_start', { withTimezone: true }),
    /** Null with a start: maintenance until further notice. */
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
    /** Callers from these CIDRs are restricted. */
    regionBlockedCidrs: jsonb('region_blocked_cidrs').$type<string[]>().notNull().default([]),
    /** When set, only callers from these CIDRs are allowed. */
    regionAllowedCidrs: jsonb('region_allowed_cidrs').$type<string[]>(),
    /** The one host where search engines may index the app. */
    mainHost: text('main_host').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('merchants_code_format', sql`${table.code} ~ '^[a-z0-9][a-z0-9-]{0,31}$'`),
    check(
      'merchants_maintenance_window',
      sql`${table.maintenanceEnd} IS NULL OR ${table.maintenanceStart} IS NULL OR ${table.maintenanceEnd} > ${table.maintenanceStart}`,
    ),
  ],
);

export const merchantDomains = pgTable(
  'merchant_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    domain: text('domain').notNull().unique(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Listed domains are the ones the domainRoute call hands out. */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('merchant_domains_merchant_idx').on(table.merchantId),
    check('merchant_domains_lowercase', sql`${table.domain} = lower(${table.domain})`),
  ],
);

export const merchantCountries = pgTable(
  'merchant_countries',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    /** Display order in the country picker. */
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.countryCode] })],
);

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
