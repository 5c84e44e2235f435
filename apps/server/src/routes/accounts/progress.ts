import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { requireSession } from './common.js';

/** What a token loads besides the member info (spec section 4): rank progress and the unread count. */
export function progressRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'rankProgress', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.member.profile.rankProgress(await requireSession(ctx, request, merchant));
  });

  route(app, 'unreadCount', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    const inbox = await ctx.member.profile.unreadCount(session);
    // Agent replies in the support chat the member has not read count too (issue 16).
    const chat = await ctx.chat.conversations.unread(merchant.id, {
      kind: 'member',
      customerId: session.customer.id,
    });
    return { count: inbox.count + chat };
  });
}
