import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { findCountry, listMerchantCountries } from '../../services/merchants/repository.js';
import { openCustomerService } from '../../services/customer-service/entries.js';
import { buildCommonSettings, CommonSettingsCache } from '../../services/merchants/settings.js';
import { currentTermsVersion } from '../../services/trust/index.js';

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Read-mostly configuration, cached as long as the merchant itself: no query on a cached call.
  const cache = new CommonSettingsCache(
    async (merchant) => {
      const [countries, home, identityConfigs, profile, ageRules, termsVersion] = await Promise.all([
        listMerchantCountries(ctx.db, merchant.id),
        findCountry(ctx.db, merchant.countryCode),
        ctx.identity.identityProviders.publicConfigs(merchant.id),
        ctx.trust.profiles.ofMerchant(merchant.id),
        ctx.trust.gate.ageRules(merchant.id),
        currentTermsVersion(ctx.db, merchant.id),
      ]);
      return buildCommonSettings(
        merchant,
        countries,
        home,
        { configs: identityConfigs, standIns: ctx.config.identityStandIns },
        // Sealed at rest; opened (and checked) only here, for the answer.
        openCustomerService(ctx.kek, merchant.code, merchant.settings.customerService),
        profile.rules.minAge,
        // What registration asks of age and terms (issue 29); the minimum age is the one above.
        { ageCheck: ageRules.ageCheck, termsVersion },
      );
    },
    ctx.cacheTtlMs,
    ctx.now,
  );

  route(app, 'settings', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    const settings = await cache.get(merchant);
    // Revalidated on every use: the client refreshes settings when the tab becomes visible.
    reply.header('cache-control', 'no-cache');
    return settings;
  });
}
