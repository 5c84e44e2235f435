import { sql, type SQL } from 'drizzle-orm';
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
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${transactionLockKey(vendorId, transactionId)}, 0))`,
  );
}

/**
 * The text of that lock. A bet's ledger write takes it as its key's lock (`MoneyWrite.lockKey`): every
 * write of one (merchant, `vendor:<id>`, transaction id) takes it, so it serialises them as well.
 */
export function transactionLockKey(vendorId: string, transactionId: string): string {
  return JSON.stringify(['seamless-tx', vendorId, transactionId]);
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
  await runner.execute(insertTransactionSql(row, sql`${row.transferId?.toString() ?? null}::bigint`));
}

/** The insert of a transaction row, its transfer id an SQL expression (see `TransferInput.alongside`). */
export function insertTransactionSql(row: Omit<NewTransaction, 'transferId'>, transferId: SQL): SQL {
  return sql`INSERT INTO seamless_transactions (vendor_id, transaction_id, merchant_id, customer_id, kind, round_id,
          reference_transaction_id, tombstone, amount, currency, transfer_id)
        VALUES (${row.vendorId}, ${row.transactionId}, ${row.merchantId}, ${row.customerId}, ${row.kind},
          ${row.roundId}, ${row.referenceTransactionId ?? null}, ${row.tombstone ?? false},
          ${row.amount.toString()}::bigint, ${row.currency}, ${transferId})`;
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

/** What a bet finds in one statement, once its transaction id is locked. */
export interface BetProbe {
  /** A rollback (a tombstone or a real one) already names the bet's transaction id. */
  rolledBack: boolean;
  /** The transaction id is already used (by any call of this vendor). */
  used: boolean;
  /** The round, opened by this bet or before, locked until the commit. */
  round: RoundRow;
  /** The member has an active bonus grant in the currency: only then is the wager counted. */
  bonusActive: boolean;
}

/**
 * A bet's reads and its round in one round trip: the tombstone and duplicate checks, the round
 * opened (or found) and locked, and whether any bonus turnover runs. Taken after
 * the id's lock (a statement of its own), so it sees what committed before. A refusal the caller then
 * throws rolls the round's change back with the rest.
 */
export async function probeBet(runner: SqlRunner, round: NewRound, transactionId: string) {
  const [row] = await rowsOf<{
    used: boolean;
    rolled_back: boolean;
    bonus_active: boolean;
    id: string;
    merchant_id: number;
    customer_id: number;
    currency: string;
    status: SeamlessRoundStatus;
    wins: number;
  }>(
    runner,
    sql`WITH opened AS (
          INSERT INTO seamless_rounds (vendor_id, round_id, merchant_id, customer_id, currency, game_code, created_at, staked)
          VALUES (${round.vendorId}, ${round.roundId}, ${round.merchantId}, ${round.customerId},
            ${round.currency}, ${round.gameCode}, ${new Date(round.openedAt).toISOString()}::timestamptz, 0)
          -- Set to itself: the row is locked and returned. The stake is added with the transfer, after
          -- the wager and loss limits have counted the member's rounds without it.
          ON CONFLICT (vendor_id, round_id) DO UPDATE SET staked = seamless_rounds.staked
          RETURNING id, merchant_id, customer_id, currency, status, wins
        )
        SELECT EXISTS (SELECT 1 FROM seamless_transactions
                        WHERE vendor_id = ${round.vendorId} AND transaction_id = ${transactionId}) AS used,
               EXISTS (SELECT 1 FROM seamless_transactions
                        WHERE vendor_id = ${round.vendorId} AND reference_transaction_id = ${transactionId}
                          AND kind = 'rollback') AS rolled_back,
               EXISTS (SELECT 1 FROM bonus_grants
                        WHERE merchant_id = ${round.merchantId} AND customer_id = ${round.customerId}
                          AND currency = ${round.currency} AND state = 'active') AS bonus_active,
               opened.id::text AS id, opened.merchant_id, opened.customer_id, opened.currency, opened.status, opened.wins
        FROM opened`,
  );
  if (row === undefined) throw new Error('seamless round vanished while it was being opened');
  return {
    used: row.used,
    rolledBack: row.rolled_back,
    bonusActive: row.bonus_active,
    round: {
      id: BigInt(row.id),
      merchantId: row.merchant_id,
      customerId: row.customer_id,
      currency: row.currency,
      status: row.status,
      wins: row.wins,
    },
  } satisfies BetProbe;
}

/** A round's change as a statement (see `TransferInput.alongside`). */
export function updateRoundSql(id: bigint, change: RoundChange): SQL {
  const status = change.status ?? null;
  return sql`UPDATE seamless_rounds SET
          staked = staked + ${(change.staked ?? 0n).toString()}::bigint,
          won = won + ${(change.won ?? 0n).toString()}::bigint,
          wins = wins + ${change.wins ?? 0},
          status = coalesce(${status}::text, status),
          closed_at = CASE WHEN ${status}::text IS NULL OR ${status}::text = 'open' THEN closed_at
                           ELSE coalesce(closed_at, now()) END
        WHERE id = ${id.toString()}::bigint`;
}

export interface RoundChange {
  staked?: bigint;
  won?: bigint;
  wins?: number;
  status?: SeamlessRoundStatus;
}

export async function updateRound(runner: SqlRunner, id: bigint, change: RoundChange): Promise<void> {
  await runner.execute(updateRoundSql(id, change));
}
