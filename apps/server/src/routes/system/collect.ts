import { TransportHeader } from '@wps/contract/transport';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { clientIp } from '../accounts/common.js';
import { requestOrigin, requireMerchant } from '../../http/merchant.js';
import { fetchTransport, pushMessageOf, pushTargetOf, sendPush } from '../../services/push/send.js';
import { route } from '../../http/route.js';
import { normalizeIp } from '../../lib/ip-rules.js';
import { forwardPending } from '../../services/tracking/conversions.js';
import { ingestCollect, ingestPing } from '../../services/tracking/events.js';
import {
  REPORT_TOKEN_HEADER,
  attributionReport,
  requireReportToken,
} from '../../services/tracking/report.js';

/**
 * The member of the request's session token (its Authorization header, or the body's `token` for a
 * beacon, which sends no headers), or null without a token or with one that is not a live session
 * of this merchant: an event is never refused for its token (the queue would retry it forever), it
 * is only not attributed (services/tracking/events.ts attributionOf).
 */
async function sessionMember(
  ctx: AppContext,
  request: FastifyRequest,
  merchant: Merchant,
  bodyToken?: string,
): Promise<number | null> {
  const header = request.headers[TransportHeader.authorization.toLowerCase()];
  const token = typeof header === 'string' && header.trim() !== '' ? header.trim() : bodyToken?.trim();
  if (token === undefined || token === '') return null;
  try {
    return (await ctx.identity.sessions.authenticate(token, merchant.id, clientIp(request))).customer.id;
  } catch {
    return null;
  }
}

export function collectRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** New events go on to the merchant's conversion API, if it configured one, after the answer. */
  const forwardLater = (merchantId: number) => {
    void forwardPending(ctx.db, merchantId).catch((error: unknown) =>
      app.log.warn({ err: error, merchantId }, 'conversion forwarding failed; retried with the next events'),
    );
  };

  route(app, 'collect', async (body, request) => {
    const merchant = await requireMerchant(ctx, request);
    const member = await sessionMember(ctx, request, merchant, body.token);
    if ((await ingestCollect(ctx.db, merchant.id, body, normalizeIp(request.ip), member)) > 0)
      forwardLater(merchant.id);
    return null;
  });

  route(app, 'ping', async (query, request) => {
    const merchant = await requireMerchant(ctx, request);
    const member = await sessionMember(ctx, request, merchant);
    if ((await ingestPing(ctx.db, merchant.id, query.events, normalizeIp(request.ip), member)) > 0)
      forwardLater(merchant.id);
    return null;
  });

  route(app, 'pushSend', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const header = request.headers[REPORT_TOKEN_HEADER];
    await requireReportToken(ctx.db, merchant.id, typeof header === 'string' ? header : undefined, ctx.kek);
    return sendPush(
      { db: ctx.db, kek: ctx.kek, transport: fetchTransport },
      merchant,
      pushTargetOf(input),
      pushMessageOf(input),
      requestOrigin(request),
    );
  });

  route(app, 'attributionReport', async (query, request) => {
    const merchant = await requireMerchant(ctx, request);
    const header = request.headers[REPORT_TOKEN_HEADER];
    await requireReportToken(ctx.db, merchant.id, typeof header === 'string' ? header : undefined, ctx.kek);
    return attributionReport(ctx.db, merchant.id, query);
  });
}
