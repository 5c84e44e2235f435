import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { WpsHttpError } from '../../http/errors.js';
import { staffSessions } from '../../http/staff-session.js';
import { DomainError } from '../../services/errors.js';
import { ErrorCode } from '@wps/contract/errorCodes';
import { requireSession } from '../accounts/common.js';
import { balanceEventsRoute } from './events.js';
import { cashdeskRoutes, staffMerchant } from './cashdesk.js';

/** Callback bodies are small JSON documents; anything larger is not one. */
const CALLBACK_BODY_LIMIT = 16 * 1024;
const PROVIDER_ID = /^[a-z][a-z0-9_-]{0,31}$/;
const RECONCILE_EVERY_MS = 24 * 60 * 60_000;

/** The cashier (issue 28): the member's balance, deposits, history; the providers' callbacks. */
export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = async (request: FastifyRequest) => {
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    return { merchant, customerId: session.customer.id };
  };

  route(app, 'walletBalance', async (_input, request) => {
    const { merchant, customerId } = await member(request);
    return ctx.wallet.cashier.balance(merchant, customerId);
  });

  route(app, 'depositOptions', async (_input, request) => {
    const { merchant, customerId } = await member(request);
    return ctx.wallet.cashier.options(merchant, customerId);
  });

  route(app, 'depositCreate', async (input, request) => {
    const { merchant, customerId } = await member(request);
    // The host already resolved to this merchant (requireMerchant): it is one of the merchant's own.
    const origin = `${request.protocol}://${request.host}`;
    return ctx.wallet.cashier.createDeposit(merchant, customerId, input, {
      returnUrl: `${origin}/m/deposit`,
      callbackUrl: `${origin}/wps/payment/callback/${encodeURIComponent('demo')}`,
    });
  });

  route(app, 'depositStatus', async (input, request) => {
    const { merchant, customerId } = await member(request);
    return ctx.wallet.cashier.depositStatus(merchant, customerId, input.id);
  });

  route(app, 'walletHistory', async (input, request) => {
    const { merchant, customerId } = await member(request);
    return ctx.wallet.history(merchant.id, customerId, input);
  });

  route(app, 'withdrawOptions', async (_input, request) => {
    const { merchant, customerId } = await member(request);
    return ctx.wallet.withdrawals.options(merchant, customerId);
  });

  route(app, 'payoutAccountAdd', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    if (!(await ctx.identity.passwords.confirm(session, input.password))) {
      throw new DomainError(ErrorCode.OLD_PASSWORD_INCORRECT, 'The password is not right.');
    }
    const { password: _password, ...account } = input;
    return ctx.wallet.withdrawals.addAccount(merchant, session.customer.id, account);
  });

  route(app, 'withdrawCreate', async (input, request) => {
    const { merchant, customerId } = await member(request);
    return ctx.wallet.withdrawals.request(merchant, customerId, input);
  });

  const staff = staffSessions(ctx);
  route(
    app,
    'staffWithdrawals',
    (_input, _request, _reply, actor) => ctx.wallet.withdrawals.queue(actor.merchantId),
    {
      staff,
    },
  );
  route(
    app,
    'staffWithdrawalApprove',
    (input, _request, _reply, actor) => ctx.wallet.withdrawals.approve(actor.merchantId, actor.id, input.id),
    { staff },
  );
  route(
    app,
    'staffWithdrawalReject',
    (input, _request, _reply, actor) =>
      ctx.wallet.withdrawals.reject(actor.merchantId, actor.id, input.id, input.reason),
    { staff },
  );

  route(
    app,
    'staffReconcile',
    // The staff member's merchant, not the host's: a session acts for its own merchant only.
    async (_input, _request, _reply, actor) =>
      ctx.wallet.reconciliation.run(await staffMerchant(ctx, actor.merchantId)),
    { staff },
  );

  cashdeskRoutes(app, ctx);

  await balanceEventsRoute(app, ctx);

  // The daily reconciliation (docs/cashier.md): differences are logged as counts, never payloads.
  const daily = setInterval(() => {
    ctx.wallet.reconciliation
      .runAll((code) => ctx.merchants.byCode(code))
      .then((reports) => {
        for (const [merchant, report] of reports)
          app.log.info({ merchant, ...report }, 'daily reconciliation');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'daily reconciliation failed'));
  }, RECONCILE_EVERY_MS);
  daily.unref();
  app.addHook('onClose', async () => clearInterval(daily));

  // Server to server: the signature is checked over the raw body, so this scope keeps it as text.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    callbacks.post<{ Params: { provider: string } }>(
      '/wps/payment/callback/:provider',
      async (request, reply) => {
        const { provider } = request.params;
        if (!PROVIDER_ID.test(provider) || typeof request.body !== 'string') {
          throw new WpsHttpError(400, 'invalid_request', 'Invalid request. Not a payment callback.');
        }
        const merchant = await requireMerchant(ctx, request);
        const headers: Record<string, string | undefined> = {};
        for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
          const value = request.headers[name];
          headers[name] = typeof value === 'string' ? value : undefined;
        }
        const settled = await ctx.wallet.settlement.callback(merchant, provider, headers, request.body);
        reply.header('cache-control', 'no-store');
        return { received: true, state: settled.state };
      },
    );
  });
}
