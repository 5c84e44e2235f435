import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DepositMethodKind, DepositOptions, DepositView } from '@wps/contract/cashier';
import { type BalanceView } from '@wps/contract/money';
import { formatAmount, parseAmount, WalletErrorCode } from '@wps/contract/amounts';
import type { TrustGate } from '../trust/index.js';
import type { Db } from '../../db/client.js';
import { cashierMethods, depositBonusOffers, payments } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';
import type { Ledger } from './ledger.js';
import type { ProviderRegistry } from './providers/registry.js';
import { memberBalances } from './balances.js';
import { rowsOf, type SqlRunner } from './sql.js';

/** A deposit not paid within this long expires (the provider's page says the same). */
export const PAYMENT_TTL_MS = 30 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface CashierDeps {
  db: Db;
  ledger: Ledger;
  providers: ProviderRegistry;
  now: () => number;
  /** Deposit limits and breaks (services/trust), checked inside the deposit's transaction. */
  trust: TrustGate;
}

export interface DepositRequest {
  requestKey: string;
  method: string;
  amount: string;
  bonus?: string | undefined;
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * The member's side of the cashier (issue 28): the balance, the deposit methods and bonuses, creating
 * a deposit and reading its state. Money moves only in `settlement.ts`, on a verified callback.
 */
export class Cashier {
  constructor(private readonly deps: CashierDeps) {}

  async balance(merchant: Merchant, customerId: number): Promise<BalanceView> {
    const of = await memberBalances(this.deps.db, merchant.id, customerId, merchant.currency);
    return {
      currency: merchant.currency,
      cash: formatAmount(of('member_cash'), merchant.currency),
      bonus: formatAmount(of('member_bonus'), merchant.currency),
      held: formatAmount(of('withdrawals_pending'), merchant.currency),
    };
  }

  async options(merchant: Merchant, customerId: number): Promise<DepositOptions> {
    const methods = await this.methods(merchant);
    const used = await this.usedToday(merchant.id, customerId);
    const offers = await this.deps.db
      .select()
      .from(depositBonusOffers)
      .where(and(eq(depositBonusOffers.merchantId, merchant.id), eq(depositBonusOffers.enabled, true)));
    const successCount = await this.successCount(merchant.id, customerId);
    const currency = merchant.currency;
    return {
      currency,
      methods: methods.map((method) => ({
        code: method.code,
        kind: method.kind,
        name: method.name,
        currency,
        min: formatAmount(method.minAmount, currency),
        max: formatAmount(method.maxAmount, currency),
        dailyLeft: formatAmount(maxOf(0n, method.dailyMax - (used.get(method.code) ?? 0n)), currency),
        presets: method.presets.map((preset) => formatAmount(preset, currency)),
      })),
      bonuses: offers
        .filter((offer) => !offer.firstDepositOnly || successCount === 0)
        .map((offer) => ({
          code: offer.code,
          percent: offer.percent,
          maxBonus: formatAmount(offer.maxBonus, currency),
          turnoverMultiplier: offer.turnoverMultiplier,
        })),
      totalDepositSuccessCount: successCount,
    };
  }

  /**
   * Records the deposit (idempotent on the member's request key), then asks the provider for the way
   * to pay. A repeat of the request answers the same payment and never creates a second one.
   */
  async createDeposit(
    merchant: Merchant,
    customerId: number,
    input: DepositRequest,
    urls: { returnUrl: string; callbackUrl: string },
  ): Promise<DepositView> {
    const currency = merchant.currency;
    const amount = parseAmount(input.amount, currency);
    if (amount === null || amount === 0n) {
      throw new DomainError(WalletErrorCode.AMOUNT_INVALID, 'Enter an amount the currency can hold.');
    }
    const method = (await this.methods(merchant)).find((each) => each.code === input.method);
    if (method === undefined) throw new DomainError('not_found', 'This payment method is not available.');
    if (amount < method.minAmount || amount > method.maxAmount) {
      throw new DomainError(WalletErrorCode.AMOUNT_INVALID, 'The amount is outside this method’s limits.', {
        min: formatAmount(method.minAmount, currency),
        max: formatAmount(method.maxAmount, currency),
      });
    }
    if (input.bonus !== undefined) await this.requireOffer(merchant.id, customerId, input.bonus);
    const id = randomBytes(12).toString('base64url');
    const { answer, replayed } = await this.deps.ledger.write({
      merchantId: merchant.id,
      source: `member:${customerId}`,
      key: `deposit:${input.requestKey}`,
      request: { method: input.method, amount: amount.toString(), bonus: input.bonus ?? null },
      run: async (tx) => {
        // One deposit at a time per member: the day's total is read and raised without a race.
        await tx.runner.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`deposit ${merchant.id} ${customerId}`}, 0))`,
        );
        // The member's own limits and any break: the payment row written below is the reservation.
        await this.deps.trust.reserveDeposit(
          tx.runner,
          { merchantId: merchant.id, customerId, currency },
          amount,
        );
        const used = (await this.usedToday(merchant.id, customerId, tx.runner)).get(method.code) ?? 0n;
        if (used + amount > method.dailyMax) {
          throw new DomainError(
            WalletErrorCode.AMOUNT_INVALID,
            'This amount is above what is left of today’s limit for this method.',
            {
              dailyLeft: formatAmount(maxOf(0n, method.dailyMax - used), currency),
            },
          );
        }
        await tx.runner.execute(
          // Created at the app's clock, as the limit windows and the expiry are counted on it.
          sql`INSERT INTO payments (id, merchant_id, customer_id, method_code, provider, currency, amount, bonus_code, created_at, expires_at)
              VALUES (${id}, ${merchant.id}, ${customerId}, ${method.code}, ${method.provider}, ${currency},
                      ${amount.toString()}::bigint, ${input.bonus ?? null}, ${new Date(this.deps.now()).toISOString()}::timestamptz,
                      ${new Date(this.deps.now() + PAYMENT_TTL_MS).toISOString()}::timestamptz)`,
        );
        return { paymentId: id };
      },
    });
    const paymentId = (answer as { paymentId: string }).paymentId;
    if (!replayed) await this.startWithProvider(merchant, paymentId, method.kind, urls);
    return this.view(merchant.id, customerId, paymentId);
  }

  async depositStatus(merchant: Merchant, customerId: number, paymentId: string): Promise<DepositView> {
    return this.view(merchant.id, customerId, paymentId);
  }

  private async startWithProvider(
    merchant: Merchant,
    paymentId: string,
    kind: DepositMethodKind,
    urls: { returnUrl: string; callbackUrl: string },
  ): Promise<void> {
    const payment = await this.row(merchant.id, paymentId);
    if (payment === null) return;
    try {
      const provider = await this.deps.providers.forMerchant(merchant.id, payment.provider);
      const created = await provider.createPayment({
        reference: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        method: kind,
        returnUrl: `${urls.returnUrl}?payment=${encodeURIComponent(payment.id)}`,
        callbackUrl: urls.callbackUrl,
      });
      await this.deps.db
        .update(payments)
        .set({ providerRef: created.providerRef, action: created.action })
        .where(and(eq(payments.id, payment.id), eq(payments.state, 'pending')));
    } catch (error) {
      // The provider refused or could not be reached: the deposit fails visibly, nothing was taken.
      await this.deps.db
        .update(payments)
        .set({ state: 'failed', settledAt: new Date(this.deps.now()) })
        .where(and(eq(payments.id, payment.id), eq(payments.state, 'pending')));
      throw error;
    }
  }

  private async view(merchantId: number, customerId: number, paymentId: string): Promise<DepositView> {
    const payment = await this.row(merchantId, paymentId);
    if (payment === null || payment.customerId !== customerId) {
      throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such deposit.');
    }
    const expired = payment.state === 'pending' && payment.expiresAt.getTime() <= this.deps.now();
    const bonus = await rowsOf<{ amount: string }>(
      this.deps.db,
      sql`SELECT amount::text AS amount FROM bonus_grants WHERE merchant_id = ${merchantId} AND payment_id = ${paymentId}`,
    );
    return {
      id: payment.id,
      state: expired ? 'expired' : payment.state,
      method: payment.methodCode,
      amount: formatAmount(payment.amount, payment.currency),
      bonus: formatAmount(BigInt(bonus[0]?.amount ?? '0'), payment.currency),
      currency: payment.currency,
      action: payment.action,
      createdAt: payment.createdAt.toISOString(),
      expiresAt: payment.expiresAt.toISOString(),
      firstDeposit: payment.firstDeposit,
    };
  }

  private async row(merchantId: number, paymentId: string): Promise<PaymentRow | null> {
    const [row] = await this.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.merchantId, merchantId), eq(payments.id, paymentId)));
    return row ?? null;
  }

  private async methods(merchant: Merchant) {
    const rows = await this.deps.db
      .select()
      .from(cashierMethods)
      .where(
        and(
          eq(cashierMethods.merchantId, merchant.id),
          eq(cashierMethods.direction, 'deposit'),
          eq(cashierMethods.enabled, true),
          eq(cashierMethods.currency, merchant.currency),
        ),
      )
      .orderBy(asc(cashierMethods.sort));
    return rows.filter((row) => row.countries.length === 0 || row.countries.includes(merchant.countryCode));
  }

  /** Today's (last 24 h) deposits per method that are paid or may still be: a pending one holds its room. */
  private async usedToday(
    merchantId: number,
    customerId: number,
    runner: SqlRunner = this.deps.db,
  ): Promise<Map<string, bigint>> {
    const since = new Date(this.deps.now() - DAY_MS).toISOString();
    const rows = await rowsOf<{ method: string; total: string }>(
      runner,
      sql`SELECT method_code AS method, sum(amount)::text AS total FROM payments
          WHERE merchant_id = ${merchantId} AND customer_id = ${customerId} AND created_at > ${since}::timestamptz
            AND (state = 'success' OR (state = 'pending' AND expires_at > ${new Date(this.deps.now()).toISOString()}::timestamptz))
          GROUP BY method_code`,
    );
    return new Map(rows.map((row) => [row.method, BigInt(row.total)]));
  }

  async successCount(merchantId: number, customerId: number): Promise<number> {
    const [row] = await rowsOf<{ count: number }>(
      this.deps.db,
      sql`SELECT count(*)::int AS count FROM payments
          WHERE merchant_id = ${merchantId} AND customer_id = ${customerId} AND state = 'success'`,
    );
    return row?.count ?? 0;
  }

  private async requireOffer(merchantId: number, customerId: number, code: string): Promise<void> {
    const [offer] = await this.deps.db
      .select()
      .from(depositBonusOffers)
      .where(
        and(
          eq(depositBonusOffers.merchantId, merchantId),
          eq(depositBonusOffers.code, code),
          eq(depositBonusOffers.enabled, true),
        ),
      );
    if (
      offer === undefined ||
      (offer.firstDepositOnly && (await this.successCount(merchantId, customerId)) > 0)
    ) {
      throw new DomainError('invalid_request', 'Invalid request. This bonus is not available.');
    }
  }
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
