import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { normalizeIp } from '../../lib/ip-rules.js';
import { storeCollectedEvent } from '../../services/system/collect.js';

export function collectRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'collect', async (event, request) => {
    const merchant = await requireMerchant(ctx, request);
    await storeCollectedEvent(ctx.db, merchant.id, event, normalizeIp(request.ip));
    return null;
  });
}
