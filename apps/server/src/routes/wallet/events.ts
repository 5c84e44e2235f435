import type { FastifyInstance } from 'fastify';
import { WALLET_EVENTS_PATH } from '@wps/contract/cashier';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { requireSession } from '../accounts/common.js';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

/**
 * The member's balance as a stream of server-sent events (issue 28 item 2): one `balance` event at
 * once, then one after every movement of the member's money on any server instance (the ledger's
 * commits travel over the database's notifications). Read with fetch, so the token stays in the
 * Authorization header and out of URLs and logs.
 */
export async function balanceEventsRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const open = new Set<() => void>();
  // A closing server ends its streams at once (the client reconnects, to another instance if need be)
  // rather than waiting for members to leave.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  app.get(WALLET_EVENTS_PATH, async (request, reply) => {
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    const customerId = session.customer.id;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    let streaming = true;
    const send = async () => {
      if (!streaming) return;
      const balance = await ctx.wallet.cashier.balance(merchant, customerId);
      if (streaming) raw.write(`event: balance\ndata: ${JSON.stringify(balance)}\n\n`);
    };
    const stop = ctx.wallet.feed.subscribe(merchant.id, customerId, () => {
      send().catch(() => undefined);
    });
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    keepAlive.unref();
    const close = () => {
      streaming = false;
      clearInterval(keepAlive);
      stop();
      open.delete(end);
    };
    const end = () => {
      close();
      raw.end();
    };
    open.add(end);
    raw.on('close', close);
    await send().catch(close);
  });
}
