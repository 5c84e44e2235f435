import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';

/** The local providers' outboxes (services/accounts/outbox.ts). Registered only in development mode. */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.devMode) return;

  route(app, 'devSmsOutbox', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.accounts.outbox.sms(merchant, input);
  });

  route(app, 'devMailOutbox', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.accounts.outbox.mail(merchant, input);
  });
}
