import { ok, SystemPath, type SystemStatus, type WpsSuccess } from '@wps/contract';
import { statusQuerySchema } from '@wps/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { normalizeIp } from '../../lib/ip-rules.js';
import { systemStatus } from '../../services/merchants/status.js';

export function statusRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(SystemPath.status, async (request, reply): Promise<WpsSuccess<SystemStatus>> => {
    reply.header('cache-control', 'no-store');
    parseInput(statusQuerySchema, request.query);
    const merchant = await requireMerchant(ctx, request);
    return ok(systemStatus(merchant, normalizeIp(request.ip), new Date()));
  });
}
