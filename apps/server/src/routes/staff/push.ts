import { ok } from '@wps/contract';
import { attributionReportQuerySchema, pushSendSchema } from '@wps/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/errors.js';
import { requestOrigin, requireMerchant } from '../../http/merchant.js';
import type { StaffActor } from '../../services/chat/index.js';
import {
  operatorFcmConfig,
  operatorReport,
  operatorSaveFcmConfig,
  operatorSend,
} from '../../services/push/operator.js';
import { fetchTransport } from '../../services/push/send.js';
import { STAFF_COOKIE } from '../chat/staff.js';
import { STAFF_PUSH_PAGE, STAFF_PUSH_SCRIPT } from './push-page.js';

/** The back office's FCM form (the key file is Google's JSON text, at most 8 KB). */
const fcmConfigSchema = z.strictObject({
  projectId: z.string().min(1).max(200),
  apiKey: z.string().min(1).max(200),
  appId: z.string().min(1).max(200),
  messagingSenderId: z.string().min(1).max(200),
  serviceAccount: z.string().min(1).max(8_192),
  apiBaseUrl: z.string().max(512).optional(),
});

function staffToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STAFF_COOKIE) return rest.join('=');
  }
  return undefined;
}

/**
 * The back office's Push section (issue 17): its page at /staff/push and its calls under
 * /wps/staff/push (the staff session cookie; the origin guard refuses cross-site POSTs). Only a role
 * allowed to send (services/push/operator.ts) gets past the calls; the page itself holds no data.
 */
export function staffPushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const actorOf = async (request: FastifyRequest) => {
    const merchant = await requireMerchant(ctx, request);
    const actor: StaffActor = await ctx.chat.staff.authenticate(staffToken(request), merchant.id);
    return { merchant, actor };
  };

  app.post('/wps/staff/push/send', async (request) => {
    const input = parseInput(pushSendSchema, request.body ?? {});
    const { merchant, actor } = await actorOf(request);
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
    return ok(outcome);
  });

  app.get('/wps/staff/push/report', async (request) => {
    const range = parseInput(attributionReportQuerySchema, request.query ?? {});
    const { actor } = await actorOf(request);
    return ok(await operatorReport({ db: ctx.db }, actor, range));
  });

  app.get('/wps/staff/push/fcm', async (request) => {
    const { actor } = await actorOf(request);
    return ok(await operatorFcmConfig({ db: ctx.db }, actor));
  });

  app.post('/wps/staff/push/fcm', async (request) => {
    const input = parseInput(fcmConfigSchema, request.body ?? {});
    const { actor } = await actorOf(request);
    const saved = await operatorSaveFcmConfig(
      { db: ctx.db, kek: ctx.kek },
      actor,
      {
        projectId: input.projectId,
        apiKey: input.apiKey,
        appId: input.appId,
        messagingSenderId: input.messagingSenderId,
        serviceAccount: input.serviceAccount,
        ...(input.apiBaseUrl === undefined ? {} : { apiBaseUrl: input.apiBaseUrl }),
      },
      ctx.config.identityStandIns,
    );
    request.log.info({ staffId: actor.id, merchantId: actor.merchantId }, 'FCM configuration saved by staff');
    return ok(saved);
  });

  app.get('/staff/push', (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(STAFF_PUSH_PAGE),
  );
  app.get('/staff/push.js', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(STAFF_PUSH_SCRIPT),
  );
}
