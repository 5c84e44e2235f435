import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requestOrigin, requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import {
  operatorFcmConfig,
  operatorReport,
  operatorSaveFcmConfig,
  operatorSend,
} from '../../services/push/operator.js';
import { fetchTransport } from '../../services/push/send.js';

/**
 * The back office's Push section (issue 17): its calls under /wps/staff/push (its screen is the staff
 * app's, apps/staff, at /staff/push; the table's `auth: 'staff'` entries: route() finds the staff member of the session
 * cookie and refuses a role without push:send, push:report or push:configure; the origin guard
 * refuses cross-site POSTs).
 */
export function staffPushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);

  route(
    app,
    'staffPushSend',
    async (input, request, _reply, actor) => {
      const merchant = await requireMerchant(ctx, request);
      const outcome = await operatorSend(
        { db: ctx.db, kek: ctx.kek, transport: fetchTransport },
        actor,
        merchant,
        input,
        requestOrigin(request),
      );
      // Who sent to what kind of target, and what happened: never the message or the target's value.
      const target = Object.keys(input).find((key) =>
        ['customerId', 'topic', 'segment', 'everyone'].includes(key),
      );
      request.log.info(
        { staffId: actor.id, merchantId: merchant.id, target, ...outcome },
        'push sent by staff',
      );
      return outcome;
    },
    { staff },
  );

  route(
    app,
    'staffPushReport',
    (range, _request, _reply, actor) => operatorReport({ db: ctx.db }, actor, range),
    { staff },
  );

  route(
    app,
    'staffFcmConfig',
    (_input, _request, _reply, actor) => operatorFcmConfig({ db: ctx.db }, actor),
    {
      staff,
    },
  );

  route(
    app,
    'staffSaveFcmConfig',
    async (input, request, _reply, actor) => {
      const saved = await operatorSaveFcmConfig(
        { db: ctx.db, kek: ctx.kek },
        actor,
        input,
        ctx.config.identityStandIns,
      );
      request.log.info(
        { staffId: actor.id, merchantId: actor.merchantId },
        'FCM configuration saved by staff',
      );
      return saved;
    },
    { staff },
  );
}
