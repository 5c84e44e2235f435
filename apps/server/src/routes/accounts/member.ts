import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { requireSession } from './common.js';

/** The logged-in member: info, language, feedback, password change (services/member/member.ts, services/identity/passwords.ts). */
export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'memberInfo', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    // The member's own fields, then what trust tells of the member: the limit offer, and the terms to
    // accept (a remembered session skips the login result, so member info tells of new terms too).
    const notices = await ctx.trust.memberNotices(merchant.id, session.customer.id);
    return { ...ctx.member.profile.info(merchant, session), ...notices };
  });

  route(app, 'memberLanguage', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.member.profile.setLanguage(merchant, await requireSession(ctx, request, merchant), input);
  });

  route(app, 'feedback', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.member.feedback.send(merchant, await requireSession(ctx, request, merchant), input);
  });

  route(app, 'changePassword', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.passwords.change(await requireSession(ctx, request, merchant), input);
  });
}
