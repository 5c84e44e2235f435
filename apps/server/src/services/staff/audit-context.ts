import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlRunner } from '../../db/raw.js';
import { appendStaffAudit, type StaffAuditRecord } from './audit-chain.js';

/**
 * A staff write in progress (issue 30 item 9): route() knows who asks and what, the service knows
 * the transaction and the state before and after. The service appends the audit row inside the
 * transaction that makes the change (`auditStaffChange`), so the change and its row commit or roll
 * back together; route() appends afterwards only for a write no service has recorded.
 */
export interface PendingStaffAudit {
  record: Omit<StaffAuditRecord, 'outcome' | 'errorCode' | 'before' | 'after'>;
  /**
   * The transaction a service appended the row in. A transaction rolled back takes its row with
   * it; a service that retries (a deadlock) appends again in the next attempt's transaction.
   */
  appendedIn: SqlRunner | null;
}

const pending = new AsyncLocalStorage<PendingStaffAudit>();

/** Runs a staff write with its audit record at hand for the services it calls. */
export function runStaffWrite<T>(write: PendingStaffAudit, run: () => Promise<T>): Promise<T> {
  return pending.run(write, run);
}

/** What a service reports of its change: the state before (null for a creation) and after. */
export interface StaffChange {
  before: unknown;
  after: unknown;
}

/**
 * Appends the running staff write's audit row in the caller's transaction — the one that makes the
 * change — with digests of the state before and after. Outside a staff write (a member's call, a
 * job) it does nothing.
 */
export async function auditStaffChange(tx: SqlRunner, change: StaffChange): Promise<void> {
  const write = pending.getStore();
  // One row per write: a second report in the same transaction (a service that records several
  // steps) adds nothing.
  if (write === undefined || write.appendedIn === tx) return;
  await appendStaffAudit(tx, {
    ...write.record,
    outcome: 'ok',
    errorCode: null,
    before: change.before ?? null,
    after: change.after ?? null,
  });
  write.appendedIn = tx;
}
