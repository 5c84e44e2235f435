import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { callerOf, requireSession } from './common.js';

/**
 * Referral and agents (issue 15; services/referral/referral.ts): the public and the member's
 * promotions, the member's referral code and friends, and the agent-only downline calls.
 */
export function referralRoutes(app: FastifyInstance, ctx: AppContext): void {
  const session = async (request: FastifyRequest) => {
    const merchant = await requireMerchant(ctx, request);
    return { merchant, session: await requireSession(ctx, request, merchant) };
  };

  route(app, 'availablePromotions', async (_input, request) =>
    ctx.referral.promotions(await requireMerchant(ctx, request), null),
  );
  route(app, 'memberPromotions', async (_input, request) => {
    const caller = await session(request);
    return ctx.referral.promotions(caller.merchant, caller.session.customer);
  });
  route(app, 'referralInfo', async (_input, request) => ctx.referral.info((await session(request)).session));
  route(app, 'referralFriends', async (input, request) =>
    ctx.referral.friends((await session(request)).session, input),
  );
  route(app, 'agentInfo', async (_input, request) =>
    ctx.referral.agentInfo((await session(request)).session),
  );
  route(app, 'agentSubAccounts', async (input, request) =>
    ctx.referral.subAccounts((await session(request)).session, input),
  );
  route(app, 'agentCreateSubAccount', async (input, request) => {
    const caller = await session(request);
    const agent = ctx.referral.requireAgent(caller.session);
    return ctx.identity.registration.createSubAccount(caller.merchant, agent, input, callerOf(request));
  });
}
