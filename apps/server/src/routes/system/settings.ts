import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { findCountry, listMerchantCountries } from '../../services/merchants/repository.js';
import { buildCommonSettings } from '../../services/merchants/settings.js';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'settings', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    const [countries, home] = await Promise.all([
      listMerchantCountries(ctx.db, merchant.id),
      findCountry(ctx.db, merchant.countryCode),
    ]);
    // Revalidated on every use: the client refreshes settings when the tab becomes visible.
    reply.header('cache-control', 'no-cache');
    return buildCommonSettings(merchant, countries, home);
  });
}
