import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CashierStaffErrorCode,
  type PayoutAccountView,
  type StaffWithdrawal,
  type WithdrawalView,
  type WithdrawOptions,
} from '@wps/contract/cashier';
import { formatAmount, parseAmount, WalletErrorCode } from '@wps/contract/amounts';
import type { Db } from '../../db/client.js';
import type { WithdrawalState } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { auditStaffChange } from '../staff/audit-context.js';
import type { Merchant } from '../merchants/repository.js';
import type { Ledger } from './ledger.js';
import type { ProviderRegistry } from './providers/registry.js';
import { recordMovementEvents } from '../tracking/movement-events.js';
import { memberBalances } from './balances.js';
import { forfeitActiveBonus } from './bonus.js';
import { rowsOf, type SqlRunner } from './sql.js';
import {
  accountView,
  approvalsNeeded,
  memberView,
  sameName,
  secondApprovalThreshold,
  staffView,
  withdrawalRows,
  withdrawMethods,
  type AccountRow,
} from './withdrawal-views.js';

const DAY_MS = 24 * 60 * 60_000;

export interface WithdrawalDeps {
  db: Db;
  ledger: Ledger;
  providers: ProviderRegistry;
  now: () => number;
}

/**
 * Withdrawals (issue 28 item 4): two-phase. The request holds the money (cash → withdrawals
 * pending) and forfeits an unmet bonus if the member agreed; staff approve (two different people
 * above the merchant's threshold) or reject; approval pays out through the provider. A definite
 * failure returns the money; an unknown outcome keeps it held until reconciliation finds the payout
 * by its reference: never refunded on ambiguity, never paid twice.
 */
export class Withdrawals {
  constructor(private readonly deps: WithdrawalDeps) {}

  async options(merchant: Merchant, customerId: number): Promise<WithdrawOptions> {
    const currency = merchant.currency;
    const of = await memberBalances(this.deps.db, merchant.id, customerId, currency);
    const [turnover] = await rowsOf<{ left: string }>(
      this.deps.db,
      sql`SELECT coalesce(sum(greatest(turnover_required - wagered, 0)), 0)::text AS left FROM bonus_grants
          WHERE merchant_id = ${merchant.id} AND customer_id = ${customerId} AND state = 'active'`,
    );
    const [holder] = await rowsOf<{ holder_name: string }>(
      this.deps.db,
      sql`SELECT holder_name FROM payout_holders WHERE merchant_id = ${merchant.id} AND customer_id = ${customerId}`,
    );
    const accounts = await rowsOf<AccountRow>(
      this.deps.db,
      sql`SELECT id, kind, bank_code, account_name, account_number FROM payout_accounts
          WHERE merchant_id = ${merchant.id} AND customer_id = ${customerId} ORDER BY id`,
    );
    const methods = await this.methods(merchant, customerId);
    return {
      currency,
      available: formatAmount(of('member_cash'), currency),
      bonus: formatAmount(of('member_bonus'), currency),
      turnoverLeft: formatAmount(BigInt(turnover?.left ?? '0'), currency),
      held: formatAmount(of('withdrawals_pending'), currency),
      holderName: holder?.holder_name ?? null,
      accounts: accounts.map(accountView),
      methods: methods.map((method) => ({
        code: method.code,
        name: method.name,
        min: formatAmount(method.min, currency),
        max: formatAmount(method.max, currency),
        dailyLeft: formatAmount(method.dailyLeft, currency),
      })),
    };
  }

  /** Binds an account (the caller checked the password); its name must be the member's payout name. */
  async addAccount(
    merchant: Merchant,
    customerId: number,
    input: { kind: 'bank' | 'ewallet'; bankCode: string; accountName: string; accountNumber: string },
  ): Promise<PayoutAccountView> {
    return this.deps.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payout ${merchant.id} ${customerId}`}, 0))`,
      );
      const [holder] = await rowsOf<{ holder_name: string }>(
        tx,
        sql`SELECT holder_name FROM payout_holders WHERE merchant_id = ${merchant.id} AND customer_id = ${customerId}`,
      );
      if (holder === undefined) {
        await tx.execute(
          sql`INSERT INTO payout_holders (merchant_id, customer_id, holder_name)
              VALUES (${merchant.id}, ${customerId}, ${input.accountName.trim().replace(/\s+/g, ' ')})`,
        );
      } else if (!sameName(holder.holder_name, input.accountName)) {
        throw new DomainError('invalid_request', 'Invalid request. The account name must be your own name.', {
          holderName: holder.holder_name,
        });
      }
      const [row] = await rowsOf<AccountRow>(
        tx,
        sql`INSERT INTO payout_accounts (merchant_id, customer_id, kind, bank_code, account_name, account_number)
            VALUES (${merchant.id}, ${customerId}, ${input.kind}, ${input.bankCode}, ${input.accountName.trim()}, ${input.accountNumber})
            ON CONFLICT (merchant_id, customer_id, bank_code, account_number) DO UPDATE SET kind = EXCLUDED.kind
            RETURNING id, kind, bank_code, account_name, account_number`,
      );
      if (row === undefined) throw new Error('payout account not written');
      return accountView(row);
    });
  }

  async request(
    merchant: Merchant,
    customerId: number,
    input: { requestKey: string; accountId: number; amount: string; forfeitBonus: boolean },
  ): Promise<WithdrawalView> {
    const currency = merchant.currency;
    const amount = parseAmount(input.amount, currency);
    if (amount === null || amount === 0n) {
      throw new DomainError(WalletErrorCode.AMOUNT_INVALID, 'Enter an amount the currency can hold.');
    }
    const id = randomBytes(12).toString('base64url');
    const { answer } = await this.deps.ledger.write({
      merchantId: merchant.id,
      source: `member:${customerId}`,
      key: `withdraw:${input.requestKey}`,
      request: { accountId: input.accountId, amount: amount.toString(), forfeitBonus: input.forfeitBonus },
      run: async (tx) => {
        const [account] = await rowsOf<AccountRow>(
          tx.runner,
          sql`SELECT id, kind, bank_code, account_name, account_number FROM payout_accounts
              WHERE id = ${input.accountId} AND merchant_id = ${merchant.id} AND customer_id = ${customerId}`,
        );
        // Another member's account is "not found": it is not this member's to name.
        if (account === undefined)
          throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such payout account.');
        const method = (await this.methods(merchant, customerId, tx.runner))[0];
        if (method === undefined) throw new DomainError('not_found', 'Withdrawals are not available.');
        if (amount < method.min || amount > method.max || amount > method.dailyLeft) {
          throw new DomainError(
            WalletErrorCode.AMOUNT_INVALID,
            'The amount is outside the withdrawal limits.',
            {
              min: formatAmount(method.min, currency),
              max: formatAmount(method.max, currency),
              dailyLeft: formatAmount(method.dailyLeft, currency),
            },
          );
        }
        const forfeited = await forfeitActiveBonus(tx, customerId, currency, id, input.forfeitBonus);
        await tx.transfer({
          kind: 'withdrawal_hold',
          customerId,
          reference: id,
          legs: [
            { account: { kind: 'member_cash', currency, customerId }, amount: -amount },
            { account: { kind: 'withdrawals_pending', currency, customerId }, amount },
          ],
        });
        await tx.runner.execute(
          sql`INSERT INTO withdrawals (id, merchant_id, customer_id, payout_account_id, provider, currency, amount)
              VALUES (${id}, ${merchant.id}, ${customerId}, ${account.id}, ${method.provider}, ${currency}, ${amount.toString()}::bigint)`,
        );
        await recordMovementEvents(tx.runner, ['withdraw'], {
          merchantId: merchant.id,
          customerId,
          movementId: id,
          amountMinor: amount,
          currency,
          at: new Date(this.deps.now()),
        });
        return { withdrawalId: id, forfeited: forfeited.toString() };
      },
    });
    const withdrawalId = (answer as { withdrawalId: string }).withdrawalId;
    return this.view(merchant.id, withdrawalId, customerId);
  }

  async queue(merchantId: number): Promise<StaffWithdrawal[]> {
    const rows = await withdrawalRows(
      this.deps.db,
      merchantId,
      sql`w.state IN ('review', 'unknown', 'paying')`,
    );
    const threshold = await secondApprovalThreshold(this.deps.db, merchantId);
    return rows.map((row) => staffView(row, threshold));
  }

  async approve(merchantId: number, staffId: number, id: string): Promise<StaffWithdrawal> {
    const threshold = await secondApprovalThreshold(this.deps.db, merchantId);
    const decision = await this.deps.db.transaction(async (tx) => {
      const [row] = await rowsOf<{ state: WithdrawalState; amount: string; approved_by: number[] }>(
        tx,
        sql`SELECT state, amount::text AS amount, approved_by FROM withdrawals
            WHERE id = ${id} AND merchant_id = ${merchantId} FOR UPDATE`,
      );
      if (row === undefined) throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such withdrawal.');
      if (row.state !== 'review')
        throw new DomainError(WalletErrorCode.PAYMENT_STATE, `The withdrawal is ${row.state}.`);
      if (row.approved_by.includes(staffId)) {
        throw new DomainError(
          CashierStaffErrorCode.SECOND_APPROVER_REQUIRED,
          'A second approver must be someone else.',
        );
      }
      const approvals = [...row.approved_by, staffId];
      const ready = approvals.length >= approvalsNeeded(BigInt(row.amount), threshold);
      const state = ready ? 'paying' : 'review';
      await tx.execute(
        sql`UPDATE withdrawals SET approved_by = ${`{${approvals.join(',')}}`}::int[], state = ${state} WHERE id = ${id}`,
      );
      await auditStaffChange(tx, { before: { id, ...row }, after: { id, state, approved_by: approvals } });
      return ready;
    });
    if (decision) await this.payOut(merchantId, id);
    return this.staffOne(merchantId, id, threshold);
  }

  async reject(merchantId: number, staffId: number, id: string, reason: string): Promise<StaffWithdrawal> {
    await this.settle(merchantId, id, 'rejected', { staffId, reason, from: ['review'] });
    return this.staffOne(merchantId, id, await secondApprovalThreshold(this.deps.db, merchantId));
  }

  /**
   * Asks the provider about every payout whose outcome is unknown, by our reference; settles the
   * ones it answers and leaves the others held. Returns those still unknown (id and amount).
   */
  async reconcile(merchantId: number): Promise<{ id: string; amount: string; currency: string }[]> {
    const stuck = await rowsOf<{ id: string; provider: string; amount: string; currency: string }>(
      this.deps.db,
      sql`SELECT id, provider, amount::text AS amount, currency FROM withdrawals
          WHERE merchant_id = ${merchantId} AND state IN ('unknown', 'paying')`,
    );
    const unknown: { id: string; amount: string; currency: string }[] = [];
    for (const row of stuck) {
      const provider = await this.deps.providers.forMerchant(merchantId, row.provider);
      const found = await provider.findPayout(row.id).catch(() => null);
      if (found?.status === 'paid')
        await this.settle(merchantId, row.id, 'paid', { providerRef: found.providerRef });
      else if (found?.status === 'failed') await this.settle(merchantId, row.id, 'failed', {});
      else
        unknown.push({
          id: row.id,
          amount: formatAmount(BigInt(row.amount), row.currency),
          currency: row.currency,
        });
    }
    return unknown;
  }

  private async payOut(merchantId: number, id: string): Promise<void> {
    const [row] = await withdrawalRows(this.deps.db, merchantId, sql`w.id = ${id}`);
    if (row === undefined) return;
    const provider = await this.deps.providers.forMerchant(merchantId, row.provider);
    const result = await provider.payout({
      reference: id,
      amount: BigInt(row.amount),
      currency: row.currency,
      accountName: row.account_name,
      accountNumber: row.account_number,
      bankCode: row.bank_code,
    });
    if (result.status === 'paid')
      await this.settle(merchantId, id, 'paid', { providerRef: result.providerRef });
    else if (result.status === 'failed') await this.settle(merchantId, id, 'failed', {});
    else {
      await this.deps.db.execute(
        sql`UPDATE withdrawals SET state = 'unknown' WHERE id = ${id} AND state = 'paying'`,
      );
    }
  }

  /** Moves the held money once: to the provider (paid) or back to the member (rejected, failed). */
  private async settle(
    merchantId: number,
    id: string,
    outcome: 'paid' | 'rejected' | 'failed',
    extra: { staffId?: number; reason?: string; providerRef?: string | null; from?: WithdrawalState[] },
  ): Promise<void> {
    const allowed = extra.from ?? ['paying', 'unknown'];
    await this.deps.ledger.write({
      merchantId,
      source: 'withdrawals',
      key: `${id}:settle`,
      request: { outcome },
      run: async (tx) => {
        const [row] = await rowsOf<{
          state: WithdrawalState;
          amount: string;
          currency: string;
          customer_id: number;
        }>(
          tx.runner,
          sql`SELECT state, amount::text AS amount, currency, customer_id FROM withdrawals
              WHERE id = ${id} AND merchant_id = ${merchantId} FOR UPDATE`,
        );
        if (row === undefined)
          throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such withdrawal.');
        if (!allowed.includes(row.state))
          throw new DomainError(WalletErrorCode.PAYMENT_STATE, `The withdrawal is ${row.state}.`);
        const amount = BigInt(row.amount);
        const { currency, customer_id: customerId } = row;
        const held = {
          account: { kind: 'withdrawals_pending' as const, currency, customerId },
          amount: -amount,
        };
        await tx.transfer(
          outcome === 'paid'
            ? {
                kind: 'withdrawal_paid',
                customerId,
                reference: id,
                legs: [held, { account: { kind: 'psp_clearing', currency }, amount }],
              }
            : {
                kind: 'withdrawal_return',
                customerId,
                reference: id,
                legs: [held, { account: { kind: 'member_cash', currency, customerId }, amount }],
              },
        );
        await tx.runner.execute(
          sql`UPDATE withdrawals SET state = ${outcome}, decided_at = ${new Date(this.deps.now()).toISOString()}::timestamptz,
                rejected_by = ${extra.staffId ?? null}, reason = ${extra.reason ?? null},
                provider_ref = coalesce(${extra.providerRef ?? null}, provider_ref)
              WHERE id = ${id}`,
        );
        // A staff member's rejection (a payout's outcome is the provider's, not a staff write).
        if (outcome === 'rejected')
          await auditStaffChange(tx.runner, { before: { id, ...row }, after: { id, outcome } });
        return { outcome };
      },
    });
  }

  private methods(merchant: Merchant, customerId: number, runner: SqlRunner = this.deps.db) {
    return withdrawMethods(runner, merchant, customerId, new Date(this.deps.now() - DAY_MS));
  }

  private async view(merchantId: number, id: string, customerId: number): Promise<WithdrawalView> {
    const [row] = await withdrawalRows(
      this.deps.db,
      merchantId,
      sql`w.id = ${id} AND w.customer_id = ${customerId}`,
    );
    if (row === undefined) throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such withdrawal.');
    return memberView(row);
  }

  private async staffOne(merchantId: number, id: string, threshold: bigint): Promise<StaffWithdrawal> {
    const [row] = await withdrawalRows(this.deps.db, merchantId, sql`w.id = ${id}`);
    if (row === undefined) throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such withdrawal.');
    return staffView(row, threshold);
  }
}
