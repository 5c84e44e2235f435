import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import type { DevOutbox } from './outbox.js';

/** The local providers' outboxes (outbox.ts): registered only in development mode (DEV_MODE). */
export function devOutboxRoutes(app: FastifyInstance, ctx: AppContext, outbox: DevOutbox): void {
  route(app, 'devSmsOutbox', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return outbox.sms(merchant, input);
  });

  route(app, 'devMailOutbox', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return outbox.mail(merchant, input);
  });
}
