import { sql } from 'drizzle-orm';
import {
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
import type { AvailablePromotion } from '@wps/contract/referral';
import type { LanguageCode } from '@wps/contract/languages';
import type { MobileTemplate } from '@wps/contract/system';
import type { WhitelabelFlag } from '@wps/contract/flags';
import type { JurisdictionRules } from '@wps/contract/trust';
import type { MerchantPublicSettings, MerchantSecrets } from '../json-types.js';
import { createdAt, updatedAt } from './columns.js';

/* Merchants and where they are: countries, merchants, their domains and countries. */

/**
 * The rules of a jurisdiction a merchant runs under (issue 29): data, edited without code. Seeded as
 * UKGC-like, MGA-like, Curaçao-like and PAGCOR-like (seed/trust.ts).
 */
export const jurisdictionProfiles = pgTable('jurisdiction_profiles', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  rules: jsonb('rules').$type<JurisdictionRules>().notNull(),
  updatedAt: updatedAt(),
});

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
    /** Sessions answer token_ip_different when used from another ip than the login's. */
    sessionIpBinding: boolean('session_ip_binding').notNull().default(false),
    /**
     * The promotion programs the backend runs (issue 15): the REFERRAL and APP_DOWNLOAD flags and
     * bonuses the promotions calls answer; a program not listed is off.
     */
    promotionPrograms: jsonb('promotion_programs').$type<AvailablePromotion[]>().notNull().default([]),
    /** The responsible-gaming rules it runs under (issue 29). */
    jurisdictionProfileId: text('jurisdiction_profile_id')
      .notNull()
      .default('ukgc-like')
      .references(() => jurisdictionProfiles.id),
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
