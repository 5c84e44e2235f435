import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import {
  readGames,
  saveCategoryOrder,
  saveGameAvailability,
  saveGameHot,
  saveGameOrder,
  saveVendorAvailability,
  saveVendorMaintenance,
  saveVendorOrder,
  type GamesAdminDeps,
} from '../../services/games/admin.js';

/**
 * The back office's Games section (issue 30 item 6): route() checks games:read / games:write and
 * appends each write to the audit chain; the services act on the actor's merchant only.
 */
export function staffGamesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);
  const deps: GamesAdminDeps = { db: ctx.db, changes: ctx.merchantChanges, now: ctx.now };

  route(app, 'staffGames', (_input, _request, _reply, actor) => readGames(ctx.db, actor.merchantId), {
    staff,
  });
  route(app, 'staffGamesCategoryOrder', (input, _r, _p, actor) => saveCategoryOrder(deps, actor, input), {
    staff,
  });
  route(app, 'staffGamesVendorOrder', (input, _r, _p, actor) => saveVendorOrder(deps, actor, input), {
    staff,
  });
  route(app, 'staffGamesOrder', (input, _r, _p, actor) => saveGameOrder(deps, actor, input), { staff });
  route(app, 'staffGameHot', (input, _r, _p, actor) => saveGameHot(deps, actor, input), { staff });
  route(app, 'staffGameAvailability', (input, _r, _p, actor) => saveGameAvailability(deps, actor, input), {
    staff,
  });
  route(
    app,
    'staffVendorAvailability',
    (input, _r, _p, actor) => saveVendorAvailability(deps, actor, input),
    {
      staff,
    },
  );
  route(app, 'staffVendorMaintenance', (input, _r, _p, actor) => saveVendorMaintenance(deps, actor, input), {
    staff,
  });
}
