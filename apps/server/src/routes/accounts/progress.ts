import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { requireSession } from './common.js';

/** What a token loads besides the member info (spec section 4): rank progress and the unread count. */
export function progressRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'rankProgress', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.accounts.member.rankProgress(await requireSession(ctx, request, merchant));
  });

  route(app, 'unreadCount', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.accounts.member.unreadCount(await requireSession(ctx, request, merchant));
  });
}
