import { ok, SystemExtraPath, type WpsSuccess } from '@wps/contract';
import { collectBodySchema } from '@wps/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { collectedEvents } from '../../db/schema.js';
import { parseInput } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { normalizeIp } from '../../lib/ip-rules.js';

export function collectRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(SystemExtraPath.collect, async (request, reply): Promise<WpsSuccess<null>> => {
    const body = parseInput(collectBodySchema, request.body);
    const merchant = await requireMerchant(ctx, request);
    await ctx.db.insert(collectedEvents).values({
      merchantId: merchant.id,
      reportedMerchant: body.merchant ?? null,
      value: body.value,
      ip: normalizeIp(request.ip),
    });
    reply.header('cache-control', 'no-store');
    return ok(null);
  });
}
