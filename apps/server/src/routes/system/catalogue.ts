import { ok, SystemPath, type Country, type DomainRoute, type WpsSuccess } from '@wps/contract';
import { domainRouteQuerySchema } from '@wps/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { listListedDomains, listMerchantCountries } from '../../services/merchants/repository.js';

/** Lists that change rarely: a short shared cache takes the load off the database. */
const SHORT_PUBLIC_CACHE = 'public, max-age=60';

export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(SystemPath.country, async (request, reply): Promise<WpsSuccess<Country[]>> => {
    const merchant = await requireMerchant(ctx, request);
    const countries = await listMerchantCountries(ctx.db, merchant.id);
    reply.header('cache-control', SHORT_PUBLIC_CACHE);
    return ok(countries);
  });

  app.get(SystemPath.domainRoute, async (request, reply): Promise<WpsSuccess<DomainRoute>> => {
    parseInput(domainRouteQuerySchema, request.query);
    const merchant = await requireMerchant(ctx, request);
    const domainList = await listListedDomains(ctx.db, merchant.id);
    reply.header('cache-control', SHORT_PUBLIC_CACHE);
    return ok({ domainList });
  });
}
