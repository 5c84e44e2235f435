import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf, type SqlRunner } from '../db/raw.js';

/**
 * Ledger rows written straight into the tables for the reports' tests (the ledger's own checks
 * still hold: every transfer balances, nothing is updated). Two merchant accounts per merchant and
 * currency (house buckets 900 and 901) are the two sides of every movement.
 */
export interface TestMovement {
  merchantId: number;
  kind: string;
  customerId: number;
  currency: string;
  amount: bigint;
  at: Date;
  vendor?: string;
  round?: string;
  game?: string;
}

async function accountOf(
  db: SqlRunner,
  merchantId: number,
  currency: string,
  bucket: number,
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO wallet_accounts (merchant_id, currency, kind, customer_id, bucket)
        VALUES (${merchantId}, ${currency}, 'house', 0, ${bucket})
        ON CONFLICT (merchant_id, kind, currency, customer_id, bucket) DO UPDATE SET bucket = excluded.bucket
        RETURNING id::text AS id`,
  );
  if (row === undefined) throw new Error('no account');
  return row.id;
}

/** Writes the movement as one balanced transfer (and its seamless round, for a vendor's); its id. */
export async function writeMovement(db: Db, movement: TestMovement): Promise<string> {
  return db.transaction(async (tx) => {
    const from = await accountOf(tx, movement.merchantId, movement.currency, 900);
    const to = await accountOf(tx, movement.merchantId, movement.currency, 901);
    const details =
      movement.vendor === undefined ? {} : { vendor: movement.vendor, round: movement.round ?? '' };
    if (movement.vendor !== undefined && movement.round !== undefined)
      await tx.execute(
        sql`INSERT INTO seamless_rounds (vendor_id, round_id, merchant_id, customer_id, currency, game_code)
            VALUES (${movement.vendor}, ${movement.round}, ${movement.merchantId}, ${movement.customerId},
                    ${movement.currency}, ${movement.game ?? ''})
            ON CONFLICT (vendor_id, round_id) DO NOTHING`,
      );
    const [transfer] = await rowsOf<{ id: string }>(
      tx,
      sql`INSERT INTO wallet_transfers (merchant_id, kind, customer_id, details, created_at)
          VALUES (${movement.merchantId}, ${movement.kind}, ${movement.customerId}, ${JSON.stringify(details)}::jsonb,
                  ${movement.at.toISOString()}::timestamptz)
          RETURNING id::text AS id`,
    );
    const id = transfer?.id ?? '0';
    await tx.execute(
      sql`INSERT INTO wallet_entries (transfer_id, account_id, currency, amount, balance_after) VALUES
          (${id}::bigint, ${from}::bigint, ${movement.currency}, ${(-movement.amount).toString()}::bigint, 0),
          (${id}::bigint, ${to}::bigint, ${movement.currency}, ${movement.amount.toString()}::bigint, 0)`,
    );
    return id;
  });
}

export async function merchantIdOf(db: Db, code: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM merchants WHERE code = ${code}`);
  if (row === undefined) throw new Error(`no merchant ${code}`);
  return row.id;
}

/** Far enough ahead that every row written so far is rolled up. */
export const ALL_SETTLED = (): Date => new Date(Date.now() + 365 * 86_400_000);
