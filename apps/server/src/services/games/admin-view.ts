import {
  categoryOrdinal,
  GAME_CATEGORIES,
  isGameCategory,
  LOTTERY_VARIANT_OFFSET,
  GameCategory,
} from '@wps/contract/games';
import type { StaffGame, StaffGameCategory, StaffGamesView, StaffGameVendor } from '@wps/contract/gamesAdmin';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { games, gameVendors, merchantGames, merchantGameVendors } from '../../db/schema/index.js';
import {
  categoryTitle,
  isDisplayed,
  orderGames,
  orderVendors,
  type CatalogueSettings,
  type GameRow,
} from './catalogue.js';
import { vendorMaintenanceFor } from './merchant-overrides.js';

/*
 * What the back office's Games section shows (issue 30 item 6): the merchant's view of the catalogue
 * in the lobby's own order, every game of its vendors (the withdrawn ones too, to offer them again).
 */

type Runner = Pick<Db, 'select'>;

export type AdminGameRow = GameRow & { enabled: boolean };

/** Every game of the vendors the merchant offers, with the merchant's enabled, hot rank and position. */
export async function loadMerchantGames(
  db: Runner,
  merchantId: number,
  allVendors: readonly string[],
): Promise<AdminGameRow[]> {
  if (allVendors.length === 0) return [];
  return db
    .select({
      id: games.id,
      vendorCode: games.vendorCode,
      vendorName: gameVendors.displayName,
      gameCode: games.gameCode,
      nodeId: games.nodeId,
      displayName: games.displayName,
      category: games.category,
      freeplay: games.freeplay,
      hotRank: sql<
        number | null
      >`case when ${merchantGames.gameId} is null then ${games.hotRank} else ${merchantGames.hotRank} end`,
      launch: games.launch,
      position: sql<number>`coalesce(${merchantGames.position}, ${games.position})`,
      enabled: sql<boolean>`coalesce(${merchantGames.enabled}, ${games.enabled})`,
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.code, games.vendorCode))
    .leftJoin(
      merchantGames,
      and(eq(merchantGames.gameId, games.id), eq(merchantGames.merchantId, merchantId)),
    )
    .where(inArray(games.vendorCode, [...allVendors]));
}

function categoriesOf(settings: CatalogueSettings, offered: readonly AdminGameRow[]): StaffGameCategory[] {
  const lottery = GameCategory.LOTT;
  return [...GAME_CATEGORIES]
    .map((category) => ({
      category,
      title: categoryTitle(settings, category),
      ordinal: categoryOrdinal(category, settings),
      follows: LOTTERY_VARIANT_OFFSET[category] === undefined ? null : lottery,
      displayed: isDisplayed(settings, category),
      gameCount: offered.filter((row) => row.category === category && row.enabled).length,
    }))
    .sort((a, b) => a.ordinal - b.ordinal);
}

async function vendorsOf(
  db: Runner,
  merchantId: number,
  settings: CatalogueSettings,
  offered: readonly AdminGameRow[],
): Promise<StaffGameVendor[]> {
  const rows = await db
    .select({
      code: gameVendors.code,
      displayName: gameVendors.displayName,
      category: gameVendors.category,
      maintenance: vendorMaintenanceFor(merchantId),
      until: merchantGameVendors.maintenanceUntil,
    })
    .from(gameVendors)
    .leftJoin(
      merchantGameVendors,
      and(
        eq(merchantGameVendors.vendorCode, gameVendors.code),
        eq(merchantGameVendors.merchantId, merchantId),
      ),
    );
  const known = rows.filter((row): row is typeof row & { category: GameCategory } =>
    isGameCategory(row.category),
  );
  const rank = (row: (typeof known)[number]): number =>
    orderVendors(
      settings,
      row.category,
      known.filter((other) => other.category === row.category).map((other) => other.code),
    ).indexOf(row.code);
  return known
    .sort(
      (a, b) =>
        categoryOrdinal(a.category, settings) - categoryOrdinal(b.category, settings) || rank(a) - rank(b),
    )
    .map((row) => ({
      code: row.code,
      displayName: row.displayName,
      category: row.category,
      enabled: settings.allVendors.includes(row.code),
      maintenance: row.maintenance,
      maintenanceUntil: row.maintenance && row.until !== null ? new Date(row.until).toISOString() : null,
      gameCount: offered.filter((game) => game.vendorCode === row.code && game.enabled).length,
    }));
}

function toStaffGame(row: AdminGameRow & { category: GameCategory }): StaffGame {
  return {
    id: String(row.id),
    gameCode: row.gameCode,
    displayName: row.displayName,
    vendor: row.vendorCode,
    category: row.category,
    enabled: row.enabled,
    hotRank: row.hotRank,
  };
}

export async function gamesView(
  db: Runner,
  merchantId: number,
  settings: CatalogueSettings,
): Promise<StaffGamesView> {
  const offered = await loadMerchantGames(db, merchantId, settings.allVendors);
  const known = offered.filter((row): row is AdminGameRow & { category: GameCategory } =>
    isGameCategory(row.category),
  );
  return {
    categories: categoriesOf(settings, known),
    vendors: await vendorsOf(db, merchantId, settings, known),
    games: orderGames(settings, known).map(toStaffGame),
  };
}
