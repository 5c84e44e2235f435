import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { customerServiceScript } from '../../services/merchants/cs-script.js';

/** WPSCORE_getCustomerServiceScript (the development stand-in of a widget: src/stand-ins/cs-widget.ts). */
export function csScriptRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'customerServiceScript', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    reply.header('cache-control', 'public, max-age=60');
    return { src: customerServiceScript(merchant.settings.customerServiceScript)?.src ?? null };
  });
}
