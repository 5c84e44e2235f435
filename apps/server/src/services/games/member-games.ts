import { FAVOURITE_GAMES_LIMIT, RECENT_GAMES_LIMIT, type GameCard } from '@wps/contract/games';
import type { FavouriteToggle } from '@wps/contract/schemas/games';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favouriteGames, games, gameVendors, recentGames } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import { toGameCard } from './cards.js';
import { gameEnabledFor } from './merchant-overrides.js';
import { merchantVendors, requireMerchantGame } from './launch.js';

const LISTS = {
  recent: { table: recentGames, newest: recentGames.playedAt, limit: RECENT_GAMES_LIMIT },
  favourite: { table: favouriteGames, newest: favouriteGames.createdAt, limit: FAVOURITE_GAMES_LIMIT },
} as const;

/**
 * A member's recent games (GCS_recentGame) or favourites (getFavoriteGamesList), newest first: only
 * enabled games of the merchant's current vendors.
 */
export async function listMemberGames(
  db: Db,
  merchant: Merchant,
  customerId: number,
  list: keyof typeof LISTS,
): Promise<GameCard[]> {
  const vendors = merchantVendors(merchant);
  if (vendors.length === 0) return [];
  const { table, newest, limit } = LISTS[list];
  const rows = await db
    .select({ game: games, vendor: gameVendors })
    .from(table)
    .innerJoin(games, eq(games.id, table.gameId))
    .innerJoin(gameVendors, eq(gameVendors.code, games.vendorCode))
    .where(
      and(eq(table.customerId, customerId), gameEnabledFor(merchant.id), inArray(games.vendorCode, vendors)),
    )
    .orderBy(desc(newest), desc(games.id))
    .limit(limit);
  return rows.map((row) => toGameCard(row.game, row.vendor));
}

/** Marks or unmarks a game of the merchant as the member's favourite; at most FAVOURITE_GAMES_LIMIT. */
export async function setFavourite(
  db: Db,
  merchant: Merchant,
  customerId: number,
  toggle: FavouriteToggle,
  at: Date,
): Promise<FavouriteToggle> {
  const { game } = await requireMerchantGame(db, merchant, Number(toggle.gameId));
  const mine = and(eq(favouriteGames.customerId, customerId), eq(favouriteGames.gameId, game.id));
  if (!toggle.favourite) {
    await db.delete(favouriteGames).where(mine);
    return { gameId: toggle.gameId, favourite: false };
  }
  const [existing] = await db.select({ gameId: favouriteGames.gameId }).from(favouriteGames).where(mine);
  if (existing === undefined) {
    const [held] = await db
      .select({ value: count() })
      .from(favouriteGames)
      .where(eq(favouriteGames.customerId, customerId));
    if ((held?.value ?? 0) >= FAVOURITE_GAMES_LIMIT) {
      throw new DomainError(
        'invalid_request',
        `At most ${FAVOURITE_GAMES_LIMIT} favourite games. Remove one first.`,
      );
    }
    await db
      .insert(favouriteGames)
      .values({ customerId, gameId: game.id, createdAt: at })
      .onConflictDoNothing();
  }
  return { gameId: toggle.gameId, favourite: true };
}
