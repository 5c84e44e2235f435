import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchantSoon } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { normalizeIp } from '../../lib/ip-rules.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { systemStatus } from '../../services/merchants/status.js';

export function statusRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The busiest call: answered without a promise when the merchant is cached, and its answer (five
  // short fields) never reaches the compression threshold.
  route(
    app,
    'status',
    (_query, request) => {
      const merchant = requireMerchantSoon(ctx, request);
      const answer = (found: Merchant) => systemStatus(found, normalizeIp(request.ip), new Date());
      return merchant instanceof Promise ? merchant.then(answer) : answer(merchant);
    },
    { smallAnswers: true },
  );
}
