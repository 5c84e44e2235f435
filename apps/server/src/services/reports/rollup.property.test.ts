import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { ALL_SETTLED, merchantIdOf, writeMovement, type TestMovement } from '../../test/reports.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { rollUpReports } from './rollup.js';

/**
 * Issue 30 item 10: the rollups say what a direct aggregation over the ledger says, for random
 * movements of two merchants in two currencies over a few days, whatever the batch size and however
 * often the job runs.
 */
const KINDS = ['deposit', 'bet', 'win', 'bet_rollback', 'bonus', 'bonus_release', 'withdrawal_paid'] as const;
const DAY0 = Date.UTC(2025, 0, 10);

/** The ledger's own figures, grouped as report_daily groups them (first deposits apart). */
const DIRECT = sql`
  SELECT t.merchant_id, to_char((t.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, t.kind AS metric,
         e.currency, coalesce(t.details->>'vendor', '') AS vendor, coalesce(r.game_code, '') AS game,
         count(*)::text AS count, sum(e.amount)::text AS amount
  FROM wallet_transfers t
  JOIN wallet_entries e ON e.transfer_id = t.id AND e.amount > 0
  LEFT JOIN seamless_rounds r ON r.vendor_id = t.details->>'vendor' AND r.round_id = t.details->>'round'
  GROUP BY 1, 2, 3, 4, 5, 6
  UNION ALL
  SELECT f.merchant_id, to_char((f.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD'), 'first_deposit', e.currency, '', '',
         count(*)::text, sum(e.amount)::text
  FROM (SELECT DISTINCT ON (merchant_id, customer_id) * FROM wallet_transfers WHERE kind = 'deposit'
        ORDER BY merchant_id, customer_id, id) f
  JOIN wallet_entries e ON e.transfer_id = f.id AND e.amount > 0
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6`;

const ROLLED = sql`
  SELECT merchant_id, to_char(day, 'YYYY-MM-DD') AS day, metric, currency, vendor, game,
         sum(count)::text AS count, sum(amount)::text AS amount
  FROM report_daily WHERE metric NOT IN ('registration', 'intervention')
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`;

describe.each(backends)('report rollups (%s)', (backend) => {
  const t = useTestApp(backend);
  let merchants: number[] = [];

  beforeAll(async () => {
    merchants = [await merchantIdOf(t.db, 'aurora'), await merchantIdOf(t.db, 'lotus')];
  });

  const movement = fc.record({
    merchant: fc.integer({ min: 0, max: 1 }),
    kind: fc.constantFrom(...KINDS),
    customerId: fc.integer({ min: 900_001, max: 900_004 }),
    currency: fc.constantFrom('PHP', 'VND'),
    amount: fc.bigInt({ min: 1n, max: 10n ** 12n }),
    day: fc.integer({ min: 0, max: 3 }),
    // Late in the day too: a movement at 23:59:59 UTC is that day's.
    second: fc.constantFrom(0, 43_200, 86_399),
    game: fc.constantFrom('slots-1', 'slots-2', '=cmd'),
    round: fc.integer({ min: 1, max: 6 }),
  });

  it('match a direct aggregation over the ledger, run in any batch size, any number of times', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(movement, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        async (movements, batch, runs) => {
          for (const m of movements) {
            const seamless = ['bet', 'win', 'bet_rollback'].includes(m.kind);
            const row: TestMovement = {
              merchantId: merchants[m.merchant] ?? 0,
              kind: m.kind,
              customerId: m.customerId,
              currency: m.currency,
              amount: m.amount,
              at: new Date(DAY0 + m.day * 86_400_000 + m.second * 1000),
              ...(seamless ? { vendor: 'demo', round: `r${m.round}-${m.game}`, game: m.game } : {}),
            };
            await writeMovement(t.db, row);
          }
          for (let run = 0; run < runs; run += 1) await rollUpReports(t.db, { horizon: ALL_SETTLED(), batch });
          expect(await rowsOf(t.db, ROLLED)).toEqual(await rowsOf(t.db, DIRECT));
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('stops at a younger row: a row that may not have committed is never skipped', async () => {
    const merchantId = merchants[0] ?? 0;
    const now = Date.now();
    const base = { merchantId, kind: 'deposit', customerId: 900_010, currency: 'PHP', amount: 5n };
    await rollUpReports(t.db, { horizon: ALL_SETTLED() });
    const old = await writeMovement(t.db, { ...base, at: new Date(now - 120_000) });
    await writeMovement(t.db, { ...base, at: new Date(now) });
    await writeMovement(t.db, { ...base, at: new Date(now - 120_000) });
    const first = await rollUpReports(t.db, { horizon: new Date(now - 60_000) });
    expect(first.rolledUp.wallet_transfers).toBe(1);
    const [mark] = await rowsOf<{ last_id: string }>(
      t.db,
      sql`SELECT last_id::text AS last_id FROM report_watermarks WHERE source = 'wallet_transfers'`,
    );
    expect(mark?.last_id).toBe(old);
    const later = await rollUpReports(t.db, { horizon: ALL_SETTLED() });
    expect(later.rolledUp.wallet_transfers).toBe(2);
    expect(await rowsOf(t.db, ROLLED)).toEqual(await rowsOf(t.db, DIRECT));
  });

  it('two runs at once add every row once', async () => {
    const merchantId = merchants[1] ?? 0;
    for (let i = 0; i < 20; i += 1)
      await writeMovement(t.db, {
        merchantId,
        kind: 'win',
        customerId: 900_020,
        currency: 'VND',
        amount: BigInt(i + 1),
        at: new Date(DAY0),
        vendor: 'demo',
        round: `c${i % 3}`,
        game: 'crash',
      });
    await Promise.all([
      rollUpReports(t.db, { horizon: ALL_SETTLED(), batch: 3 }),
      rollUpReports(t.db, { horizon: ALL_SETTLED(), batch: 7 }),
    ]);
    expect(await rowsOf(t.db, ROLLED)).toEqual(await rowsOf(t.db, DIRECT));
  });
});
