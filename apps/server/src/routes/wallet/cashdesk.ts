import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { merchants } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { staffSessions } from '../../http/staff-session.js';
import { DomainError } from '../../services/errors.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { ErrorCode } from '@wps/contract/errorCodes';

/**
 * The staff member's own merchant, whatever host the back office is served on: a staff session
 * acts for its merchant only (never the one the host names).
 */
export async function staffMerchant(ctx: AppContext, merchantId: number): Promise<Merchant> {
  const [row] = await ctx.db
    .select({ code: merchants.code })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const code = row?.code;
  const merchant = code === undefined ? null : await ctx.merchants.byCode(code);
  if (merchant === null) throw new DomainError(ErrorCode.MERCHANT_NOT_FOUND, 'No such merchant.');
  return merchant;
}

/**
 * The back office's Cashier section beyond the withdrawal queue (issue 30 item 8): manual
 * adjustments with a second approver, and payments and payouts by reference. route() checks each
 * call's permission and writes every POST, done or refused, into the merchant's staff audit chain.
 */
export function cashdeskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const staff = staffSessions(ctx);
  const adjustments = ctx.wallet.adjustments;

  route(
    app,
    'staffAdjustments',
    (input, _request, _reply, actor) => adjustments.list(actor.merchantId, input.state),
    {
      staff,
    },
  );
  route(
    app,
    'staffAdjustmentPropose',
    async (input, _request, _reply, actor) =>
      adjustments.propose(await staffMerchant(ctx, actor.merchantId), actor.id, input),
    { staff },
  );
  route(
    app,
    'staffAdjustmentReverse',
    (input, _request, _reply, actor) => adjustments.reverse(actor.merchantId, actor.id, input),
    { staff },
  );
  route(
    app,
    'staffAdjustmentApprove',
    (input, _request, _reply, actor) => adjustments.approve(actor.merchantId, actor.id, input.id),
    { staff },
  );
  route(
    app,
    'staffAdjustmentDecline',
    (input, _request, _reply, actor) =>
      adjustments.decline(actor.merchantId, actor.id, input.id, input.reason),
    { staff },
  );
  route(
    app,
    'staffCashierSearch',
    (input, _request, _reply, actor) => ctx.wallet.search(actor.merchantId, input.ref),
    {
      staff,
    },
  );
}
