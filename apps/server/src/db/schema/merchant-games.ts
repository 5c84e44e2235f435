import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';
import { games, gameVendors } from './games.js';
import { merchants } from './merchants.js';

/*
 * A merchant's own view of the shared game catalogue (issue 30 item 6), written by the back office's
 * Games section. The catalogue (`games`, `game_vendors`) holds the defaults every merchant starts
 * from; a row here replaces them for one merchant, whole: present, its values are the merchant's
 * (a null hot rank means "not hot here"); absent, the catalogue's defaults hold. The category order
 * and which vendors are offered stay in the merchant's `gameVendor` settings (sorting, ordinal,
 * vendorSorting, allVendors), where the lobby has always read them.
 */

export const merchantGames = pgTable(
  'merchant_games',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    /** 1 the hottest; null: not hot for this merchant. */
    hotRank: integer('hot_rank'),
    /** Order within its category for this merchant. */
    position: integer('position').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.gameId] })],
);

export const merchantGameVendors = pgTable(
  'merchant_game_vendors',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    vendorCode: text('vendor_code')
      .notNull()
      .references(() => gameVendors.code, { onDelete: 'cascade' }),
    /** The maintenance tag: the vendor's games show it and do not launch. */
    maintenance: boolean('maintenance').notNull(),
    /** When the tag ends by itself (spec section 3's maintenanceEnd, per vendor); null: until cleared. */
    maintenanceUntil: timestamp('maintenance_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.vendorCode] })],
);
