import { sql } from 'drizzle-orm';
import type { AccountKind } from '../../db/schema/wallet.js';
import { rowsOf, type SqlRunner } from './sql.js';

/** The cached balances of one member's accounts in a currency, minor units; 0 for an account not opened. */
export async function memberBalances(
  runner: SqlRunner,
  merchantId: number,
  customerId: number,
  currency: string,
): Promise<(kind: AccountKind) => bigint> {
  const rows = await rowsOf<{ kind: AccountKind; balance: string }>(
    runner,
    sql`SELECT kind, balance::text AS balance FROM wallet_accounts
        WHERE merchant_id = ${merchantId} AND customer_id = ${customerId} AND currency = ${currency}`,
  );
  return (kind) => BigInt(rows.find((row) => row.kind === kind)?.balance ?? '0');
}
