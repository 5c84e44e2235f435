import {
  ErrorCode,
  FAVOURITE_GAMES_LIMIT,
  GameRelayPath,
  ok,
  RECENT_GAMES_LIMIT,
  type FavouriteToggle,
  type GameCard,
  type RankEntry,
  type WpsSuccess,
} from '@wps/contract';
import { favouriteToggleSchema } from '@wps/contract/schemas';
import { and, count, desc, eq, inArray, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { favouriteGames, games, gameVendors, recentGames } from '../../db/schema.js';
import { parseInput, WpsHttpError } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { toGameCard } from '../../services/games/cards.js';
import type { DemoGame } from '../../services/games/demo.js';
import { merchantVendors, requireMerchantGame } from '../../services/games/launch.js';
import { requireSession } from '../accounts/common.js';

/** How long the public rank list may be reused. */
const RANK_LIST_MAX_AGE_S = 30;

/**
 * The member's recent games (GCS_recentGame) and favourites (getFavoriteGamesList,
 * toggleFavoriteGame), and the public rank list of recent wins (GCSGAME_getRankList). Only enabled
 * games of the merchant's current vendors are listed.
 */
export function memberGameRoutes(app: FastifyInstance, ctx: AppContext, demo: DemoGame): void {
  /** A member's list of games (recent or favourite), newest first, only games still offered. */
  const memberList = (
    path: string,
    table: typeof recentGames | typeof favouriteGames,
    newest: AnyColumn,
    limit: number,
  ) =>
    app.get(path, async (request, reply): Promise<WpsSuccess<GameCard[]>> => {
      reply.header('cache-control', 'no-store');
      const merchant = await requireMerchant(ctx, request);
      const { customer } = await requireSession(ctx, request, merchant);
      const vendors = merchantVendors(merchant);
      if (vendors.length === 0) return ok([]);
      const rows = await ctx.db
        .select({ game: games, vendor: gameVendors })
        .from(table)
        .innerJoin(games, eq(games.id, table.gameId))
        .innerJoin(gameVendors, eq(gameVendors.code, games.vendorCode))
        .where(
          and(eq(table.customerId, customer.id), eq(games.enabled, true), inArray(games.vendorCode, vendors)),
        )
        .orderBy(desc(newest), desc(games.id))
        .limit(limit);
      return ok(rows.map((row) => toGameCard(row.game, row.vendor)));
    });

  memberList(GameRelayPath.recentGames, recentGames, recentGames.playedAt, RECENT_GAMES_LIMIT);
  memberList(GameRelayPath.favouriteGames, favouriteGames, favouriteGames.createdAt, FAVOURITE_GAMES_LIMIT);

  app.post(GameRelayPath.toggleFavourite, async (request, reply): Promise<WpsSuccess<FavouriteToggle>> => {
    reply.header('cache-control', 'no-store');
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    const body = parseInput(favouriteToggleSchema, request.body);
    const { game } = await requireMerchantGame(ctx.db, merchant, Number(body.gameId));
    const mine = and(eq(favouriteGames.customerId, customer.id), eq(favouriteGames.gameId, game.id));
    if (!body.favourite) {
      await ctx.db.delete(favouriteGames).where(mine);
      return ok({ gameId: body.gameId, favourite: false });
    }
    const [existing] = await ctx.db
      .select({ gameId: favouriteGames.gameId })
      .from(favouriteGames)
      .where(mine);
    if (existing === undefined) {
      const [held] = await ctx.db
        .select({ value: count() })
        .from(favouriteGames)
        .where(eq(favouriteGames.customerId, customer.id));
      if ((held?.value ?? 0) >= FAVOURITE_GAMES_LIMIT) {
        throw new WpsHttpError(
          400,
          ErrorCode.INVALID_REQUEST,
          `At most ${FAVOURITE_GAMES_LIMIT} favourite games. Remove one first.`,
        );
      }
      await ctx.db
        .insert(favouriteGames)
        .values({ customerId: customer.id, gameId: game.id, createdAt: new Date(ctx.now()) })
        .onConflictDoNothing();
    }
    return ok({ gameId: body.gameId, favourite: true });
  });

  app.get(GameRelayPath.rankList, async (request, reply): Promise<WpsSuccess<RankEntry[]>> => {
    const merchant = await requireMerchant(ctx, request);
    reply.header('cache-control', `public, max-age=${RANK_LIST_MAX_AGE_S}`);
    return ok(await demo.rankList(merchant));
  });
}
