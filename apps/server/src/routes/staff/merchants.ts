import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import {
  createMerchant,
  listStaffMerchants,
  merchantView,
  ownMerchantId,
  type MerchantAdminDeps,
} from '../../services/merchants/admin.js';
import { saveMerchant, saveTheme } from '../../services/merchants/admin-save.js';

/**
 * The back office's Merchants and Theme sections (issue 30 items 3 and 4): route() checks the
 * permission and appends each write to the audit chain; the services keep a staff member to the
 * merchant they work for and announce every save to every instance (services/merchants/changes.ts).
 */
export function staffMerchantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);
  const deps: MerchantAdminDeps = { db: ctx.db, kek: ctx.kek, changes: ctx.merchantChanges };

  route(app, 'staffMerchants', (_input, _request, _reply, actor) => listStaffMerchants(ctx.db, actor), {
    staff,
  });

  route(
    app,
    'staffMerchant',
    async ({ code }, _request, _reply, actor) =>
      merchantView(ctx.db, await ownMerchantId(ctx.db, actor, code)),
    { staff },
  );

  route(
    app,
    'staffMerchantCreate',
    async (input, request, _reply, actor) => {
      const created = await createMerchant(deps, input);
      request.log.info({ staffId: actor.id, merchant: created.code }, 'merchant created by staff');
      return created;
    },
    { staff },
  );

  route(
    app,
    'staffMerchantSave',
    async (input, request, _reply, actor) => {
      const saved = await saveMerchant(deps, actor, input);
      // Which sections, never their values (secrets among them).
      const sections = Object.keys(input).filter((key) => key !== 'code');
      request.log.info({ staffId: actor.id, merchant: saved.code, sections }, 'merchant saved by staff');
      return saved;
    },
    { staff },
  );

  route(
    app,
    'staffThemeSave',
    async (input, request, _reply, actor) => {
      const saved = await saveTheme(deps, actor, input);
      request.log.info({ staffId: actor.id, merchant: saved.code }, 'theme saved by staff');
      return saved;
    },
    { staff },
  );
}
