import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { listListedDomains, listMerchantCountries } from '../../services/merchants/repository.js';

/** Lists that change rarely: a short shared cache takes the load off the database. */
const SHORT_PUBLIC_CACHE = 'public, max-age=60';

export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'country', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    const countries = await listMerchantCountries(ctx.db, merchant.id);
    reply.header('cache-control', SHORT_PUBLIC_CACHE);
    return countries;
  });

  route(app, 'domainRoute', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    const domainList = await listListedDomains(ctx.db, merchant.id);
    reply.header('cache-control', SHORT_PUBLIC_CACHE);
    return { domainList };
  });
}
