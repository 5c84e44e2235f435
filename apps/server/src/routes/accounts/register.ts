import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { callerOf } from './common.js';

/** Registration by username, by mobile number, and the username suggestion: services/identity/registration.ts. */
export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'register', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.registration.register(merchant, input, callerOf(request));
  });

  route(app, 'registerMobile', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.registration.registerMobile(merchant, input, callerOf(request));
  });

  route(app, 'registerAutoUsername', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.registration.autoUsername(merchant);
  });
}
