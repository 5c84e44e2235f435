import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { downloadSetting } from '../../services/content/download.js';
import {
  claimPromoCode,
  listPromotionCategories,
  PromoCodeGuesses,
} from '../../services/content/promotions.js';
import { requireSession } from '../accounts/common.js';
import { languageOf } from './catalogue.js';

/** Answers every visitor of a host alike (per Language for the categories): shared caches may keep them. */
const CONTENT_CACHE_CONTROL = 'public, max-age=60';

/** How often ended windows of promo-code guesses are deleted. */
const GUESSES_SWEEP_MS = 10 * 60 * 1000;

/** Promotions, promo codes and the download page (issue 15 items 6 and 8). */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const guesses = new PromoCodeGuesses(ctx.db, ctx.now);
  const sweep = setInterval(() => {
    guesses
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'promo-code guesses sweep failed'));
  }, GUESSES_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  route(app, 'promotionCategories', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    reply.header('cache-control', CONTENT_CACHE_CONTROL).header('vary', 'Language');
    return listPromotionCategories(ctx.db, merchant.id, languageOf(request, merchant));
  });

  route(app, 'promoCodeEnable', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    reply.header('cache-control', CONTENT_CACHE_CONTROL);
    return { enabled: merchant.settings.promoCodeEnable };
  });

  route(app, 'claimPromoCode', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    return claimPromoCode(ctx.db, guesses, merchant, customer.id, input, new Date(ctx.now()));
  });

  route(app, 'downloadSetting', async (_query, request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    reply.header('cache-control', CONTENT_CACHE_CONTROL);
    return downloadSetting(merchant);
  });
}
