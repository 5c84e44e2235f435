import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ANNOUNCEMENT_AUDIENCES, type AnnouncementPopup } from '@wps/contract/games';
import type { LanguageCode } from '@wps/contract/languages';
import { createdAt, updatedAt } from './columns.js';
import type { ArtSpec } from './games.js';
import { customers } from './identity.js';
import { merchants } from './merchants.js';

/* The lobby's content: banners, announcements, promotions and promo codes, the popup. */

/** Home carousel banners per merchant, shown inside their window. */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    linkageType: text('linkage_type', { enum: ['P', 'URL', 'G'] }).notNull(),
    linkage: text('linkage').notNull(),
    roomId: text('room_id'),
    nodeId: text('node_id'),
    gameType: text('game_type'),
    vendor: text('vendor'),
    art: jsonb('art').$type<ArtSpec>().notNull(),
    /**
     * Issue 30 item 5: bumped when the back office changes the art. Picture URLs are cached as
     * immutable, so a changed picture needs a new name (`banner-{id}_{version}`; 0 keeps `banner-{id}`).
     */
    artVersion: integer('art_version').notNull().default(0),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('banners_merchant_idx').on(table.merchantId, table.position)],
);

/**
 * Issue 30 item 5: a banner's title in another language than the merchant's default (the row's
 * `title`). A request in a language without a row here gets the title as stored.
 */
export const bannerTranslations = pgTable(
  'banner_translations',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    language: text('language').$type<LanguageCode>().notNull(),
    title: text('title').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bannerId, table.language] })],
);

/** Marquee lines, popup pages and promotions per merchant, shown inside their window. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['MARQUEE', 'POPUP', 'PR'] }).notNull(),
    category: text('category'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Issue 15: a promotion's rich text (a small HTML subset the client sanitises) and its terms. */
    richContent: text('rich_content'),
    terms: text('terms'),
    art: jsonb('art').$type<ArtSpec>(),
    /** Who it is written for: a popup offering a free trial is not for members, "secure your account" not for visitors. */
    audience: text('audience', { enum: ANNOUNCEMENT_AUDIENCES }).notNull().default('all'),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('announcements_merchant_type_idx').on(table.merchantId, table.type, table.position)],
);

/**
 * Issue 15: an announcement in another language than the merchant's default (the row itself). A
 * request in a language without a row here gets the announcement as stored.
 */
export const announcementTranslations = pgTable(
  'announcement_translations',
  {
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    language: text('language').$type<LanguageCode>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    richContent: text('rich_content'),
    terms: text('terms'),
  },
  (table) => [primaryKey({ columns: [table.announcementId, table.language] })],
);

/** Issue 15: the promotion categories of a merchant (the tabs of /m/activity), names per language. */
export const promotionCategories = pgTable(
  'promotion_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** The `category` of the PR announcements in it. */
    code: text('code').notNull(),
    /** In the merchant's default language. */
    name: text('name').notNull(),
    names: jsonb('names').$type<Partial<Record<LanguageCode, string>>>().notNull().default({}),
    position: integer('position').notNull().default(0),
  },
  (table) => [uniqueIndex('promotion_categories_merchant_code_idx').on(table.merchantId, table.code)],
);

/** Issue 15: a merchant's promo codes, stored in upper case, each valid inside its window. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** The promotion the code belongs to, if any. */
    announcementId: integer('announcement_id').references(() => announcements.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Issue 30: how many members may claim it (null: no limit). */
    maxClaims: integer('max_claims'),
    /** Issue 30: the deposit bonus offer (deposit_bonus_offers.code) the code attaches, if any. */
    bonusOffer: text('bonus_offer'),
    createdAt: createdAt(),
  },
  (table) => [
    check('promo_codes_max_claims', sql`${table.maxClaims} IS NULL OR ${table.maxClaims} > 0`),
    uniqueIndex('promo_codes_merchant_code_idx').on(table.merchantId, table.code),
    check('promo_codes_code_format', sql`${table.code} ~ '^[A-Z0-9-]{4,32}$'`),
  ],
);

/** Issue 15: a member's claim of a promo code; the unique index makes it once per member. */
export const promoCodeClaims = pgTable(
  'promo_code_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('promo_code_claims_code_customer_idx').on(table.promoCodeId, table.customerId)],
);

/** The popup announcement's options per merchant (AnnouncementPopup without its list). */
export const announcementPopupOptions = pgTable('announcement_popup_options', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  options: jsonb('options').$type<Omit<AnnouncementPopup, 'popupList'>>().notNull(),
  updatedAt: updatedAt(),
});
