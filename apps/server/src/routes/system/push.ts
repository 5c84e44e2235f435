import { TransportHeader } from '@wps/contract/transport';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import type { Merchant } from '../../services/merchants/repository.js';
import {
  bindSubscription,
  parseRegistration,
  subscribeTopic,
  unsubscribe,
} from '../../services/push/subscriptions.js';
import { vapidKeysFor } from '../../services/push/vapid.js';
import { hasFcmConfig } from '../../services/push/fcm.js';
import { requireSession } from '../accounts/common.js';

/** The member of a request that carries a token (a wrong token is refused); null without one. */
async function memberOf(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: Merchant,
): Promise<number | null> {
  const header = request.headers[TransportHeader.authorization.toLowerCase()];
  if (typeof header !== 'string' || header.trim() === '') return null;
  const session = await requireSession(ctx, request, merchant);
  return session.customer.id;
}

/** The spec's FCM contract over Web Push (issue 17): the VAPID key, bind, topics. */
export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Plain http push endpoints only to this machine, and only where stand-ins run (not production).
  const allowLoopbackHttp = ctx.config.identityStandIns;
  /** A registrationToken: Web Push JSON, or an FCM token where the merchant sends through FCM. */
  const registration = async (merchant: Merchant, token: string) =>
    parseRegistration(token, { allowLoopbackHttp, fcm: await hasFcmConfig(ctx.db, merchant.id) });

  route(app, 'pushPublicKey', async (_query, request) => {
    const merchant = await requireMerchant(ctx, request);
    const { publicKey } = await vapidKeysFor(ctx.db, ctx.kek, merchant.id);
    return { publicKey };
  });

  route(app, 'fcmBind', async (body, request) => {
    const merchant = await requireMerchant(ctx, request);
    const subscription = await registration(merchant, body.registrationToken);
    await bindSubscription(ctx.db, merchant.id, subscription, await memberOf(ctx, request, merchant));
    return null;
  });

  route(app, 'fcmSubscribe', async (body, request) => {
    const merchant = await requireMerchant(ctx, request);
    await subscribeTopic(
      ctx.db,
      merchant.id,
      await registration(merchant, body.registrationToken),
      body.topic,
    );
    return null;
  });

  route(app, 'fcmUnsubscribe', async (body, request) => {
    const merchant = await requireMerchant(ctx, request);
    await unsubscribe(ctx.db, merchant.id, await registration(merchant, body.registrationToken), body);
    return null;
  });
}
