import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { normalizeIp } from '../../lib/ip-rules.js';
import { systemStatus } from '../../services/merchants/status.js';

export function statusRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'status', async (_query, request) => {
    const merchant = await requireMerchant(ctx, request);
    return systemStatus(merchant, normalizeIp(request.ip), new Date());
  });
}
