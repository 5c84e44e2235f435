// The ledger's throughput (issue 28): money writes of one transfer each (a bet: member cash → a house
// bucket, answering the balance), `concurrency` at a time, against the Ledger service directly (no
// HTTP), with 1,000 funded members picked at random and with 10 hot members. PGlite in a temporary
// data directory on disk, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server
// (an admin URL: the bench creates its own database and drops it). Each case runs `rounds` times and
// the median is printed (the machine may be shared). Prints figures; never fails on a time.
//
//   npm run bench:ledger [-- writesPg=6000 writesPglite=2000 rounds=3 concurrency=10]
//
// Goals (issue 28): PostgreSQL ≥ 2,500/s at p99 ≤ 20 ms, hot ≥ 1,200/s; PGlite ≥ 400/s.
// The server's modules import `@wps/contract/<module>`, which Node resolves to packages/contract/dist:
// the contract is built first.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const build = spawnSync('npm', ['run', 'build', '-w', 'packages/contract'], { stdio: 'ignore' });
if (build.status !== 0) {
  console.error('Building packages/contract failed: run `npm run build -w packages/contract` to see why.');
  process.exit(1);
}

const { sql } = await import('drizzle-orm');
const { Ledger, houseBucket } = await import('../apps/server/src/services/wallet/index.js');
const { ledgerHolds, verifyLedger } = await import('../apps/server/src/services/wallet/verify.js');
const { rowsOf } = await import('../apps/server/src/services/wallet/sql.js');
const { merchantIdOf, openPreparedDatabase } = await import('../apps/server/src/test/ledger-process.js');

type Database = Awaited<ReturnType<typeof openPreparedDatabase>>;
type LedgerService = InstanceType<typeof Ledger>;

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.split('=');
    return [name ?? '', Number(value)];
  }),
);
const setting = (name: string, fallback: number) => args.get(name) ?? fallback;
const ROUNDS = setting('rounds', 3);
const CONCURRENCY = setting('concurrency', 10); // the PostgreSQL pool's size (db/client.ts)
const WRITES = { postgres: setting('writesPg', 6_000), pglite: setting('writesPglite', 2_000) };
const FUNDS = 10n ** 12n; // enough for every bet of every round

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  /** CPU milliseconds per write: this process (PGlite runs inside it), and the database's backends. */
  cpu: number;
  databaseCpu: number | null;
}

/**
 * CPU time of the PostgreSQL backends serving `database` when the server runs on this machine (their
 * process titles name the database), in ms; null when it cannot be read. On a shared machine the
 * throughput moves with the neighbours' load, the CPU spent per write much less.
 */
function backendCpuMs(database: string | null): number | null {
  if (database === null) return null;
  let ticks = 0;
  let found = false;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      found = true;
    } catch {
      // the process ended, or /proc is not readable
    }
  }
  return found ? ticks * 10 : null; // USER_HZ is 100 on Linux
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

class Bench {
  private nextKey = 0;

  constructor(
    private readonly ledger: LedgerService,
    private readonly merchantId: number,
    private readonly databaseName: string | null,
  ) {}

  private write(customerId: number, kind: 'deposit' | 'bet', amount: bigint) {
    const key = `bench-${(this.nextKey += 1)}`;
    const cash = { kind: 'member_cash' as const, currency: 'PHP', customerId };
    const other =
      kind === 'deposit'
        ? { kind: 'psp_clearing' as const, currency: 'PHP' }
        : { kind: 'house' as const, currency: 'PHP', bucket: houseBucket(customerId) };
    const sign = kind === 'deposit' ? 1n : -1n;
    return this.ledger.write({
      merchantId: this.merchantId,
      source: `bench:${customerId}`,
      key,
      request: { kind, amount: amount.toString() },
      run: async (tx) => {
        await tx.transfer({
          kind,
          customerId,
          legs: [
            { account: cash, amount: sign * amount },
            { account: other, amount: -sign * amount },
          ],
        });
        return { balance: (await tx.balance(cash)).toString() };
      },
    });
  }

  async fund(members: number[]): Promise<void> {
    for (let start = 0; start < members.length; start += CONCURRENCY) {
      await Promise.all(
        members.slice(start, start + CONCURRENCY).map((member) => this.write(member, 'deposit', FUNDS)),
      );
    }
  }

  /** `writes` bets by random members of `members`, `CONCURRENCY` in flight. */
  async run(members: number[], writes: number): Promise<Figures> {
    const latencies: number[] = [];
    let issued = 0;
    const worker = async () => {
      while (issued < writes) {
        issued += 1;
        const member = members[Math.floor(Math.random() * members.length)] as number;
        const started = performance.now();
        await this.write(member, 'bet', 1n);
        latencies.push(performance.now() - started);
      }
    };
    const cpuBefore = process.cpuUsage();
    const databaseBefore = backendCpuMs(this.databaseName);
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1_000;
    const cpu = process.cpuUsage(cpuBefore);
    const databaseAfter = backendCpuMs(this.databaseName);
    latencies.sort((a, b) => a - b);
    return {
      perSecond: writes / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpu: (cpu.user + cpu.system) / 1_000 / writes,
      databaseCpu:
        databaseBefore === null || databaseAfter === null ? null : (databaseAfter - databaseBefore) / writes,
    };
  }
}

interface Sizes {
  transfers: number;
  bytes: Record<string, number>;
}

async function sizes(database: Database): Promise<Sizes> {
  const [row] = await rowsOf<Record<string, string>>(
    database.db,
    sql`SELECT (SELECT count(*) FROM wallet_transfers)::text AS transfers,
               pg_total_relation_size('wallet_accounts')::text AS accounts,
               pg_total_relation_size('wallet_transfers')::text AS "transfers table",
               pg_total_relation_size('wallet_entries')::text AS entries,
               pg_total_relation_size('wallet_requests')::text AS requests`,
  );
  const { transfers, ...bytes } = row ?? {};
  return {
    transfers: Number(transfers),
    bytes: Object.fromEntries(Object.entries(bytes).map(([name, value]) => [name, Number(value)])),
  };
}

async function benchBackend(
  name: string,
  database: Database,
  writes: number,
  databaseName: string | null,
): Promise<void> {
  const bench = new Bench(new Ledger(database.db), await merchantIdOf(database.db, 'aurora'), databaseName);
  const wide = Array.from({ length: 1_000 }, (_, index) => 100_000 + index);
  const hot = Array.from({ length: 10 }, (_, index) => 200_000 + index);
  await bench.fund([...wide, ...hot]);
  await bench.run(wide, Math.min(500, writes)); // warm-up: account ids cached, plans prepared
  const before = await sizes(database);

  const cases: [string, number[]][] = [
    ['1,000 accounts', wide],
    ['10 hot members', hot],
  ];
  console.info(`\n${name}: ${writes} writes per round, ${CONCURRENCY} in flight, median of ${ROUNDS}`);
  for (const [label, members] of cases) {
    const rounds: Figures[] = [];
    for (let round = 0; round < ROUNDS; round += 1) rounds.push(await bench.run(members, writes));
    const perSecond = median(rounds.map((figures) => figures.perSecond));
    const p50 = median(rounds.map((figures) => figures.p50));
    const p99 = median(rounds.map((figures) => figures.p99));
    const cpu = median(rounds.map((figures) => figures.cpu));
    const databaseCpus = rounds.map((figures) => figures.databaseCpu).filter((ms) => ms !== null);
    const databaseCpu =
      databaseCpus.length === ROUNDS ? ` + ${median(databaseCpus).toFixed(2)} ms database` : '';
    const all = rounds.map((figures) => Math.round(figures.perSecond)).join(', ');
    console.info(
      `  ${label.padEnd(15)} ${Math.round(perSecond).toString().padStart(6)} transfers/s` +
        `  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  (rounds: ${all}/s)` +
        `  CPU per write: ${cpu.toFixed(2)} ms here${databaseCpu}`,
    );
  }

  const after = await sizes(database);
  const added = after.transfers - before.transfers;
  const grown = (table: string) => (after.bytes[table] ?? 0) - (before.bytes[table] ?? 0);
  const perTable = Object.keys(after.bytes)
    .map((table) => `${table} ${Math.round(grown(table) / added)}`)
    .join(', ');
  const total = Object.keys(after.bytes).reduce((sum, table) => sum + grown(table), 0);
  const wholeTotal = Object.values(after.bytes).reduce((sum, value) => sum + value, 0);
  console.info(
    `  bytes per transfer: ${Math.round(total / added)} grown over the ${added} benched transfers (${perTable});` +
      ` ${Math.round(wholeTotal / after.transfers)} for the whole wallet tables / ${after.transfers} transfers`,
  );
  const report = await verifyLedger(database.db);
  console.info(
    `  verify: ${ledgerHolds(report) ? 'the books hold' : `DIFFERENCES ${JSON.stringify(report)}`}`,
  );
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let load = 'unknown';
try {
  load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
} catch {
  // not Linux
}
console.info(`Ledger benchmark (Node ${process.version}; load average at start ${load})`);

const dataDir = mkdtempSync(join(tmpdir(), 'wps-bench-ledger-'));
try {
  const database = await openPreparedDatabase({ databaseUrl: null, dataDir });
  try {
    await benchBackend('PGlite (data directory on disk)', database, WRITES.pglite, null);
  } finally {
    await database.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (adminUrl === undefined) {
  console.info('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to an admin URL)');
} else {
  const name = `wps_bench_ledger_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const location = { databaseUrl: url.toString(), dataDir: 'unused' };
    const database = await openPreparedDatabase(location);
    try {
      const local = ['localhost', '127.0.0.1', '::1', '[::1]'].includes(url.hostname);
      await benchBackend('PostgreSQL (one instance)', database, WRITES.postgres, local ? name : null);
    } finally {
      await database.close();
    }
  } finally {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
process.exit(0);
