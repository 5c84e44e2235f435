import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import { listLegalPages, publishLegal } from '../../services/content/admin-legal.js';
import {
  listLinks,
  saveCustomerService,
  saveDownloadLinks,
  type LinksDeps,
} from '../../services/content/admin-links.js';
import { listPromoCodes, retirePromoCode, savePromoCode } from '../../services/content/admin-promo-codes.js';
import {
  listPromotions,
  retirePromotion,
  saveCategory,
  savePromotion,
} from '../../services/content/admin-promotions.js';

/**
 * The back office's offers and pages (issue 30 item 5, second half): promotions and their
 * categories, promo codes, legal pages, download links, customer-service entries. route() checks
 * content:read / content:write and appends each write to the staff audit chain; the services keep
 * to the merchant of the host and announce every save (each instance drops the merchant's caches).
 */
export function staffOffersRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);
  const deps: LinksDeps = { db: ctx.db, now: ctx.now, changes: ctx.merchantChanges, kek: ctx.kek };

  route(app, 'staffPromotions', (_input, _request, _reply, actor) => listPromotions(deps, actor), { staff });
  route(app, 'staffPromotionCreate', (input, _request, _reply, actor) => savePromotion(deps, actor, input), {
    staff,
  });
  route(app, 'staffPromotionSave', (input, _request, _reply, actor) => savePromotion(deps, actor, input), {
    staff,
  });
  route(app, 'staffPromotionRetire', ({ id }, _request, _reply, actor) => retirePromotion(deps, actor, id), {
    staff,
  });
  route(
    app,
    'staffPromotionCategorySave',
    (input, _request, _reply, actor) => saveCategory(deps, actor, input),
    { staff },
  );
  route(app, 'staffPromoCodes', (_input, _request, _reply, actor) => listPromoCodes(deps, actor), { staff });
  route(app, 'staffPromoCodeCreate', (input, _request, _reply, actor) => savePromoCode(deps, actor, input), {
    staff,
  });
  route(app, 'staffPromoCodeSave', (input, _request, _reply, actor) => savePromoCode(deps, actor, input), {
    staff,
  });
  route(app, 'staffPromoCodeRetire', ({ id }, _request, _reply, actor) => retirePromoCode(deps, actor, id), {
    staff,
  });
  route(app, 'staffLegalPages', (_input, _request, _reply, actor) => listLegalPages(deps, actor), { staff });
  route(app, 'staffLegalPublish', (input, _request, _reply, actor) => publishLegal(deps, actor, input), {
    staff,
  });
  route(app, 'staffLinks', (_input, _request, _reply, actor) => listLinks(deps, actor), { staff });
  route(
    app,
    'staffDownloadLinksSave',
    (input, _request, _reply, actor) => saveDownloadLinks(deps, actor, input),
    { staff },
  );
  route(
    app,
    'staffCustomerServiceSave',
    (input, _request, _reply, actor) => saveCustomerService(deps, actor, input),
    { staff },
  );
}
