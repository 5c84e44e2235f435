import { sql } from 'drizzle-orm';
import { LIMIT_WINDOW_HOURS, type LimitMeasure, type MoneyLimitType } from '@wps/contract/trust';
import { rowsOf, type SqlRunner } from '../../db/raw.js';

const HOUR_MS = 60 * 60_000;

export interface Usage {
  used: bigint;
  /** The oldest movement counted (ms), or null when nothing is counted. */
  oldest: number | null;
}

export type UsageByType = Record<MoneyLimitType, Usage>;

type WindowName = keyof typeof LIMIT_WINDOW_HOURS;
const WINDOWS = Object.keys(LIMIT_WINDOW_HOURS) as WindowName[];

function since(now: number, window: WindowName): string {
  return new Date(now - LIMIT_WINDOW_HOURS[window] * HOUR_MS).toISOString();
}

type Row = Record<`${WindowName}_used` | `${WindowName}_oldest`, string | Date | null>;

function usageOf(row: Row | undefined, window: WindowName): Usage {
  const used = row?.[`${window}_used`];
  const oldest = row?.[`${window}_oldest`];
  return {
    used: typeof used === 'string' ? BigInt(used) : 0n,
    oldest: oldest === null || oldest === undefined ? null : new Date(oldest).getTime(),
  };
}

/**
 * Gross deposits in each window: paid ones and those that may still be paid (pending, not expired).
 * A pending deposit holds its room, so the limit is reserved before the provider is asked and given
 * back when the payment fails or expires.
 */
async function depositUsage(runner: SqlRunner, merchantId: number, customerId: number, now: number) {
  const nowText = new Date(now).toISOString();
  const [row] = await rowsOf<Row>(
    runner,
    sql`SELECT
          coalesce(sum(amount) FILTER (WHERE created_at > ${since(now, 'day')}::timestamptz), 0)::text AS day_used,
          min(created_at) FILTER (WHERE created_at > ${since(now, 'day')}::timestamptz) AS day_oldest,
          coalesce(sum(amount) FILTER (WHERE created_at > ${since(now, 'week')}::timestamptz), 0)::text AS week_used,
          min(created_at) FILTER (WHERE created_at > ${since(now, 'week')}::timestamptz) AS week_oldest,
          coalesce(sum(amount), 0)::text AS month_used,
          min(created_at) AS month_oldest
        FROM payments
        WHERE merchant_id = ${merchantId} AND customer_id = ${customerId}
          AND created_at > ${since(now, 'month')}::timestamptz
          AND (state = 'success' OR (state = 'pending' AND expires_at > ${nowText}::timestamptz))`,
  );
  return row;
}

/**
 * Stakes (wager) and stakes less wins (net loss, never below 0) of the rounds opened in each window;
 * a cancelled round (its bet rolled back) counts for nothing.
 */
async function playUsage(runner: SqlRunner, merchantId: number, customerId: number, now: number) {
  const windows = WINDOWS.map(
    (window) => sql`
      coalesce(sum(staked) FILTER (WHERE created_at > ${since(now, window)}::timestamptz), 0)::text AS ${sql.raw(`wager_${window}`)},
      greatest(coalesce(sum(staked - won) FILTER (WHERE created_at > ${since(now, window)}::timestamptz), 0), 0)::text AS ${sql.raw(`loss_${window}`)},
      min(created_at) FILTER (WHERE created_at > ${since(now, window)}::timestamptz) AS ${sql.raw(`oldest_${window}`)}`,
  );
  const [row] = await rowsOf<Record<string, string | Date | null>>(
    runner,
    sql`SELECT ${sql.join(windows, sql`,`)}
        FROM seamless_rounds
        WHERE merchant_id = ${merchantId} AND customer_id = ${customerId} AND status <> 'cancelled'
          AND created_at > ${since(now, 'month')}::timestamptz`,
  );
  const pick = (measure: 'wager' | 'loss', window: WindowName): Row =>
    ({
      [`${window}_used`]: row?.[`${measure}_${window}`] ?? null,
      [`${window}_oldest`]: row?.[`oldest_${window}`] ?? null,
    }) as Row;
  return { pick };
}

/** What counts against each money limit type at `now` (only the measures asked for are read). */
export async function usageAt(
  runner: SqlRunner,
  merchantId: number,
  customerId: number,
  now: number,
  measures: ReadonlySet<LimitMeasure>,
): Promise<Partial<UsageByType>> {
  const usage: Partial<UsageByType> = {};
  if (measures.has('deposit')) {
    const row = await depositUsage(runner, merchantId, customerId, now);
    for (const window of WINDOWS) usage[`deposit_${window}`] = usageOf(row, window);
  }
  if (measures.has('wager') || measures.has('loss')) {
    const { pick } = await playUsage(runner, merchantId, customerId, now);
    for (const window of WINDOWS) {
      usage[`wager_${window}`] = usageOf(pick('wager', window), window);
      usage[`loss_${window}`] = usageOf(pick('loss', window), window);
    }
  }
  return usage;
}

/** When what is used first goes down: the oldest counted movement leaves the window. */
export function resetsAt(type: MoneyLimitType, usage: Usage): number | null {
  if (usage.oldest === null || usage.used === 0n) return null;
  const window = type.slice(type.indexOf('_') + 1) as WindowName;
  return usage.oldest + LIMIT_WINDOW_HOURS[window] * HOUR_MS;
}
