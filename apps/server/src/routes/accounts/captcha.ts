import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';

/** The merchant's captcha challenge, the local slider's verify and its text alternative: services/captcha/index.ts. */
export function captchaRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'captcha', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.captcha.challenge(merchant);
  });

  route(app, 'captchaVerify', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.captcha.verify(merchant, input);
  });

  // The slider's alternative for a screen reader's user: a question in words, checked here.
  route(app, 'captchaText', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.captcha.textChallenge(merchant);
  });

  route(app, 'captchaTextVerify', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.captcha.verifyText(merchant, input);
  });
}
