import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';

/** The merchant's captcha challenge and the local slider's verify: services/captcha/index.ts. */
export function captchaRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'captcha', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.captcha.challenge(merchant);
  });

  route(app, 'captchaVerify', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.captcha.verify(merchant, input);
  });
}
