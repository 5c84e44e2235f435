// The reports' speed over 10 million ledger entries (issue 30 item 10): a throwaway PostgreSQL
// database (BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin URL) is migrated and seeded as a server
// start does, then filled with generated ledger rows in SQL (generate_series: 5 million balanced
// transfers of two entries each over 365 days, two merchants, 20 vendors × 50 games), rolled up by the
// server's own rollup job, and every report is asked `runs` times over a whole year through the
// server's own report code. Prints the rollup's time and p50/p95 per report; the goal is p95 ≤ 2 s.
// The database is dropped afterwards. Never fails on a time.
//
//   npm run bench:reports [-- transfers=5000000 runs=20]
//
// Run with tsx (the npm script does): the server's modules are imported from their TypeScript, and
// they import `@wps/contract/<module>` from packages/contract/dist, which the npm script builds first.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.split('=');
    return [name ?? '', Number(value)];
  }),
);
const TRANSFERS = args.get('transfers') ?? 5_000_000;
const RUNS = args.get('runs') ?? 20;
const ROUNDS = 500_000;

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL admin URL.');
  process.exit(1);
}

const { sql } = await import('drizzle-orm');
const { openPreparedDatabase, merchantIdOf } = await import('../apps/server/src/test/ledger-process.js');
const { rollUpReports } = await import('../apps/server/src/services/reports/rollup.js');
const { runReport } = await import('../apps/server/src/services/reports/query.js');

const name = `bench_reports_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let database;
try {
  database = await openPreparedDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const { db } = database;
  const aurora = await merchantIdOf(db, 'aurora');
  const lotus = await merchantIdOf(db, 'lotus');

  // Generation only: the ledger's triggers (balanced transfers, no update) would check 10 million rows
  // one by one; every generated transfer balances by construction.
  const fill = new pg.Client({ connectionString: url.toString() });
  await fill.connect();
  let started = performance.now();
  await fill.query(`SET session_replication_role = replica`);
  await fill.query(`
    INSERT INTO wallet_accounts (merchant_id, currency, kind, customer_id, bucket)
    VALUES (${aurora}, 'PHP', 'house', 0, 900), (${aurora}, 'PHP', 'house', 0, 901),
           (${lotus}, 'VND', 'house', 0, 900), (${lotus}, 'VND', 'house', 0, 901)
    ON CONFLICT DO NOTHING`);
  await fill.query(`
    INSERT INTO seamless_rounds (vendor_id, round_id, merchant_id, customer_id, currency, game_code, status)
    SELECT 'v' || (r % 20), 'r' || r, CASE WHEN r % 10 < 7 THEN ${aurora} ELSE ${lotus} END, 1 + r % 100000,
           CASE WHEN r % 10 < 7 THEN 'PHP' ELSE 'VND' END, 'g' || ((r / 20) % 50), 'closed'
    FROM generate_series(0, ${ROUNDS - 1}) r`);
  const [{ base }] = (await fill.query(`SELECT coalesce(max(id), 0)::bigint AS base FROM wallet_transfers`))
    .rows;
  // Aurora has 70 % of the transfers, lotus the rest (its rows are the other merchant's, never read).
  // A round (i / 20) has its vendor and game, independent of the kind, the merchant and the day, so
  // that every day has rows of nearly every vendor and game: the rollups' worst case.
  // i % 20: 9 bets, 6 wins, a rollback, a deposit, a paid withdrawal, a bonus, a bonus released.
  await fill.query(`
    INSERT INTO wallet_transfers (id, merchant_id, kind, customer_id, details, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${base} + i,
           CASE WHEN (i / 7) % 10 < 7 THEN ${aurora} ELSE ${lotus} END,
           (ARRAY['bet','bet','bet','bet','bet','bet','bet','bet','bet','win','win','win','win','win','win',
                  'bet_rollback','deposit','withdrawal_paid','bonus','bonus_release'])[1 + i % 20],
           1 + (i / 20) % 100000,
           CASE WHEN i % 20 < 16
             THEN jsonb_build_object('vendor', 'v' || ((i / 20) % 500000 % 20), 'round', 'r' || ((i / 20) % 500000))
             ELSE '{}'::jsonb END,
           now() - interval '1 hour' - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
    FROM generate_series(1, ${TRANSFERS}) i`);
  await fill.query(`SELECT setval(pg_get_serial_sequence('wallet_transfers', 'id'), ${base} + ${TRANSFERS})`);
  await fill.query(`
    INSERT INTO wallet_entries (transfer_id, account_id, currency, amount, balance_after)
    SELECT t.id, a.id, a.currency, CASE WHEN a.bucket = 900 THEN -1 ELSE 1 END * (100 + (t.id * 7919) % 100000), 0
    FROM wallet_transfers t
    JOIN wallet_accounts a ON a.merchant_id = t.merchant_id AND a.kind = 'house' AND a.bucket IN (900, 901)
    WHERE t.id > ${base}`);
  await fill.query(`ANALYZE`);
  const [{ entries }] = (await fill.query(`SELECT count(*)::bigint AS entries FROM wallet_entries`)).rows;
  await fill.end();
  console.log(
    `generated ${TRANSFERS} transfers, ${entries} ledger entries in ${seconds(performance.now() - started)}`,
  );

  started = performance.now();
  const { rolledUp } = await rollUpReports(db, { horizon: new Date(Date.now() + 86_400_000) });
  const [{ rows }] = await database.db
    .execute(sql`SELECT count(*)::int AS rows FROM report_daily`)
    .then((result) => result.rows);
  console.log(
    `rolled up ${rolledUp.wallet_transfers} transfers into ${rows} rollup rows in ${seconds(performance.now() - started)}`,
  );

  const day = (offset) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const range = { from: day(365), to: day(0) };
  const cases = [
    ['gaming', 'game'],
    ['gaming', 'vendor'],
    ['gaming', 'day'],
    ['gaming', 'total'],
    ['deposits', 'day'],
    ['bonus', 'day'],
    ['registrations', 'affiliate'],
    ['conversion', 'campaign'],
    ['interventions', 'action'],
  ];
  console.log(`\nreport over ${range.from} … ${range.to} (366 days), ${RUNS} runs each`);
  console.log('report         group       rows     p50 ms   p95 ms');
  let worst = 0;
  for (const [report, group] of cases) {
    const times = [];
    let answered = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const at = performance.now();
      const view = await runReport(db, aurora, { report, group, ...range });
      times.push(performance.now() - at);
      answered = view.rows.length;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    console.log(
      `${report.padEnd(14)} ${group.padEnd(10)} ${String(answered).padStart(6)} ${percentile(times, 50).toFixed(1).padStart(10)} ${p95.toFixed(1).padStart(8)}`,
    );
  }
  console.log(`\nworst p95: ${worst.toFixed(1)} ms (goal ≤ 2000 ms)`);
} finally {
  await database?.close?.();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
