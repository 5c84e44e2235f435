import {
  GameRelayPath,
  ok,
  type Announcement,
  type AnnouncementPopup,
  type Banner,
  type GameCard,
  type GameCategoryCard,
  type GameMatch,
  type GameVendorInfo,
  type Paged,
  type WpsSuccess,
} from '@wps/contract';
import {
  announcementListQuerySchema,
  bannerListQuerySchema,
  gameListQuerySchema,
  popupAnnouncementQuerySchema,
  vendorListQuerySchema,
} from '@wps/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
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

/** The read side of the games and the lobby (spec section 7): catalogue, vendors, fixtures, content. */
export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  imageRoutes(app, ctx);

  app.get(GameRelayPath.gameVendor, async (request, reply): Promise<WpsSuccess<GameCategoryCard[]>> => {
    const { settings } = await scopeOf(ctx, request, reply);
    return ok(await listCategoryCards(ctx.db, settings));
  });

  app.get(GameRelayPath.gameList, async (request, reply): Promise<WpsSuccess<Paged<GameCard>>> => {
    const query = parseInput(gameListQuerySchema, request.query);
    const { settings } = await scopeOf(ctx, request, reply);
    return ok(await listGames(ctx.db, settings, query));
  });

  app.get(GameRelayPath.hotGames, async (request, reply): Promise<WpsSuccess<GameCard[]>> => {
    const { settings } = await scopeOf(ctx, request, reply);
    return ok(await listHotGames(ctx.db, settings));
  });

  app.get(GameRelayPath.newGameVendor, async (request, reply): Promise<WpsSuccess<GameVendorInfo[]>> => {
    const { ext } = parseInput(vendorListQuerySchema, request.query);
    const { settings } = await scopeOf(ctx, request, reply);
    return ok(await listVendors(ctx.db, settings, ext ?? 'png'));
  });

  app.get(GameRelayPath.gameMatches, async (request, reply): Promise<WpsSuccess<GameMatch[]>> => {
    const { settings, now } = await scopeOf(ctx, request, reply);
    return ok(await listGameMatches(ctx.db, settings.allVendors, now));
  });

  app.get(GameRelayPath.banners, async (request, reply): Promise<WpsSuccess<Banner[]>> => {
    parseInput(bannerListQuerySchema, request.query);
    const { merchant, now } = await scopeOf(ctx, request, reply);
    return ok(await listBanners(ctx.db, merchant.id, now));
  });

  // On the unauthorized list (spec section 6): it never looks at a token, so it never refuses one.
  app.get(GameRelayPath.announcements, async (request, reply): Promise<WpsSuccess<Paged<Announcement>>> => {
    const query = parseInput(announcementListQuerySchema, request.query);
    const { merchant, now } = await scopeOf(ctx, request, reply);
    return ok(await listAnnouncements(ctx.db, merchant.id, query, now));
  });

  app.get(GameRelayPath.popupAnnouncement, async (request, reply): Promise<WpsSuccess<AnnouncementPopup>> => {
    parseInput(popupAnnouncementQuerySchema, request.query);
    const { merchant, now } = await scopeOf(ctx, request, reply);
    return ok(await popupAnnouncement(ctx.db, merchant.id, now));
  });
}
