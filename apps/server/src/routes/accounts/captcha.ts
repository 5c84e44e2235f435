import {
  AccountPath,
  CaptchaPath,
  ErrorCode,
  ok,
  type CaptchaChallenge,
  type CaptchaVerifyResult,
  type WpsSuccess,
} from '@wps/contract';
import { captchaChallengeQuerySchema, captchaVerifySchema } from '@wps/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput, WpsHttpError } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';

export function captchaRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(CaptchaPath.geetest, async (request, reply): Promise<WpsSuccess<CaptchaChallenge>> => {
    reply.header('cache-control', 'no-store');
    parseInput(captchaChallengeQuerySchema, request.query);
    const merchant = await requireMerchant(ctx, request);
    const provider = await ctx.accounts.captcha.providerFor(merchant);
    return ok(await provider.challenge(merchant.id));
  });

  app.post(AccountPath.captchaVerify, async (request, reply): Promise<WpsSuccess<CaptchaVerifyResult>> => {
    reply.header('cache-control', 'no-store');
    const body = parseInput(captchaVerifySchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    const provider = await ctx.accounts.captcha.providerFor(merchant);
    if (provider.kind !== 'local') {
      throw new WpsHttpError(
        400,
        ErrorCode.CAPTCHA_INVALID,
        'This merchant verifies its captcha with Geetest.',
      );
    }
    return ok(await ctx.accounts.captcha.local.verify(merchant.id, body));
  });
}
