import { sql } from 'drizzle-orm';
import type { HistoryEntry, HistoryKind, HistoryPage } from '@wps/contract/cashier';
import { formatAmount } from '@wps/contract/amounts';
import type { Db } from '../../db/client.js';
import { rowsOf } from './sql.js';

export interface HistoryQuery {
  kind?: HistoryKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: string | undefined;
  pageSize: number;
}

/** Ledger transfer kinds as the member's history names them. */
const KIND_OF_TRANSFER: Readonly<Record<string, HistoryKind>> = {
  bet: 'bet',
  win: 'win',
  rollback: 'adjustment',
  adjustment: 'adjustment',
  bonus: 'bonus',
  bonus_forfeit: 'bonus',
  withdrawal_hold: 'withdrawal',
  withdrawal_return: 'withdrawal',
};

interface Row {
  id: string;
  kind: string;
  amount: string;
  currency: string;
  state: HistoryEntry['state'];
  reference: string;
  round: string | null;
  at_us: string;
  at: Date | string;
}

/**
 * The member's movements, newest first (issue 28 item 5): deposits from the payments (every state, so
 * a pending or failed one shows), everything else from the ledger, summed over the member's own
 * accounts so a bet shows what left the balance. Paged by time (`next` is microseconds since 1970).
 */
export async function memberHistory(
  db: Db,
  merchantId: number,
  customerId: number,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const transferKinds = Object.entries(KIND_OF_TRANSFER)
    .filter(([, kind]) => query.kind === undefined || kind === query.kind)
    .map(([transferKind]) => transferKind);
  const withDeposits = query.kind === undefined || query.kind === 'deposit';
  const from = query.from === undefined ? sql`TRUE` : sql`h.at >= ${query.from}::date`;
  const to = query.to === undefined ? sql`TRUE` : sql`h.at < ${query.to}::date + 1`;
  const before = query.before === undefined ? sql`TRUE` : sql`h.at_us < ${query.before}::bigint`;
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT * FROM (
          SELECT 't' || t.id AS id, t.kind, sum(e.amount)::text AS amount, min(e.currency) AS currency,
                 'success' AS state, t.reference, t.details->>'round' AS round, t.created_at AS at,
                 (extract(epoch FROM t.created_at) * 1000000)::bigint AS at_us
          FROM wallet_transfers t
          JOIN wallet_entries e ON e.transfer_id = t.id
          JOIN wallet_accounts a ON a.id = e.account_id AND a.customer_id = ${customerId}
                                AND a.kind IN ('member_cash', 'member_bonus')
          WHERE t.merchant_id = ${merchantId} AND t.customer_id = ${customerId}
            AND t.kind = ANY(${`{${transferKinds.join(',')}}`}::text[])
          GROUP BY t.id
          UNION ALL
          SELECT 'p' || p.id, 'deposit', p.amount::text, p.currency,
                 CASE WHEN p.state = 'success' THEN 'success'
                      WHEN p.state = 'pending' AND p.expires_at > now() THEN 'pending'
                      ELSE 'failed' END,
                 p.id, NULL, p.created_at, (extract(epoch FROM p.created_at) * 1000000)::bigint
          FROM payments p
          WHERE ${withDeposits} AND p.merchant_id = ${merchantId} AND p.customer_id = ${customerId}
        ) h
        WHERE ${from} AND ${to} AND ${before}
        ORDER BY h.at_us DESC, h.id DESC
        LIMIT ${query.pageSize + 1}`,
  );
  const page = rows.slice(0, query.pageSize);
  return {
    entries: page.map((row) => ({
      id: row.id,
      kind: row.kind === 'deposit' ? 'deposit' : (KIND_OF_TRANSFER[row.kind] ?? 'adjustment'),
      amount: formatAmount(BigInt(row.amount), row.currency),
      currency: row.currency,
      state: row.state,
      reference: row.reference,
      round: row.round,
      at: new Date(row.at).toISOString(),
    })),
    next: rows.length > query.pageSize ? (page.at(-1)?.at_us ?? null) : null,
  };
}
