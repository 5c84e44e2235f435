import {
  GAME_LIST_DEFAULT_PAGE_SIZE,
  HOT_GAMES_LIMIT,
  isGameCategory,
  sortByCategoryOrdinal,
  categoryOrdinal,
  type GameCard,
  type GameCategory,
  type GameCategoryCard,
  type GameLaunchTarget,
  type GameVendorInfo,
  type Paged,
} from '@wps/contract/games';
import type { GameVendorSettings } from '@wps/contract/system';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { games, gameVendors, merchantGames } from '../../db/schema/index.js';
import { imageBase } from './art.js';
import { vendorMaintenanceFor } from './merchant-overrides.js';

/**
 * The game catalogue as one merchant offers it: only the vendors of its `gameVendor.allVendors`,
 * only enabled games, only categories its `display` does not hide. The catalogue is small (tens to a
 * few hundred games), so the offered rows are loaded once per call and ordered in memory with the
 * contract's own ordinal rule rather than re-implementing that rule in SQL.
 */

/** Games shown on a category card (spec section 3: the card's first games). */
export const CATEGORY_CARD_GAMES = 8;

export type CatalogueSettings = Pick<
  GameVendorSettings,
  'allVendors' | 'display' | 'mapping' | 'ordinal' | 'sorting' | 'vendorSorting'
>;

/** A game row with its vendor's display name, as the loaders select it. */
export interface GameRow {
  id: number;
  vendorCode: string;
  vendorName: string;
  gameCode: string;
  nodeId: string;
  displayName: string;
  category: string;
  freeplay: boolean;
  hotRank: number | null;
  launch: GameLaunchTarget;
  position: number;
}

/** A row of a known category (rows of an unknown category are never answered). */
type KnownGameRow = GameRow & { category: GameCategory };

// ---- pure rules --------------------------------------------------------------------------------

/**
 * A merchant's stored `gameVendor` block with every part present: settings written before a part
 * existed, or edited by hand, must not turn a catalogue call into a 500.
 */
export function catalogueSettingsOf(stored: Partial<GameVendorSettings> | undefined): CatalogueSettings {
  const record = <T>(value: Record<string, T> | undefined): Record<string, T> =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return {
    allVendors: list(stored?.allVendors),
    sorting: list(stored?.sorting),
    mapping: record(stored?.mapping),
    display: record(stored?.display),
    ordinal: record(stored?.ordinal),
    vendorSorting: record(stored?.vendorSorting),
  };
}

export function isDisplayed(settings: Pick<CatalogueSettings, 'display'>, category: string): boolean {
  return settings.display[category] !== false;
}

export function categoryTitle(settings: Pick<CatalogueSettings, 'mapping'>, category: string): string {
  const title = settings.mapping[category];
  return typeof title === 'string' && title.trim() !== '' ? title : category;
}

export function toGameCard(row: KnownGameRow): GameCard {
  return {
    gameId: String(row.id),
    gameCode: row.gameCode,
    nodeId: row.nodeId,
    displayName: row.displayName,
    accountTypeName: row.vendorName,
    vendor: row.vendorCode,
    category: row.category,
    freeplay: row.freeplay,
    hotRank: row.hotRank,
    imageBase: imageBase('game', row.id),
    launch: row.launch,
  };
}

/** The vendor codes of a category: those named in `vendorSorting[category]` first, then the rest by code. */
export function orderVendors(
  settings: Pick<CatalogueSettings, 'vendorSorting'>,
  category: string,
  vendors: Iterable<string>,
): string[] {
  const listed = settings.vendorSorting[category];
  const preferred: readonly string[] = Array.isArray(listed) ? listed : [];
  const rank = (vendor: string): number => {
    const index = preferred.indexOf(vendor);
    return index < 0 ? preferred.length : index;
  };
  return [...new Set(vendors)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Catalogue order: by category ordinal, then by position (so a category's first games mix its
 * vendors' leading titles), then by the merchant's vendor order, then by id for a stable order.
 */
export function orderGames<T extends GameRow>(settings: CatalogueSettings, rows: readonly T[]): T[] {
  const vendorRank = new Map<string, number>();
  const categories = new Set(rows.map((row) => row.category));
  for (const category of categories) {
    const inCategory = rows.filter((row) => row.category === category).map((row) => row.vendorCode);
    orderVendors(settings, category, inCategory).forEach((vendor, index) =>
      vendorRank.set(`${category}:${vendor}`, index),
    );
  }
  const within = [...rows].sort(
    (a, b) =>
      a.position - b.position ||
      (vendorRank.get(`${a.category}:${a.vendorCode}`) ?? 0) -
        (vendorRank.get(`${b.category}:${b.vendorCode}`) ?? 0) ||
      a.id - b.id,
  );
  return sortByCategoryOrdinal(within, (row) => row.category, settings);
}

/** Rows a merchant may show: known, displayed categories only. */
export function visibleRows(settings: CatalogueSettings, rows: readonly GameRow[]): KnownGameRow[] {
  return rows.filter(
    (row): row is KnownGameRow => isGameCategory(row.category) && isDisplayed(settings, row.category),
  );
}

/**
 * The category cards (GCSGAME_gameVendor) from the merchant's offered rows: a category is offered
 * only when it has at least one game the merchant shows, so no card ever leads to an empty page.
 */
export function buildCategoryCards(
  settings: CatalogueSettings,
  rows: readonly GameRow[],
): GameCategoryCard[] {
  const ordered = orderGames(settings, visibleRows(settings, rows));
  const byCategory = new Map<GameCategory, KnownGameRow[]>();
  for (const row of ordered) {
    const list = byCategory.get(row.category) ?? [];
    list.push(row);
    byCategory.set(row.category, list);
  }
  return [...byCategory.entries()].map(([category, list]) => ({
    category,
    title: categoryTitle(settings, category),
    cards: list.slice(0, CATEGORY_CARD_GAMES).map(toGameCard),
    gameClassify: {
      vendors: orderVendors(
        settings,
        category,
        list.map((row) => row.vendorCode),
      ),
    },
    gameCount: list.length,
  }));
}

/** The hot games (GCSGAME_hotGamesV2): ranked ones, hottest first. */
export function buildHotGames(settings: CatalogueSettings, rows: readonly GameRow[]): GameCard[] {
  return visibleRows(settings, rows)
    .filter((row) => row.hotRank !== null)
    .sort((a, b) => (a.hotRank ?? 0) - (b.hotRank ?? 0) || a.id - b.id)
    .slice(0, HOT_GAMES_LIMIT)
    .map(toGameCard);
}

/** One page of a list; a page past the end is an empty list, not an error. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): Paged<T> {
  const start = (page - 1) * pageSize;
  return { list: items.slice(start, start + pageSize), page, pageSize, total: items.length };
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// ---- loaders -----------------------------------------------------------------------------------

export interface GameFilter {
  category?: GameCategory;
  vendor?: string;
  search?: string;
}

/**
 * The merchant's offered, enabled games with their vendor names, narrowed by the filter: the
 * merchant's own enabled flag, hot rank and position (merchant_games) where it has set them.
 */
export async function loadOfferedGames(
  db: Db,
  merchantId: number,
  settings: Pick<CatalogueSettings, 'allVendors'>,
  filter: GameFilter = {},
): Promise<GameRow[]> {
  const vendors =
    filter.vendor === undefined
      ? settings.allVendors
      : settings.allVendors.filter((code) => code === filter.vendor);
  if (vendors.length === 0) return [];
  const conditions: SQL[] = [
    inArray(games.vendorCode, vendors),
    sql`coalesce(${merchantGames.enabled}, ${games.enabled})`,
  ];
  if (filter.category !== undefined) conditions.push(eq(games.category, filter.category));
  if (filter.search !== undefined && filter.search !== '') {
    const pattern = containsPattern(filter.search);
    // Backslash is PostgreSQL's default LIKE escape; naming it keeps the pattern's meaning explicit.
    const match = or(
      sql`${games.displayName} ilike ${pattern} escape '\\'`,
      sql`${games.gameCode} ilike ${pattern} escape '\\'`,
    );
    if (match !== undefined) conditions.push(match);
  }
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
      // A merchant's row replaces the defaults whole: its null hot rank means "not hot here".
      hotRank: sql<
        number | null
      >`case when ${merchantGames.gameId} is null then ${games.hotRank} else ${merchantGames.hotRank} end`,
      launch: games.launch,
      position: sql<number>`coalesce(${merchantGames.position}, ${games.position})`,
    })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.code, games.vendorCode))
    .leftJoin(
      merchantGames,
      and(eq(merchantGames.gameId, games.id), eq(merchantGames.merchantId, merchantId)),
    )
    .where(and(...conditions));
}

export async function listCategoryCards(
  db: Db,
  merchantId: number,
  settings: CatalogueSettings,
): Promise<GameCategoryCard[]> {
  return buildCategoryCards(settings, await loadOfferedGames(db, merchantId, settings));
}

export async function listHotGames(
  db: Db,
  merchantId: number,
  settings: CatalogueSettings,
): Promise<GameCard[]> {
  return buildHotGames(settings, await loadOfferedGames(db, merchantId, settings));
}

export interface GameListRequest extends GameFilter {
  page?: number;
  pageSize?: number;
}

export async function listGames(
  db: Db,
  merchantId: number,
  settings: CatalogueSettings,
  request: GameListRequest,
): Promise<Paged<GameCard>> {
  const { page = 1, pageSize = GAME_LIST_DEFAULT_PAGE_SIZE, ...filter } = request;
  const rows = orderGames(
    settings,
    visibleRows(settings, await loadOfferedGames(db, merchantId, settings, filter)),
  );
  const paged = pageOf(rows, page, pageSize);
  return { ...paged, list: paged.list.map(toGameCard) };
}

/**
 * The offered vendors (GCSGAME_newGameVendor) with their enabled-game counts and logos in `ext`,
 * ordered like the categories, then by the merchant's vendor order. A vendor without an enabled game
 * is left out: its chip or logo would lead to an empty list.
 */
export async function listVendors(
  db: Db,
  merchantId: number,
  settings: CatalogueSettings,
  ext: 'png' | 'webp' | 'avif',
): Promise<GameVendorInfo[]> {
  if (settings.allVendors.length === 0) return [];
  const rows = await db
    .select({
      code: gameVendors.code,
      displayName: gameVendors.displayName,
      category: gameVendors.category,
      maintenance: vendorMaintenanceFor(merchantId),
      gameCount: sql<number>`(select count(*)::int from ${games} g left join merchant_games mg on mg.game_id = g.id and mg.merchant_id = ${merchantId} where g.vendor_code = ${gameVendors.code} and coalesce(mg.enabled, g.enabled))`,
    })
    .from(gameVendors)
    .where(inArray(gameVendors.code, settings.allVendors));
  const known = rows.filter(
    (row): row is typeof row & { category: GameCategory } =>
      isGameCategory(row.category) && isDisplayed(settings, row.category) && Number(row.gameCount) > 0,
  );
  const rank = (row: (typeof known)[number]): number =>
    orderVendors(
      settings,
      row.category,
      known.filter((other) => other.category === row.category).map((other) => other.code),
    ).indexOf(row.code);
  const ordered = [...known].sort(
    (a, b) =>
      categoryOrdinal(a.category, settings) - categoryOrdinal(b.category, settings) || rank(a) - rank(b),
  );
  return ordered.map((row) => ({
    vendor: row.code,
    displayName: row.displayName,
    category: row.category,
    gameCount: Number(row.gameCount),
    logoUrl: `${imageBase('vendor', row.code)}.${ext}`,
    maintenance: row.maintenance,
  }));
}
