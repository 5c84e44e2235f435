import { ok, RelayPath, type PlayerRankProgress, type UnreadCount, type WpsSuccess } from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { rankProgressOf, unreadMessageCount } from '../../services/accounts/memberExtras.js';
import { requireSession } from './common.js';

/** What a token loads besides the member info (spec section 4): rank progress and the unread count. */
export function progressRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(RelayPath.playerRankProgress, async (request, reply): Promise<WpsSuccess<PlayerRankProgress>> => {
    reply.header('cache-control', 'no-store');
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    return ok(await rankProgressOf(ctx.db, customer));
  });

  app.get(RelayPath.unreadCount, async (request, reply): Promise<WpsSuccess<UnreadCount>> => {
    reply.header('cache-control', 'no-store');
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    return ok({ count: await unreadMessageCount(ctx.db, customer.id) });
  });
}
