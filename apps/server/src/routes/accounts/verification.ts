import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';

/** Codes before login: the SMS code request and the password resets (services/identity/verification.ts, passwords.ts). */
export function verificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'smsCode', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.verification.requestSmsCode(merchant, input);
  });

  route(app, 'passwordResetEmail', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.passwords.resetByEmail(merchant, input);
  });

  route(app, 'passwordResetSms', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.passwords.resetBySms(merchant, input);
  });
}
