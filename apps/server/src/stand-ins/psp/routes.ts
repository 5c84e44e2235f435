import type { FastifyInstance } from 'fastify';
import { formatAmount } from '@wps/contract/amounts';
import { escapeHtml } from '../../lib/html.js';
import { standInPage } from '../page.js';
import {
  PAYOUT_BEHAVIOURS,
  type DemoPayStandIn,
  type PayoutBehaviour,
  type SignedCallback,
} from './stand-in.js';

/** Redelivery after a failed callback: 1 s, 2 s, 4 s, 8 s, then the provider gives up. */
export const CALLBACK_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000];
const PAY_PATH = '/stand-ins/demopay/pay/:id';

/**
 * DemoPay's hosted page (a payment's "Pay" and "Decline"), standing in too for a banking app that
 * scanned the QR or made the transfer; and the callback it then delivers, signed, retried with
 * back-off while the merchant's server answers 5xx or cannot be reached.
 */
export async function demoPayRoutes(app: FastifyInstance, standIn: DemoPayStandIn): Promise<void> {
  await app.register(async (page) => hostedPage(page, app, standIn));
}

function hostedPage(page: FastifyInstance, app: FastifyInstance, standIn: DemoPayStandIn): void {
  page.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1_024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  page.get<{ Params: { id: string } }>(PAY_PATH, async (request, reply) => {
    const payment = standIn.payments.get(request.params.id);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (payment === undefined)
      return reply.code(404).send(standInPage('DemoPay', '<h1>DemoPay</h1><p>No such payment.</p>'));
    const amount = `${formatAmount(payment.amount, payment.currency)} ${payment.currency}`;
    const action = `/stand-ins/demopay/pay/${encodeURIComponent(payment.id)}`;
    const body =
      payment.status === 'pending'
        ? `<h1>DemoPay</h1><p>Pay ${escapeHtml(amount)} to the merchant (reference ${escapeHtml(payment.reference)}).</p>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="succeeded"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="failed"><button type="submit">Decline</button></form>
<small>A local stand-in of a payment provider: no money moves.</small>`
        : `<h1>DemoPay</h1><p>This payment is ${escapeHtml(payment.status)}.</p>`;
    return reply.send(standInPage('DemoPay', body));
  });

  // Steers the next payouts (the demo's "what if the provider times out"): development only.
  page.post<{ Body: unknown }>('/stand-ins/demopay/payouts/behaviour', async (request, reply) => {
    const wanted = (request.body as Record<string, unknown> | null)?.behaviour;
    if (!PAYOUT_BEHAVIOURS.includes(wanted as PayoutBehaviour))
      return reply.code(400).send({ error: 'bad_request' });
    standIn.payoutBehaviour = wanted as PayoutBehaviour;
    return { behaviour: standIn.payoutBehaviour };
  });

  page.post<{ Params: { id: string }; Body: unknown }>(PAY_PATH, async (request, reply) => {
    const outcome = outcomeOf(request.body);
    const payment = standIn.payments.get(request.params.id);
    if (payment === undefined || outcome === null) return reply.code(400).send({ error: 'bad_request' });
    const callback = await standIn.complete(payment.id, outcome);
    // `callback=lost` plays a callback lost on the way: only the status query finds the payment.
    const lost = (request.body as Record<string, unknown>).callback === 'lost';
    if (callback !== null && !lost) void deliver(app, callback);
    // The member goes back to the merchant; the return itself credits nothing.
    return reply.redirect(payment.returnUrl || '/', 303);
  });
}

/** Delivers a signed callback to the merchant's server (in process), with back-off on 5xx. */
export async function deliver(
  app: FastifyInstance,
  callback: SignedCallback,
  backoffMs: readonly number[] = CALLBACK_BACKOFF_MS,
): Promise<number> {
  const url = new URL(callback.url);
  for (let attempt = 0; ; attempt += 1) {
    let status: number;
    try {
      const answer = await app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { ...callback.headers, host: url.host },
        payload: callback.body,
      });
      status = answer.statusCode;
    } catch {
      status = 0;
    }
    if (status > 0 && status < 500) return status;
    const wait = backoffMs[attempt];
    if (wait === undefined) return status;
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
  }
}

function outcomeOf(body: unknown): 'succeeded' | 'failed' | null {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).outcome : undefined;
  return value === 'succeeded' || value === 'failed' ? value : null;
}
