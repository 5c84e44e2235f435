import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from './sql.js';

/** What `verifyLedger` found wrong; every list empty means the books hold. */
export interface LedgerVerification {
  accounts: number;
  transfers: number;
  /** Accounts whose cached balance is not the sum of their entries. */
  balanceMismatches: { accountId: string; cached: string; fromEntries: string }[];
  /** Transfers whose entries do not sum to zero in a currency, or that have fewer than two entries. */
  unbalancedTransfers: { transferId: string; currency: string; sum: string }[];
  /** Member accounts below zero (the check constraint should make this impossible). */
  negativeMembers: { accountId: string; balance: string }[];
}

/**
 * Recomputes every balance from the entries (docs/decisions/ledger.md): the cached balance is the only
 * mutable money column, and this is what proves it was never wrong. Optionally one merchant only.
 */
export async function verifyLedger(db: Db, merchantId?: number): Promise<LedgerVerification> {
  const merchant = merchantId === undefined ? sql`TRUE` : sql`a.merchant_id = ${merchantId}`;
  const merchantOfTransfer = merchantId === undefined ? sql`TRUE` : sql`t.merchant_id = ${merchantId}`;
  const [counts] = await rowsOf<{ accounts: number; transfers: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM wallet_accounts a WHERE ${merchant}) AS accounts,
               (SELECT count(*)::int FROM wallet_transfers t WHERE ${merchantOfTransfer}) AS transfers`,
  );
  const balanceMismatches = await rowsOf<{ accountId: string; cached: string; fromEntries: string }>(
    db,
    sql`SELECT a.id::text AS "accountId", a.balance::text AS cached,
               coalesce(sum(e.amount), 0)::text AS "fromEntries"
        FROM wallet_accounts a LEFT JOIN wallet_entries e ON e.account_id = a.id
        WHERE ${merchant}
        GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0) ORDER BY a.id`,
  );
  const unbalancedTransfers = await rowsOf<{ transferId: string; currency: string; sum: string }>(
    db,
    sql`SELECT t.id::text AS "transferId", coalesce(e.currency, '') AS currency,
               coalesce(sum(e.amount), 0)::text AS sum
        FROM wallet_transfers t LEFT JOIN wallet_entries e ON e.transfer_id = t.id
        WHERE ${merchantOfTransfer}
        GROUP BY t.id, e.currency
        HAVING coalesce(sum(e.amount), 0) <> 0
            OR (SELECT count(*) FROM wallet_entries x WHERE x.transfer_id = t.id) < 2
        ORDER BY t.id`,
  );
  const negativeMembers = await rowsOf<{ accountId: string; balance: string }>(
    db,
    sql`SELECT a.id::text AS "accountId", a.balance::text AS balance FROM wallet_accounts a
        WHERE ${merchant} AND a.kind IN ('member_cash', 'member_bonus', 'withdrawals_pending') AND a.balance < 0`,
  );
  return {
    accounts: counts?.accounts ?? 0,
    transfers: counts?.transfers ?? 0,
    balanceMismatches,
    unbalancedTransfers,
    negativeMembers,
  };
}

export function ledgerHolds(report: LedgerVerification): boolean {
  return (
    report.balanceMismatches.length === 0 &&
    report.unbalancedTransfers.length === 0 &&
    report.negativeMembers.length === 0
  );
}
