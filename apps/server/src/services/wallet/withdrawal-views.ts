import { sql, type SQL } from 'drizzle-orm';
import type { PayoutAccountView, StaffWithdrawal, WithdrawalView } from '@wps/contract/cashier';
import { formatAmount } from '@wps/contract/amounts';
import type { Db } from '../../db/client.js';
import type { WithdrawalState } from '../../db/schema/index.js';
import { rowsOf, type SqlRunner } from './sql.js';

/* The withdrawals' read side: rows as the queue and the member see them (withdrawals.ts). */

export interface AccountRow {
  id: number;
  kind: 'bank' | 'ewallet';
  bank_code: string;
  account_name: string;
  account_number: string;
}

export interface WithdrawalRow {
  id: string;
  customer_id: number;
  username: string;
  state: WithdrawalState;
  amount: string;
  currency: string;
  provider: string;
  approved_by: number[];
  approvers: string[];
  reason: string | null;
  forfeited: string;
  created_at: Date | string;
  account_id: number;
  kind: 'bank' | 'ewallet';
  bank_code: string;
  account_name: string;
  account_number: string;
}

/** Names compare without case, accents' width or extra spaces: "NGUYEN  Van A" is "Nguyen Van A". */
export const sameName = (a: string, b: string) =>
  a.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase() ===
  b.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase();

export const accountView = (
  row: Pick<AccountRow, 'kind' | 'bank_code' | 'account_name' | 'account_number'> & { id: number },
): PayoutAccountView => ({
  id: row.id,
  kind: row.kind,
  bankCode: row.bank_code,
  accountName: row.account_name,
  accountNumberLast4: row.account_number.slice(-4),
});
export const approvalsNeeded = (amount: bigint, threshold: bigint) => (amount > threshold ? 2 : 1);

/** The amount above which a withdrawal needs a second approver (none configured: never). */
export async function secondApprovalThreshold(db: Db, merchantId: number): Promise<bigint> {
  const [row] = await rowsOf<{ above: string }>(
    db,
    sql`SELECT second_approval_above::text AS above FROM cashier_settings WHERE merchant_id = ${merchantId}`,
  );
  return row === undefined ? 2n ** 62n : BigInt(row.above);
}

export function withdrawalRows(db: Db, merchantId: number, where: SQL): Promise<WithdrawalRow[]> {
  return rowsOf<WithdrawalRow>(
    db,
    sql`SELECT w.id, w.customer_id, c.username, w.state, w.amount::text AS amount, w.currency, w.provider, w.approved_by,
               coalesce((SELECT array_agg(s.display_name ORDER BY array_position(w.approved_by, s.id))
                 FROM staff_accounts s WHERE s.id = ANY(w.approved_by)), '{}') AS approvers,
               w.reason, w.created_at, a.id AS account_id, a.kind, a.bank_code, a.account_name, a.account_number,
               coalesce((SELECT sum(-e.amount) FROM wallet_transfers t JOIN wallet_entries e ON e.transfer_id = t.id
                 JOIN wallet_accounts x ON x.id = e.account_id AND x.kind = 'member_bonus'
                 WHERE t.merchant_id = w.merchant_id AND t.kind = 'bonus_forfeit' AND t.reference = w.id), 0)::text AS forfeited
        FROM withdrawals w
        JOIN payout_accounts a ON a.id = w.payout_account_id
        JOIN customers c ON c.id = w.customer_id
        WHERE w.merchant_id = ${merchantId} AND ${where}
        ORDER BY w.created_at`,
  );
}

export function memberView(row: WithdrawalRow): WithdrawalView {
  return {
    id: row.id,
    state: row.state,
    amount: formatAmount(BigInt(row.amount), row.currency),
    currency: row.currency,
    account: accountView({ ...row, id: row.account_id }),
    bonusForfeited: formatAmount(BigInt(row.forfeited), row.currency),
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function staffView(row: WithdrawalRow, threshold: bigint): StaffWithdrawal {
  return {
    ...memberView(row),
    username: row.username,
    approvals: row.approved_by.length,
    approvalsNeeded: approvalsNeeded(BigInt(row.amount), threshold),
    approvers: row.approvers,
  };
}

/** The merchant's withdrawal methods, with what is left of each one's day for the member. */
export async function withdrawMethods(
  runner: SqlRunner,
  merchant: { id: number; currency: string },
  customerId: number,
  dayStart: Date,
) {
  const rows = await rowsOf<{
    code: string;
    name: string;
    provider: string;
    min: string;
    max: string;
    daily: string;
    used: string;
  }>(
    runner,
    sql`SELECT m.code, m.name, m.provider, m.min_amount::text AS min, m.max_amount::text AS max, m.daily_max::text AS daily,
               (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w
                WHERE w.merchant_id = m.merchant_id AND w.customer_id = ${customerId}
                  AND w.state NOT IN ('rejected', 'failed')
                  AND w.created_at > ${dayStart.toISOString()}::timestamptz)::text AS used
        FROM cashier_methods m
        WHERE m.merchant_id = ${merchant.id} AND m.direction = 'withdraw' AND m.enabled AND m.currency = ${merchant.currency}
        ORDER BY m.sort`,
  );
  return rows.map((row) => {
    const left = BigInt(row.daily) - BigInt(row.used);
    return {
      code: row.code,
      name: row.name,
      provider: row.provider,
      min: BigInt(row.min),
      max: BigInt(row.max),
      dailyLeft: left > 0n ? left : 0n,
    };
  });
}
