import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, type SqlRunner } from '../../db/raw.js';

/**
 * The reports' rollup job (issue 30 item 10, docs/decisions/reports-rollups.md). Each source table is
 * read forward from its watermark (the last id rolled up); the sums are added to `report_daily` and
 * the watermark moved in one transaction, so a run that fails adds nothing and a repeated run adds
 * nothing twice. Instances running it at once queue on the watermark's row (FOR UPDATE): the second
 * reads the first's new watermark and goes on from there.
 *
 * Ids are handed out before commit, so a lower id can commit after a higher one. A run only reads the
 * leading ids whose rows are older than the horizon (now less SETTLE_MS): a write that started before
 * the horizon has committed by then (money transactions are short), and one that started after stops
 * the run before it. The bet path does no extra work.
 */

/** How long a row must be old before it is rolled up (longer than any money transaction lasts). */
export const SETTLE_MS = 60_000;
/** Source rows per transaction: a run loops until it catches up. */
export const ROLLUP_BATCH = 50_000;

export type RollupSource = 'wallet_transfers' | 'customers' | 'trust_audit';

/** The campaign of a member's click ids, as services/tracking/report.ts campaignOf says it. */
const CAMPAIGN = sql.raw(`CASE
  WHEN c.pixel_track IS NULL THEN ''
  WHEN coalesce(c.pixel_track->>'utm_source', '') <> '' THEN c.pixel_track->>'utm_source'
  WHEN coalesce(c.pixel_track->>'fbc', '') <> '' THEN 'meta'
  WHEN coalesce(c.pixel_track->>'gtag', '') <> '' THEN 'google'
  WHEN coalesce(c.pixel_track->>'tiktok', '') <> '' THEN 'tiktok'
  WHEN coalesce(c.pixel_track->>'kwaiClickId', '') <> '' OR coalesce(c.pixel_track->>'kwaiPixelId', '') <> '' THEN 'kwai'
  WHEN coalesce(c.pixel_track->>'twitter', '') <> '' THEN 'twitter'
  WHEN coalesce(c.pixel_track->>'voluum', '') <> '' THEN 'voluum'
  ELSE '' END`);

const UPSERT = sql.raw(`ON CONFLICT ON CONSTRAINT report_daily_pk DO UPDATE
  SET count = report_daily.count + excluded.count, amount = report_daily.amount + excluded.amount`);

/** The facts of the source's rows with id in (after, upto], as rows to add to report_daily. */
function factsOf(source: RollupSource, after: string, upto: string): SQL {
  if (source === 'customers')
    return sql`SELECT c.merchant_id, (c.created_at AT TIME ZONE 'UTC')::date AS day, 'registration' AS metric,
                 '' AS currency, '' AS vendor, '' AS game, coalesce(c.affiliate_code, '') AS affiliate,
                 ${CAMPAIGN} AS campaign, 0::bigint AS amount
               FROM customers c WHERE c.id > ${after}::bigint AND c.id <= ${upto}::bigint`;
  if (source === 'trust_audit')
    return sql`SELECT a.merchant_id, (a.at AT TIME ZONE 'UTC')::date AS day, 'intervention' AS metric,
                 '' AS currency, a.action AS vendor, a.actor AS game, '' AS affiliate, '' AS campaign,
                 0::bigint AS amount
               FROM trust_audit a WHERE a.id > ${after}::bigint AND a.id <= ${upto}::bigint`;
  // A transfer's amount is what it moved: the sum of its credit legs (all in one currency).
  return sql`WITH batch AS (
               SELECT t.id, t.merchant_id, t.kind, t.customer_id, t.details,
                      (t.created_at AT TIME ZONE 'UTC')::date AS day
               FROM wallet_transfers t WHERE t.id > ${after}::bigint AND t.id <= ${upto}::bigint
             ), moved AS (
               SELECT b.id, min(e.currency) AS currency, coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0) AS amount
               FROM batch b JOIN wallet_entries e ON e.transfer_id = b.id GROUP BY b.id
             )
             SELECT b.merchant_id, b.day, b.kind AS metric, m.currency, coalesce(b.details->>'vendor', '') AS vendor,
                    coalesce(r.game_code, '') AS game, '' AS affiliate, '' AS campaign, m.amount
             FROM batch b JOIN moved m ON m.id = b.id
             LEFT JOIN seamless_rounds r ON r.vendor_id = b.details->>'vendor' AND r.round_id = b.details->>'round'
             UNION ALL
             SELECT b.merchant_id, b.day, 'first_deposit', m.currency, '', '', coalesce(c.affiliate_code, ''),
                    ${CAMPAIGN}, m.amount
             FROM batch b JOIN moved m ON m.id = b.id
             LEFT JOIN customers c ON c.id = b.customer_id AND c.merchant_id = b.merchant_id
             WHERE b.kind = 'deposit' AND NOT EXISTS (
               SELECT 1 FROM wallet_transfers p
               WHERE p.merchant_id = b.merchant_id AND p.customer_id = b.customer_id AND p.kind = 'deposit' AND p.id < b.id)`;
}

const TIME_COLUMN: Record<RollupSource, string> = {
  wallet_transfers: 'created_at',
  customers: 'created_at',
  trust_audit: 'at',
};

/** One batch of one source; the number of source rows rolled up (0: caught up). */
async function rollUpBatch(runner: SqlRunner, source: RollupSource, horizon: Date, batch: number) {
  const [mark] = await rowsOf<{ last_id: string }>(
    runner,
    sql`SELECT last_id::text AS last_id FROM report_watermarks WHERE source = ${source} FOR UPDATE`,
  );
  const after = mark?.last_id ?? '0';
  const table = sql.raw(source);
  const time = sql.raw(TIME_COLUMN[source]);
  // The next `batch` ids, cut at the first row younger than the horizon (maybe not committed yet).
  const [range] = await rowsOf<{ upto: string; rows: number }>(
    runner,
    sql`WITH next AS (
          SELECT id, ${time} >= ${horizon.toISOString()}::timestamptz AS young
          FROM ${table} WHERE id > ${after}::bigint ORDER BY id LIMIT ${batch}
        ), cut AS (SELECT min(id) AS id FROM next WHERE young)
        SELECT coalesce(max(id), ${after}::bigint)::text AS upto, count(*)::int AS rows
        FROM next WHERE id < coalesce((SELECT id FROM cut), 9223372036854775807)`,
  );
  const upto = range?.upto ?? after;
  const rows = range?.rows ?? 0;
  if (rows === 0) return 0;
  await runner.execute(
    sql`INSERT INTO report_daily (merchant_id, day, metric, currency, vendor, game, affiliate, campaign, count, amount)
        SELECT merchant_id, day, metric, currency, vendor, game, affiliate, campaign, count(*), sum(amount)
        FROM (${factsOf(source, after, upto)}) f
        GROUP BY merchant_id, day, metric, currency, vendor, game, affiliate, campaign
        ${UPSERT}`,
  );
  await runner.execute(
    sql`UPDATE report_watermarks SET last_id = ${upto}::bigint WHERE source = ${source}`,
  );
  return rows;
}

export interface RollupOutcome {
  /** Source rows rolled up, per source. */
  rolledUp: Record<RollupSource, number>;
}

/** Rolls every source up to the horizon (default: now less SETTLE_MS), a batch per transaction. */
export async function rollUpReports(
  db: Db,
  options: { horizon?: Date; batch?: number; now?: () => number } = {},
): Promise<RollupOutcome> {
  const horizon = options.horizon ?? new Date((options.now ?? Date.now)() - SETTLE_MS);
  const batch = options.batch ?? ROLLUP_BATCH;
  const rolledUp: Record<RollupSource, number> = { wallet_transfers: 0, customers: 0, trust_audit: 0 };
  for (const source of Object.keys(rolledUp) as RollupSource[]) {
    for (;;) {
      const rows = await db.transaction((tx) => rollUpBatch(tx, source, horizon, batch));
      rolledUp[source] += rows;
      if (rows < batch) break;
    }
  }
  return { rolledUp };
}
