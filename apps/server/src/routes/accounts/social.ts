import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { requireSession } from './common.js';

/** The member's linked social sign-ins (services/identity/social): list and unlink, the session's member only. */
export function socialRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'linkedSignIns', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.social.linkedSignIns(merchant, await requireSession(ctx, request, merchant));
  });

  route(app, 'unlinkSignIn', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.social.unlink(merchant, await requireSession(ctx, request, merchant), input);
  });
}
