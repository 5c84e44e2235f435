import { sql } from 'drizzle-orm';
import type { SeamlessRoundStatus, SeamlessTransactionKind } from '../../../db/schema/index.js';
import { rowsOf, type SqlRunner } from '../sql.js';

/**
 * The seamless wallet's rows (db/schema/seamless.ts), read and written on a money transaction's own
 * connection (`MoneyTx.runner`), so they commit or roll back with the ledger's entries.
 */

export interface RoundRow {
  id: bigint;
  merchantId: number;
  customerId: number;
  currency: string;
  status: SeamlessRoundStatus;
  wins: number;
}

export interface TransactionRow {
  kind: SeamlessTransactionKind;
  merchantId: number;
  customerId: number;
  roundId: string;
  amount: bigint;
  currency: string;
  transferId: bigint | null;
}

export interface NewTransaction {
  vendorId: string;
  transactionId: string;
  merchantId: number;
  customerId: number;
  kind: SeamlessTransactionKind;
  roundId: string;
  referenceTransactionId?: string;
  tombstone?: boolean;
  amount: bigint;
  currency: string;
  transferId: bigint | null;
}

/**
 * Serialises everything about one vendor transaction id until the commit: a bet and a rollback that
 * names it (sent under another id) cannot both miss each other, so the late bet sees the tombstone.
 */
export async function lockTransactionId(runner: SqlRunner, vendorId: string, transactionId: string) {
  await runner.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${JSON.stringify(['seamless-tx', vendorId, transactionId])}, 0))`,
  );
}

export async function findTransaction(
  runner: SqlRunner,
  vendorId: string,
  transactionId: string,
): Promise<TransactionRow | undefined> {
  const [row] = await rowsOf<{
    kind: SeamlessTransactionKind;
    merchant_id: number;
    customer_id: number;
    round_id: string;
    amount: string;
    currency: string;
    transfer_id: string | null;
  }>(
    runner,
    sql`SELECT kind, merchant_id, customer_id, round_id, amount::text AS amount, currency,
               transfer_id::text AS transfer_id
        FROM seamless_transactions WHERE vendor_id = ${vendorId} AND transaction_id = ${transactionId}`,
  );
  if (row === undefined) return undefined;
  return {
    kind: row.kind,
    merchantId: row.merchant_id,
    customerId: row.customer_id,
    roundId: row.round_id,
    amount: BigInt(row.amount),
    currency: row.currency,
    transferId: row.transfer_id === null ? null : BigInt(row.transfer_id),
  };
}

/** Whether a rollback (a tombstone or a real one) already names this transaction id. */
export async function rolledBack(
  runner: SqlRunner,
  vendorId: string,
  transactionId: string,
): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    runner,
    sql`SELECT 1 AS one FROM seamless_transactions
        WHERE vendor_id = ${vendorId} AND reference_transaction_id = ${transactionId} AND kind = 'rollback'
        LIMIT 1`,
  );
  return rows.length > 0;
}

export async function insertTransaction(runner: SqlRunner, row: NewTransaction): Promise<void> {
  await runner.execute(
    sql`INSERT INTO seamless_transactions (vendor_id, transaction_id, merchant_id, customer_id, kind, round_id,
          reference_transaction_id, tombstone, amount, currency, transfer_id)
        VALUES (${row.vendorId}, ${row.transactionId}, ${row.merchantId}, ${row.customerId}, ${row.kind},
          ${row.roundId}, ${row.referenceTransactionId ?? null}, ${row.tombstone ?? false},
          ${row.amount.toString()}::bigint, ${row.currency}, ${row.transferId?.toString() ?? null}::bigint)`,
  );
}

/** The round, locked until the commit; undefined when the vendor never opened it. */
export async function lockRound(
  runner: SqlRunner,
  vendorId: string,
  roundId: string,
): Promise<RoundRow | undefined> {
  const [row] = await rowsOf<{
    id: string;
    merchant_id: number;
    customer_id: number;
    currency: string;
    status: SeamlessRoundStatus;
    wins: number;
  }>(
    runner,
    sql`SELECT id::text AS id, merchant_id, customer_id, currency, status, wins FROM seamless_rounds
        WHERE vendor_id = ${vendorId} AND round_id = ${roundId} FOR UPDATE`,
  );
  if (row === undefined) return undefined;
  return {
    id: BigInt(row.id),
    merchantId: row.merchant_id,
    customerId: row.customer_id,
    currency: row.currency,
    status: row.status,
    wins: row.wins,
  };
}

export interface NewRound {
  vendorId: string;
  roundId: string;
  merchantId: number;
  customerId: number;
  currency: string;
  gameCode: string;
  /** When the first bet came, on the app's clock (ms). */
  openedAt: number;
}

/** The round a bet plays in: opened by its first bet, locked until the commit. */
export async function openRound(runner: SqlRunner, round: NewRound): Promise<RoundRow> {
  await runner.execute(
    sql`INSERT INTO seamless_rounds (vendor_id, round_id, merchant_id, customer_id, currency, game_code, created_at)
        VALUES (${round.vendorId}, ${round.roundId}, ${round.merchantId}, ${round.customerId},
          ${round.currency}, ${round.gameCode}, ${new Date(round.openedAt).toISOString()}::timestamptz)
        ON CONFLICT (vendor_id, round_id) DO NOTHING`,
  );
  const row = await lockRound(runner, round.vendorId, round.roundId);
  if (row === undefined) throw new Error('seamless round vanished while it was being opened');
  return row;
}

export interface RoundChange {
  staked?: bigint;
  won?: bigint;
  wins?: number;
  status?: SeamlessRoundStatus;
}

export async function updateRound(runner: SqlRunner, id: bigint, change: RoundChange): Promise<void> {
  const status = change.status ?? null;
  await runner.execute(
    sql`UPDATE seamless_rounds SET
          staked = staked + ${(change.staked ?? 0n).toString()}::bigint,
          won = won + ${(change.won ?? 0n).toString()}::bigint,
          wins = wins + ${change.wins ?? 0},
          status = coalesce(${status}::text, status),
          closed_at = CASE WHEN ${status}::text IS NULL OR ${status}::text = 'open' THEN closed_at
                           ELSE coalesce(closed_at, now()) END
        WHERE id = ${id.toString()}::bigint`,
  );
}
