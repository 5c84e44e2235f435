// The seamless wallet's `bet` over HTTP (issue 28, "Benchmark"): a game vendor's server calling the
// built app on loopback with signed bets (HMAC over id, timestamp and body, a fresh id and transaction
// per request) for BENCH_MEMBERS members (default 100) with money and a live wallet session, through
// BENCH_CONNECTIONS (default 50) connections for BENCH_SECONDS (default 10). Prints requests per
// second, latency p50/p99 and every answer that was not 200, then checks the books (verifyLedger).
// PGlite in a temporary data directory, then PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
// names a server (a database of its own, dropped after); BENCH_BACKENDS=pglite or postgres runs one.
// Figures only: never fails on a time. The load generator is a process of its own.
//
//   npm run bench:seamless   (builds first; the benchmark imports the built server)
import { randomBytes, randomUUID } from 'node:crypto';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const SERVER = '../apps/server/dist';
const { sql } = await import('drizzle-orm');
const { buildApp } = await import(`${SERVER}/app.js`);
const { loadConfig } = await import(`${SERVER}/config.js`);
const { openDatabase } = await import(`${SERVER}/db/client.js`);
const { prepareServer } = await import(`${SERVER}/lifecycle.js`);
const { KeyEncryptionKey } = await import(`${SERVER}/services/keys/key-encryption-key.js`);
const { Ledger, verifyLedger } = await import(`${SERVER}/services/wallet/index.js`);
const { SeamlessSessions } = await import(`${SERVER}/services/wallet/seamless/sessions.js`);
const { SeamlessVendors } = await import(`${SERVER}/services/wallet/seamless/vendors.js`);
const { rowsOf } = await import(`${SERVER}/services/wallet/sql.js`);
const { DEMO_TERMS_VERSION } = await import(`${SERVER}/seed/members.js`);

/** A fixed key for the benchmark's own database: nothing it seals outlives the run. */
const SECRET_KEY = 'bench-seamless-secret-key-not-for-production-0123';

/** Opens the database and migrates and seeds it as a server start does (cheap password hashes). */
async function openPreparedDatabase(location) {
  const database = await openDatabase(location);
  await prepareServer(database, { config: configFor(location), secretKey: SECRET_KEY });
  return database;
}

function configFor(location) {
  return {
    ...loadConfig({ ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' }),
    databaseUrl: location.databaseUrl,
    dataDir: location.dataDir,
    secretKey: SECRET_KEY,
    logLevel: 'silent',
  };
}

async function merchantIdOf(db, code) {
  const [row] = await rowsOf(db, sql`SELECT id FROM merchants WHERE code = ${code}`);
  if (row === undefined) throw new Error(`no merchant ${code}`);
  return row.id;
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100);
const FUNDS = 10n ** 12n;
const VENDOR = 'demo';

/** Members of aurora with money and a wallet session of the demo vendor. */
async function players(database, merchantId, currency) {
  const sessions = new SeamlessSessions(database.db, Date.now);
  const ledger = new Ledger(database.db);
  const made = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const [row] = await rowsOf(
      database.db,
      sql`INSERT INTO customers (merchant_id, username, password_hash, terms_version, terms_accepted_at)
          VALUES (${merchantId}, ${`bench${process.pid}x${index}`}, 'unused', ${DEMO_TERMS_VERSION}, now())
          RETURNING id`,
    );
    const customerId = row?.id ?? 0;
    await ledger.write({
      merchantId,
      source: 'bench:funding',
      key: randomUUID(),
      request: { customerId },
      run: async (tx) => {
        await tx.transfer({
          kind: 'deposit',
          customerId,
          legs: [
            { account: { kind: 'psp_clearing', currency }, amount: -FUNDS },
            { account: { kind: 'member_cash', currency, customerId }, amount: FUNDS },
          ],
        });
        return null;
      },
    });
    const token = await sessions.open({ vendorId: VENDOR, merchantId, customerId, currency });
    made.push({ player: String(customerId), token });
  }
  return made;
}

async function benchBackend(label, database, location) {
  const app = await buildApp({
    config: configFor(location),
    database,
    secret: { secretKey: SECRET_KEY, source: 'config' },
  });
  const secret = await new SeamlessVendors(database.db, new KeyEncryptionKey(SECRET_KEY)).ensure(VENDOR);
  const merchantId = await merchantIdOf(database.db, 'aurora');
  const [merchant] = await rowsOf(database.db, sql`SELECT currency FROM merchants WHERE id = ${merchantId}`);
  const currency = merchant?.currency ?? 'PHP';
  const members = await players(database, merchantId, currency);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  try {
    // The vendor's side runs in a process of its own (bench-seamless-load.mjs): this loop is the server's.
    // The server's own CPU per answer: a figure the shared machine's other load disturbs far less than
    // requests per second (PGlite runs in this process, so its share is in it; PostgreSQL's is not).
    const cpuBefore = process.cpuUsage();
    const result = await new Promise((resolve, reject) => {
      const load = fork(new URL('./bench-seamless-load.mjs', import.meta.url));
      load.send({
        port,
        members,
        // A Buffer does not survive the IPC channel's JSON as one: sent as base64.
        secret: Buffer.from(secret).toString('base64'),
        currency,
        vendor: VENDOR,
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      load.once('message', resolve);
      load.once('error', reject);
    });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerRequest = (cpu.user + cpu.system) / 1000 / Math.max(1, result.total);
    const others = Object.entries(result.statuses).filter(([status]) => status !== '200');
    console.info(
      `\n${label}: bet over HTTP, ${CONNECTIONS} connections, ${SECONDS} s, ${MEMBERS} members\n` +
        `  ${Math.round(result.average)} requests/s, latency p50 ${result.p50} ms, ` +
        `p99 ${result.p99} ms, ${result.total} requests, server CPU ${cpuPerRequest.toFixed(2)} ms each` +
        (others.length === 0 ? ', all 200' : `, not 200: ${others.map(([s, n]) => `${s}×${n}`).join(' ')}`),
    );
  } finally {
    await app.close();
  }
  const report = await verifyLedger(database.db);
  console.info(`  books: ${JSON.stringify(report).slice(0, 200)}`);
}

async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

console.info(
  `Seamless-wallet bet benchmark (Node ${process.version}; ${os.cpus().length} cores; load ${os.loadavg()[0]?.toFixed(2)})`,
);
const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const dataDir = mkdtempSync(join(tmpdir(), 'wps-bench-seamless-'));
if (backends.includes('pglite'))
  try {
    const location = { databaseUrl: null, dataDir };
    const database = await openPreparedDatabase(location);
    try {
      await benchBackend('PGlite (data directory on disk)', database, location);
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!backends.includes('postgres')) {
  // Left out by BENCH_BACKENDS.
} else if (adminUrl === undefined) {
  console.info('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to an admin URL)');
} else {
  const name = `wps_bench_seamless_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const location = { databaseUrl: url.toString(), dataDir: 'unused' };
    const database = await openPreparedDatabase(location);
    try {
      await benchBackend('PostgreSQL (one instance)', database, location);
    } finally {
      await database.close();
    }
  } finally {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
process.exit(0);
