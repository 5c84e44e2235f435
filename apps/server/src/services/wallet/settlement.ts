import { sql } from 'drizzle-orm';
import { WalletErrorCode } from '@wps/contract/amounts';
import type { PaymentState } from '@wps/contract/cashier';
import type { Db } from '../../db/client.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import type { Ledger, MoneyTx } from './ledger.js';
import type { ProviderRegistry } from './providers/registry.js';
import type { ProviderEvent } from './providers/types.js';
import { recordMovementEvents } from '../tracking/movement-events.js';
import { rowsOf } from './sql.js';

export interface SettlementDeps {
  db: Db;
  ledger: Ledger;
  providers: ProviderRegistry;
  now: () => number;
}

export interface SettledPayment {
  paymentId: string;
  state: PaymentState;
  /** The member's first successful deposit (once per member). */
  firstDeposit: boolean;
}

interface LockedPayment {
  customer_id: number;
  state: PaymentState;
  amount: string;
  currency: string;
  provider_ref: string | null;
  bonus_code: string | null;
  expires_at: Date | string;
}

/**
 * Payments settle here, and only here: on a callback whose signature verifies over its raw body
 * (never on the member's return from the provider's page). Each payment settles once whatever the
 * redeliveries (the ledger's key is the payment), an event id seen before changes nothing, and a
 * callback whose amount, currency or reference does not match our payment is refused with nothing
 * written (docs/cashier.md).
 */
export class Settlement {
  constructor(private readonly deps: SettlementDeps) {}

  async callback(
    merchant: Merchant,
    providerId: string,
    headers: Readonly<Record<string, string | undefined>>,
    rawBody: string,
  ): Promise<SettledPayment> {
    const provider = await this.deps.providers.forMerchant(merchant.id, providerId);
    const event = provider.verifyCallback(headers, rawBody);
    return this.settle(merchant, providerId, event);
  }

  async settle(merchant: Merchant, providerId: string, event: ProviderEvent): Promise<SettledPayment> {
    const outcome: PaymentState = event.type === 'payment.succeeded' ? 'success' : 'failed';
    const paymentId = event.payment.reference;
    const { answer } = await this.deps.ledger.write({
      merchantId: merchant.id,
      source: `psp:${providerId}`,
      key: `payment:${paymentId}`,
      request: { paymentId, outcome },
      run: async (tx) => {
        const payment = await this.lockPayment(tx, merchant.id, providerId, paymentId);
        if (payment.provider_ref !== event.payment.providerRef) {
          throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such payment with this provider.');
        }
        if (event.payment.currency !== payment.currency) {
          throw new DomainError(
            WalletErrorCode.CURRENCY_MISMATCH,
            'The callback is in another currency than the payment.',
          );
        }
        if (event.payment.amount !== BigInt(payment.amount)) {
          throw new DomainError(
            WalletErrorCode.AMOUNT_INVALID,
            'The callback amount differs from the payment.',
          );
        }
        if (payment.state !== 'pending') {
          throw new DomainError(WalletErrorCode.PAYMENT_STATE, `The payment is already ${payment.state}.`);
        }
        if (new Date(payment.expires_at).getTime() <= this.deps.now()) {
          // Money that arrives after the deposit expired is for reconciliation, never credited blindly.
          throw new DomainError(WalletErrorCode.PAYMENT_STATE, 'The payment expired before this callback.');
        }
        const [fresh] = await rowsOf<{ event_id: string }>(
          tx.runner,
          sql`INSERT INTO payment_events (provider, event_id, payment_id) VALUES (${providerId}, ${event.id}, ${paymentId})
              ON CONFLICT DO NOTHING RETURNING event_id`,
        );
        if (fresh === undefined)
          throw new DomainError('invalid_request', 'Invalid request. This event was already handled.');
        const firstDeposit =
          outcome === 'success' && (await this.isFirst(tx, merchant.id, payment.customer_id));
        if (outcome === 'success') {
          await this.credit(tx, paymentId, payment, firstDeposit);
          await recordMovementEvents(
            tx.runner,
            firstDeposit ? ['deposit', 'firstDepositArrival'] : ['deposit', 'redeposit'],
            {
              merchantId: merchant.id,
              customerId: payment.customer_id,
              movementId: paymentId,
              amountMinor: BigInt(payment.amount),
              currency: payment.currency,
              at: new Date(this.deps.now()),
            },
          );
        }
        await tx.runner.execute(
          sql`UPDATE payments SET state = ${outcome}, first_deposit = ${firstDeposit},
                settled_at = ${new Date(this.deps.now()).toISOString()}::timestamptz
              WHERE id = ${paymentId}`,
        );
        return { paymentId, state: outcome, firstDeposit };
      },
    });
    return answer as unknown as SettledPayment;
  }

  /**
   * Asks the provider about every deposit still pending (a callback may have been lost): a payment
   * the provider says succeeded or failed settles as its callback would have (a status query may
   * credit; the member's return never does). Money that arrived after the deposit expired is not
   * credited: it is counted as a difference for the cashier staff.
   */
  async reconcilePayments(merchant: Merchant): Promise<{ settled: number; differences: string[] }> {
    const pending = await rowsOf<{ id: string; provider: string; provider_ref: string; expired: boolean }>(
      this.deps.db,
      sql`SELECT id, provider, provider_ref, expires_at <= ${new Date(this.deps.now()).toISOString()}::timestamptz AS expired
          FROM payments WHERE merchant_id = ${merchant.id} AND state = 'pending' AND provider_ref IS NOT NULL`,
    );
    let settled = 0;
    const differences: string[] = [];
    for (const payment of pending) {
      const provider = await this.deps.providers.forMerchant(merchant.id, payment.provider);
      const status = await provider.paymentStatus(payment.provider_ref).catch(() => null);
      if (status === null || status.status === 'pending') continue;
      if (payment.expired && status.status === 'succeeded') {
        differences.push(payment.id);
        continue;
      }
      await this.settle(merchant, payment.provider, {
        id: `status:${payment.provider_ref}`,
        type: status.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
        payment: status,
      }).then(
        () => (settled += 1),
        () => differences.push(payment.id),
      );
    }
    return { settled, differences };
  }

  private async lockPayment(tx: MoneyTx, merchantId: number, providerId: string, paymentId: string) {
    const [payment] = await rowsOf<LockedPayment>(
      tx.runner,
      sql`SELECT customer_id, state, amount::text AS amount, currency, provider_ref, bonus_code, expires_at
          FROM payments WHERE id = ${paymentId} AND merchant_id = ${merchantId} AND provider = ${providerId}
          FOR UPDATE`,
    );
    if (payment === undefined) throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such payment.');
    return payment;
  }

  private async isFirst(tx: MoneyTx, merchantId: number, customerId: number): Promise<boolean> {
    const [row] = await rowsOf<{ count: number }>(
      tx.runner,
      sql`SELECT count(*)::int AS count FROM payments
          WHERE merchant_id = ${merchantId} AND customer_id = ${customerId} AND state = 'success'`,
    );
    return (row?.count ?? 0) === 0;
  }

  /** Clearing → the member's cash; an attached bonus from the bonus pool with its turnover requirement. */
  private async credit(tx: MoneyTx, paymentId: string, payment: LockedPayment, firstDeposit: boolean) {
    const amount = BigInt(payment.amount);
    const { currency, customer_id: customerId } = payment;
    await tx.transfer({
      kind: 'deposit',
      customerId,
      reference: paymentId,
      legs: [
        { account: { kind: 'psp_clearing', currency }, amount: -amount },
        { account: { kind: 'member_cash', currency, customerId }, amount },
      ],
    });
    if (payment.bonus_code === null) return;
    const [offer] = await rowsOf<{
      percent: number;
      max_bonus: string;
      turnover_multiplier: number;
      first_deposit_only: boolean;
    }>(
      tx.runner,
      sql`SELECT percent, max_bonus::text AS max_bonus, turnover_multiplier, first_deposit_only
          FROM deposit_bonus_offers WHERE merchant_id = ${tx.merchantId} AND code = ${payment.bonus_code} AND enabled`,
    );
    if (offer === undefined || (offer.first_deposit_only && !firstDeposit)) return;
    const computed = (amount * BigInt(offer.percent)) / 100n;
    const bonus = computed < BigInt(offer.max_bonus) ? computed : BigInt(offer.max_bonus);
    if (bonus <= 0n) return;
    await tx.transfer({
      kind: 'bonus',
      customerId,
      reference: paymentId,
      details: { offer: payment.bonus_code },
      legs: [
        { account: { kind: 'bonus_pool', currency }, amount: -bonus },
        { account: { kind: 'member_bonus', currency, customerId }, amount: bonus },
      ],
    });
    await tx.runner.execute(
      sql`INSERT INTO bonus_grants (merchant_id, customer_id, payment_id, currency, amount, turnover_required)
          VALUES (${tx.merchantId}, ${customerId}, ${paymentId}, ${currency}, ${bonus.toString()}::bigint,
                  ${(bonus * BigInt(offer.turnover_multiplier)).toString()}::bigint)`,
    );
  }
}
