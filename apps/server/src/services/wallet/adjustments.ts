import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { CashierStaffErrorCode, type AdjustmentState, type StaffAdjustment } from '@wps/contract/cashier';
import { formatAmount, parseAmount, WalletErrorCode } from '@wps/contract/amounts';
import type { Db } from '../../db/client.js';
import { auditStaffChange } from '../staff/audit-context.js';
import { DomainError } from '../errors.js';
import type { Ledger } from './ledger.js';
import { rowsOf, type SqlRunner } from './sql.js';

export interface AdjustmentDeps {
  db: Db;
  ledger: Ledger;
  now: () => number;
}

interface AdjustmentRow {
  id: string;
  customer_id: number;
  username: string;
  amount: string;
  currency: string;
  reason: string;
  state: AdjustmentState;
  proposed_by: number;
  proposer: string;
  decider: string | null;
  decline_reason: string | null;
  reverses: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function view(row: AdjustmentRow): StaffAdjustment {
  return {
    id: row.id,
    customerId: row.customer_id,
    username: row.username,
    amount: formatAmount(BigInt(row.amount), row.currency),
    currency: row.currency,
    reason: row.reason,
    state: row.state,
    proposedBy: row.proposer,
    decidedBy: row.decider,
    declineReason: row.decline_reason,
    reverses: row.reverses,
    createdAt: iso(row.created_at) ?? '',
    decidedAt: iso(row.decided_at),
  };
}

function rows(runner: SqlRunner, merchantId: number, where: SQL): Promise<AdjustmentRow[]> {
  return rowsOf<AdjustmentRow>(
    runner,
    sql`SELECT a.id, a.customer_id, c.username, a.amount::text AS amount, a.currency, a.reason, a.state,
               a.proposed_by, p.display_name AS proposer, d.display_name AS decider, a.decline_reason,
               a.reverses, a.created_at, a.decided_at
        FROM cashier_adjustments a
        JOIN customers c ON c.id = a.customer_id
        JOIN staff_accounts p ON p.id = a.proposed_by
        LEFT JOIN staff_accounts d ON d.id = a.decided_by
        WHERE a.merchant_id = ${merchantId} AND ${where}
        ORDER BY a.created_at DESC, a.id
        LIMIT 200`,
  );
}

/**
 * Manual adjustments (issue 30 item 8): four eyes on every manual movement of a member's money. A
 * proposal moves nothing; the approval of a second, different staff member posts one balanced
 * transfer (member cash against the merchant's `adjustments` account) in the same transaction that
 * marks it posted, so it is posted once whoever approves and however often. A debit never takes a
 * member below zero (the ledger refuses it, and the proposal stays waiting). Both writes are ledger
 * writes, so a replay with the same request key answers the first answer and another body with it
 * answers `idempotency_conflict`.
 */
export class Adjustments {
  constructor(private readonly deps: AdjustmentDeps) {}

  async list(merchantId: number, state?: AdjustmentState): Promise<StaffAdjustment[]> {
    const where = state === undefined ? sql`TRUE` : sql`a.state = ${state}`;
    return (await rows(this.deps.db, merchantId, where)).map(view);
  }

  async propose(
    merchant: { id: number; currency: string },
    staffId: number,
    input: {
      requestKey: string;
      customerId: number;
      direction: 'credit' | 'debit';
      amount: string;
      reason: string;
    },
  ): Promise<StaffAdjustment> {
    const currency = merchant.currency;
    const magnitude = parseAmount(input.amount, currency);
    if (magnitude === null || magnitude <= 0n) {
      throw new DomainError(WalletErrorCode.AMOUNT_INVALID, 'Enter an amount the currency can hold.');
    }
    const amount = input.direction === 'credit' ? magnitude : -magnitude;
    const { answer } = await this.deps.ledger.write({
      merchantId: merchant.id,
      source: `staff:${staffId}`,
      key: `adjust:${input.requestKey}`,
      request: { customerId: input.customerId, amount: amount.toString(), reason: input.reason },
      run: async (tx) => {
        const [member] = await rowsOf<{ id: number }>(
          tx.runner,
          sql`SELECT id FROM customers WHERE id = ${input.customerId} AND merchant_id = ${merchant.id}`,
        );
        // Another merchant's member is "not found": not this merchant's to name.
        if (member === undefined) throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such member.');
        // Told now rather than at approval; the approval checks again, on the balance of that moment.
        if (amount < 0n) await this.coverOrRefuse(tx.runner, merchant.id, input.customerId, currency, amount);
        const id = `adj_${randomBytes(9).toString('base64url')}`;
        await tx.runner.execute(
          sql`INSERT INTO cashier_adjustments (id, merchant_id, customer_id, currency, amount, reason, proposed_by, created_at)
              VALUES (${id}, ${merchant.id}, ${input.customerId}, ${currency}, ${amount.toString()}::bigint,
                      ${input.reason}, ${staffId}, ${new Date(this.deps.now()).toISOString()}::timestamptz)`,
        );
        await auditStaffChange(tx.runner, {
          before: null,
          after: {
            id,
            customerId: input.customerId,
            currency,
            amount: amount.toString(),
            reason: input.reason,
          },
        });
        return { id };
      },
    });
    return this.one(merchant.id, (answer as { id: string }).id);
  }

  /** Proposes the correction of a posted adjustment: the same member and amount, the other way. */
  async reverse(
    merchantId: number,
    staffId: number,
    input: { requestKey: string; id: string; reason: string },
  ): Promise<StaffAdjustment> {
    const { answer } = await this.deps.ledger.write({
      merchantId,
      source: `staff:${staffId}`,
      key: `adjust:${input.requestKey}`,
      request: { reverses: input.id, reason: input.reason },
      run: async (tx) => {
        const [original] = await rowsOf<{
          state: AdjustmentState;
          amount: string;
          currency: string;
          customer_id: number;
          reverses: string | null;
        }>(
          tx.runner,
          sql`SELECT state, amount::text AS amount, currency, customer_id, reverses FROM cashier_adjustments
              WHERE id = ${input.id} AND merchant_id = ${merchantId} FOR UPDATE`,
        );
        if (original === undefined)
          throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such adjustment.');
        if (original.state !== 'posted' || original.reverses !== null) {
          throw new DomainError(WalletErrorCode.PAYMENT_STATE, 'Only a posted adjustment can be reversed.');
        }
        const [live] = await rowsOf<{ id: string }>(
          tx.runner,
          sql`SELECT id FROM cashier_adjustments WHERE reverses = ${input.id} AND state <> 'declined'`,
        );
        if (live !== undefined) {
          throw new DomainError(WalletErrorCode.PAYMENT_STATE, 'This adjustment already has a correction.', {
            correction: live.id,
          });
        }
        const id = `adj_${randomBytes(9).toString('base64url')}`;
        await tx.runner.execute(
          sql`INSERT INTO cashier_adjustments (id, merchant_id, customer_id, currency, amount, reason, proposed_by, reverses, created_at)
              VALUES (${id}, ${merchantId}, ${original.customer_id}, ${original.currency},
                      ${(-BigInt(original.amount)).toString()}::bigint, ${input.reason}, ${staffId}, ${input.id},
                      ${new Date(this.deps.now()).toISOString()}::timestamptz)`,
        );
        await auditStaffChange(tx.runner, {
          before: { id: input.id, ...original },
          after: { id, reverses: input.id, reason: input.reason },
        });
        return { id };
      },
    });
    return this.one(merchantId, (answer as { id: string }).id);
  }

  /** The second approver: posts the transfer once; the proposer is refused. */
  async approve(merchantId: number, staffId: number, id: string): Promise<StaffAdjustment> {
    await this.deps.ledger.write({
      merchantId,
      source: 'adjustments',
      // Per approver: the same approver's repeat replays; another approver meets the posted state.
      key: `${id}:approve:${staffId}`,
      request: { id },
      run: async (tx) => {
        const row = await this.lockProposed(tx.runner, merchantId, id);
        if (row.proposed_by === staffId) {
          throw new DomainError(
            CashierStaffErrorCode.SECOND_APPROVER_REQUIRED,
            'The approver must be someone other than the proposer.',
          );
        }
        const amount = BigInt(row.amount);
        const { currency, customer_id: customerId } = row;
        const reversed =
          row.reverses === null
            ? undefined
            : (
                await rowsOf<{ transfer_id: string }>(
                  tx.runner,
                  sql`SELECT transfer_id::text AS transfer_id FROM cashier_adjustments
                      WHERE id = ${row.reverses} AND merchant_id = ${merchantId}`,
                )
              )[0]?.transfer_id;
        const transferId = await tx.transfer({
          kind: 'adjustment',
          customerId,
          reference: id,
          details: { reason: row.reason },
          ...(reversed === undefined ? {} : { reversesTransferId: BigInt(reversed) }),
          legs: [
            { account: { kind: 'member_cash', currency, customerId }, amount },
            { account: { kind: 'adjustments', currency }, amount: -amount },
          ],
        });
        await tx.runner.execute(
          sql`UPDATE cashier_adjustments SET state = 'posted', decided_by = ${staffId}, transfer_id = ${transferId.toString()}::bigint,
                decided_at = ${new Date(this.deps.now()).toISOString()}::timestamptz
              WHERE id = ${id}`,
        );
        await auditStaffChange(tx.runner, {
          before: { id, ...row },
          after: { id, state: 'posted', transferId: transferId.toString() },
        });
        return { id, transferId: transferId.toString() };
      },
    });
    return this.one(merchantId, id);
  }

  /** Declines a proposal with a reason; nothing moves. The proposer may withdraw their own. */
  async decline(merchantId: number, staffId: number, id: string, reason: string | undefined) {
    if (reason === undefined) {
      throw new DomainError('invalid_request', 'Invalid request. Say why the adjustment is declined.');
    }
    await this.deps.db.transaction(async (tx) => {
      const row = await this.lockProposed(tx, merchantId, id);
      await tx.execute(
        sql`UPDATE cashier_adjustments SET state = 'declined', decided_by = ${staffId}, decline_reason = ${reason},
              decided_at = ${new Date(this.deps.now()).toISOString()}::timestamptz
            WHERE id = ${id}`,
      );
      await auditStaffChange(tx, { before: { id, ...row }, after: { id, state: 'declined', reason } });
    });
    return this.one(merchantId, id);
  }

  private async lockProposed(runner: SqlRunner, merchantId: number, id: string) {
    const [row] = await rowsOf<{
      state: AdjustmentState;
      amount: string;
      currency: string;
      customer_id: number;
      proposed_by: number;
      reason: string;
      reverses: string | null;
    }>(
      runner,
      sql`SELECT state, amount::text AS amount, currency, customer_id, proposed_by, reason, reverses
          FROM cashier_adjustments WHERE id = ${id} AND merchant_id = ${merchantId} FOR UPDATE`,
    );
    if (row === undefined) throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such adjustment.');
    if (row.state !== 'proposed')
      throw new DomainError(WalletErrorCode.PAYMENT_STATE, `The adjustment is ${row.state}.`);
    return row;
  }

  private async coverOrRefuse(
    runner: SqlRunner,
    merchantId: number,
    customerId: number,
    currency: string,
    amount: bigint,
  ) {
    const [row] = await rowsOf<{ balance: string }>(
      runner,
      sql`SELECT balance::text AS balance FROM wallet_accounts
          WHERE merchant_id = ${merchantId} AND kind = 'member_cash' AND currency = ${currency}
            AND customer_id = ${customerId} AND bucket = 0`,
    );
    const balance = BigInt(row?.balance ?? '0');
    if (balance + amount < 0n) {
      throw new DomainError(WalletErrorCode.INSUFFICIENT_FUNDS, 'The balance does not cover this debit.', {
        currency,
        balance: formatAmount(balance, currency),
      });
    }
  }

  private async one(merchantId: number, id: string): Promise<StaffAdjustment> {
    const [row] = await rows(this.deps.db, merchantId, sql`a.id = ${id}`);
    if (row === undefined) throw new DomainError(WalletErrorCode.PAYMENT_NOT_FOUND, 'No such adjustment.');
    return view(row);
  }
}
