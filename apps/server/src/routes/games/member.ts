import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import type { DemoGame } from '../../services/games/demo.js';
import { listMemberGames, setFavourite } from '../../services/games/member-games.js';
import { requireSession } from '../accounts/common.js';

/** How long the public rank list may be reused. */
const RANK_LIST_MAX_AGE_S = 30;

/**
 * The member's recent games and favourites, the favourite toggle, and the public rank list of recent
 * wins (GCSGAME_getRankList).
 */
export function memberGameRoutes(app: FastifyInstance, ctx: AppContext, demo: DemoGame): void {
  route(app, 'recentGames', async (_query, request) => {
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    return listMemberGames(ctx.db, merchant, customer.id, 'recent');
  });

  route(app, 'favouriteGames', async (_query, request) => {
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    return listMemberGames(ctx.db, merchant, customer.id, 'favourite');
  });

  route(app, 'toggleFavourite', async (toggle, request) => {
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    return setFavourite(ctx.db, merchant, customer.id, toggle, new Date(ctx.now()));
  });

  route(app, 'rankList', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    reply.header('cache-control', `public, max-age=${RANK_LIST_MAX_AGE_S}`);
    return demo.rankList(merchant);
  });
}
