import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import {
  createAnnouncement,
  listStaffAnnouncements,
  popupOptionsOf,
  retireAnnouncement,
  saveAnnouncement,
  savePopupOptions,
} from '../../services/content/admin-announcements.js';
import {
  bannerLinkChoices,
  createBanner,
  listStaffBanners,
  retireBanner,
  saveBanner,
} from '../../services/content/admin-banners.js';
import type { ContentAdminDeps } from '../../services/content/lobby-admin-common.js';

/**
 * The back office's Content section, first half (issue 30 item 5): banners, marquee lines, popup
 * pages and the popup's options of the merchant the staff member acts on (the request's host).
 * route() checks the permission and appends each write to the audit chain; every save is announced
 * to every instance (services/merchants/changes.ts), which drops the pages it keeps.
 */
export function staffContentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);
  const deps: ContentAdminDeps = { db: ctx.db, changes: ctx.merchantChanges, now: ctx.now };

  route(app, 'staffBanners', (_input, _request, _reply, actor) => listStaffBanners(deps, actor.merchantId), {
    staff,
  });
  route(
    app,
    'staffBannerLinkChoices',
    (_input, _request, _reply, actor) => bannerLinkChoices(deps, actor.merchantId),
    { staff },
  );
  route(
    app,
    'staffBannerCreate',
    (input, _request, _reply, actor) => createBanner(deps, actor.merchantId, input),
    {
      staff,
    },
  );
  route(
    app,
    'staffBannerSave',
    ({ id, ...input }, _request, _reply, actor) => saveBanner(deps, actor.merchantId, id, input),
    { staff },
  );
  route(
    app,
    'staffBannerRetire',
    ({ id }, _request, _reply, actor) => retireBanner(deps, actor.merchantId, id),
    {
      staff,
    },
  );

  route(
    app,
    'staffAnnouncements',
    ({ type }, _request, _reply, actor) => listStaffAnnouncements(deps, actor.merchantId, type),
    { staff },
  );
  route(
    app,
    'staffAnnouncementCreate',
    (input, _request, _reply, actor) => createAnnouncement(deps, actor.merchantId, input),
    { staff },
  );
  route(
    app,
    'staffAnnouncementSave',
    ({ id, ...input }, _request, _reply, actor) => saveAnnouncement(deps, actor.merchantId, id, input),
    { staff },
  );
  route(
    app,
    'staffAnnouncementRetire',
    ({ id }, _request, _reply, actor) => retireAnnouncement(deps, actor.merchantId, id),
    { staff },
  );

  route(
    app,
    'staffPopupOptions',
    (_input, _request, _reply, actor) => popupOptionsOf(ctx.db, actor.merchantId),
    {
      staff,
    },
  );
  route(
    app,
    'staffPopupOptionsSave',
    (input, _request, _reply, actor) => savePopupOptions(deps, actor.merchantId, input),
    { staff },
  );
}
