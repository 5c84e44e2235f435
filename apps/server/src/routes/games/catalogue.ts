import { resolveLanguage } from '@wps/contract/languages';
import { TransportHeader } from '@wps/contract/transport';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import type { Merchant } from '../../services/merchants/repository.js';
import {
  listAnnouncements,
  listBanners,
  listGameMatches,
  popupAnnouncement,
} from '../../services/games/catalogue-lobby.js';
import {
  catalogueSettingsOf,
  listCategoryCards,
  listGames,
  listHotGames,
  listVendors,
  type CatalogueSettings,
} from '../../services/games/catalogue.js';
import { imageRoutes } from './images.js';

/**
 * Shared caches may keep these answers a minute: they change only when an operator edits the
 * catalogue or the lobby. The answer depends on the host (the merchant), which is part of every
 * cache key already; nothing here depends on the Language header or the session.
 */
const CATALOGUE_CACHE_CONTROL = 'public, max-age=60';
/**
 * The lobby's content (banners, marquee, popup) is the back office's to change at any time (issue 30
 * item 5): a save is on every member's next load within 5 seconds, so caches keep it no longer.
 */
const LOBBY_CONTENT_CACHE_CONTROL = 'public, max-age=5';

interface Scope {
  merchant: Merchant;
  settings: CatalogueSettings;
  now: Date;
}

async function scopeOf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Scope> {
  const merchant = await requireMerchant(ctx, request);
  reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
  return { merchant, settings: catalogueSettingsOf(merchant.settings.gameVendor), now: new Date(ctx.now()) };
}

/** The request's Language header when it names a language, else the merchant's default. */
export function languageOf(request: FastifyRequest, merchant: Merchant) {
  const header = request.headers[TransportHeader.language.toLowerCase()];
  return resolveLanguage(typeof header === 'string' ? header : null, merchant.defaultLanguage);
}

/** The read side of the games and the lobby (spec section 7): catalogue, vendors, fixtures, content. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  imageRoutes(app, ctx);

  route(app, 'gameVendor', async (_query, request, reply) => {
    const { merchant, settings } = await scopeOf(ctx, request, reply);
    return listCategoryCards(ctx.db, merchant.id, settings);
  });

  route(app, 'gameList', async (query, request, reply) => {
    const { merchant, settings } = await scopeOf(ctx, request, reply);
    return listGames(ctx.db, merchant.id, settings, query);
  });

  route(app, 'hotGames', async (_query, request, reply) => {
    const { merchant, settings } = await scopeOf(ctx, request, reply);
    return listHotGames(ctx.db, merchant.id, settings);
  });

  route(app, 'newGameVendor', async ({ ext }, request, reply) => {
    const { merchant, settings } = await scopeOf(ctx, request, reply);
    return listVendors(ctx.db, merchant.id, settings, ext ?? 'png');
  });

  route(app, 'gameMatches', async (_query, request, reply) => {
    const { merchant, settings, now } = await scopeOf(ctx, request, reply);
    return listGameMatches(ctx.db, merchant.id, settings.allVendors, now);
  });

  // Issue 30 item 5: titles in the request's Language where the back office wrote one.
  route(app, 'banners', async (_query, request, reply) => {
    const { merchant, now } = await scopeOf(ctx, request, reply);
    reply.header('cache-control', LOBBY_CONTENT_CACHE_CONTROL);
    reply.header('vary', TransportHeader.language);
    return listBanners(ctx.db, merchant.id, now, languageOf(request, merchant));
  });

  // On the unauthorized list (spec section 6): it never looks at a token, so it never refuses one.
  // Issue 15: answered in the request's Language where the merchant provides a translation, so
  // the answer varies by it.
  route(app, 'announcements', async (query, request, reply) => {
    const { merchant, now } = await scopeOf(ctx, request, reply);
    reply.header('cache-control', LOBBY_CONTENT_CACHE_CONTROL);
    reply.header('vary', TransportHeader.language);
    const language = languageOf(request, merchant);
    return listAnnouncements(ctx.db, merchant.id, { ...query, language }, now);
  });

  route(app, 'popupAnnouncement', async (_query, request, reply) => {
    const { merchant, now } = await scopeOf(ctx, request, reply);
    reply.header('cache-control', LOBBY_CONTENT_CACHE_CONTROL);
    reply.header('vary', TransportHeader.language);
    return popupAnnouncement(ctx.db, merchant.id, now, languageOf(request, merchant));
  });
}
