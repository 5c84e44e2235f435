import { sql } from 'drizzle-orm';
import type { ReconciliationFinding, ReconciliationReport } from '@wps/contract/cashier';
import type { Db } from '../../db/client.js';
import type { Merchant } from '../merchants/repository.js';
import type { Settlement } from './settlement.js';
import { rowsOf } from './sql.js';
import { verifyLedger } from './verify.js';
import type { Withdrawals } from './withdrawals.js';

export interface ReconciliationDeps {
  db: Db;
  settlement: Settlement;
  withdrawals: Withdrawals;
}

/**
 * The daily check per merchant (issue 28 item 8): pending deposits against the provider's status,
 * payouts whose outcome is unknown against the provider's record by our reference, and every
 * balance against the ledger's entries. Every figure is a difference to look at; 0 on the demo.
 */
export class Reconciliation {
  constructor(private readonly deps: ReconciliationDeps) {}

  async run(merchant: Merchant): Promise<ReconciliationReport> {
    const deposits = await this.deps.settlement.reconcilePayments(merchant);
    const unknown = await this.deps.withdrawals.reconcile(merchant.id);
    const books = await verifyLedger(this.deps.db, merchant.id);
    // Each figure's rows, so the staff can look every difference up (issue 30 item 8).
    const findings: ReconciliationFinding[] = [
      ...unknown.map((payout) => ({
        kind: 'unknown_payout' as const,
        reference: payout.id,
        detail: `${payout.amount} ${payout.currency}`,
      })),
      ...deposits.differences.map((id) => ({
        kind: 'deposit_difference' as const,
        reference: id,
        detail: '',
      })),
      ...books.balanceMismatches.map((row) => ({
        kind: 'balance_mismatch' as const,
        reference: row.accountId,
        detail: `cached ${row.cached} / entries ${row.fromEntries}`,
      })),
      ...books.unbalancedTransfers.map((row) => ({
        kind: 'unbalanced_transfer' as const,
        reference: row.transferId,
        detail: `${row.sum} ${row.currency}`,
      })),
    ];
    return {
      unknownPayouts: unknown.length,
      depositsSettled: deposits.settled,
      depositDifferences: deposits.differences.length,
      balanceDifferences: books.balanceMismatches.length,
      unbalancedTransfers: books.unbalancedTransfers.length,
      findings,
    };
  }

  /**
   * Every merchant with a cashier. Safe on several instances at once: every settlement it makes is
   * an idempotent ledger write guarded by the payment's or withdrawal's state.
   */
  async runAll(
    merchantOf: (code: string) => Promise<Merchant | null>,
  ): Promise<Map<string, ReconciliationReport>> {
    const reports = new Map<string, ReconciliationReport>();
    const codes = await rowsOf<{ code: string }>(
      this.deps.db,
      sql`SELECT DISTINCT m.code FROM payment_providers p JOIN merchants m ON m.id = p.merchant_id
          WHERE p.enabled ORDER BY m.code`,
    );
    for (const { code } of codes) {
      const merchant = await merchantOf(code);
      if (merchant !== null) reports.set(code, await this.run(merchant));
    }
    return reports;
  }
}
