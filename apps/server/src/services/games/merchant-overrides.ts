import { sql, type SQL } from 'drizzle-orm';
import { games, gameVendors } from '../../db/schema/index.js';

/*
 * A merchant's own values over the shared catalogue (db/schema/merchant-games.ts): a merchant's row,
 * when present, replaces the catalogue's default whole. Correlated sub-selects, so each query that
 * reads `games` or `game_vendors` gets the merchant's view without changing its joins.
 */

/** Whether the merchant offers the game of the current `games` row. */
export function gameEnabledFor(merchantId: number): SQL<boolean> {
  return sql<boolean>`coalesce((select mg.enabled from merchant_games mg where mg.merchant_id = ${merchantId} and mg.game_id = ${games.id}), ${games.enabled})`;
}

/**
 * The maintenance tag of the current `game_vendors` row for the merchant: its own tag while the tag's
 * end has not passed (by the database's clock, the same for every instance), else the catalogue's.
 */
export function vendorMaintenanceFor(merchantId: number): SQL<boolean> {
  return sql<boolean>`coalesce((select mv.maintenance and (mv.maintenance_until is null or mv.maintenance_until > now()) from merchant_game_vendors mv where mv.merchant_id = ${merchantId} and mv.vendor_code = ${gameVendors.code}), ${gameVendors.maintenance})`;
}
