import { sql } from 'drizzle-orm';
import type { CashierSearchHit } from '@wps/contract/cashier';
import { formatAmount } from '@wps/contract/amounts';
import type { Db } from '../../db/client.js';
import { rowsOf } from './sql.js';

interface HitRow {
  type: 'deposit' | 'withdrawal';
  id: string;
  provider_ref: string | null;
  customer_id: number;
  username: string;
  amount: string;
  currency: string;
  state: string;
  provider: string;
  created_at: Date | string;
}

/**
 * Payments and payouts by reference (issue 30 item 8): our id or the provider's reference, exactly
 * (both are unique keys, so a staff member pasting one from a provider's statement finds the one
 * movement), within the staff member's merchant only.
 */
export async function searchByReference(
  db: Db,
  merchantId: number,
  ref: string,
): Promise<CashierSearchHit[]> {
  const found = await rowsOf<HitRow>(
    db,
    sql`SELECT 'deposit' AS type, p.id, p.provider_ref, p.customer_id, c.username, p.amount::text AS amount,
               p.currency, p.state, p.provider, p.created_at
        FROM payments p JOIN customers c ON c.id = p.customer_id
        WHERE p.merchant_id = ${merchantId} AND (p.id = ${ref} OR p.provider_ref = ${ref})
        UNION ALL
        SELECT 'withdrawal' AS type, w.id, w.provider_ref, w.customer_id, c.username, w.amount::text AS amount,
               w.currency, w.state, w.provider, w.created_at
        FROM withdrawals w JOIN customers c ON c.id = w.customer_id
        WHERE w.merchant_id = ${merchantId} AND (w.id = ${ref} OR w.provider_ref = ${ref})
        ORDER BY created_at DESC
        LIMIT 20`,
  );
  return found.map((row) => ({
    type: row.type,
    id: row.id,
    providerRef: row.provider_ref,
    customerId: row.customer_id,
    username: row.username,
    amount: formatAmount(BigInt(row.amount), row.currency),
    currency: row.currency,
    state: row.state,
    provider: row.provider,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
