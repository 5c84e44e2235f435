import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Backend, type Database } from '../../db/client.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test/databases.js';
import { prepareTestDatabase, testConfig } from '../../test/test-app.js';
import { rowsOf } from './sql.js';
import { verifyLedger } from './verify.js';

/*
 * kill -9 in the middle of a burst of money writes (issue 28): a child process (test/ledger-burst.ts)
 * writes deposits (some delivered twice), bets, wins and withdrawal holds from 8 workers and prints
 * each write it got an answer for; it is killed with SIGKILL after a random number of answers. The
 * database is opened again, as a restarted server would, and must hold every acknowledged movement
 * exactly once, no refused one, no half-written one, and balanced books. Five rounds per backend.
 */

const ROUNDS = 5;
const REOPEN_LIMIT_MS = 2_000;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const REPO = here('../../../../../');

interface Burst {
  acked: { source: string; key: string; replayed: boolean; transfers: string[] }[];
  refused: { source: string; key: string }[];
}

/** The child resolves `@wps/contract/<module>` to the contract's sources, as vitest does (no build needed). */
function childTsconfig(dir: string): string {
  const path = join(dir, 'tsconfig.json');
  writeFileSync(
    path,
    JSON.stringify({
      extends: join(REPO, 'apps/server/tsconfig.json'),
      compilerOptions: { paths: { '@wps/contract/*': [join(REPO, 'packages/contract/src/*.ts')] } },
    }),
  );
  return path;
}

/** Runs the burst child until it has answered `answers` writes, then kills it with SIGKILL. */
function burstThenKill(env: Record<string, string>, answers: number): Promise<Burst> {
  const child = spawn(process.execPath, ['--import', 'tsx', here('../../test/ledger-burst.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const burst: Burst = { acked: [], refused: [] };
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let killed = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [word = '', source = '', key = '', replayed = '', transfers = ''] = line.split(' ');
      if (word === 'ack')
        burst.acked.push({ source, key, replayed: replayed === '1', transfers: transfers.split(',') });
      if (word === 'refused') burst.refused.push({ source, key });
      if (!killed && burst.acked.length + burst.refused.length >= answers) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(burst);
      else reject(new Error(`the burst child ended by itself (${code}): ${stderr}`));
    });
  });
}

interface Found {
  source: string;
  key: string;
  transfers: string[];
  entries: number;
}

describe.each(backends)('kill -9 during a burst of money writes (%s)', (backend: Backend) => {
  let dir = '';
  let testDatabase: TestDatabase | null = null;
  let location: { databaseUrl: string | null; dataDir: string } = { databaseUrl: null, dataDir: '' };
  const rounds: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wps-ledger-crash-'));
    if (backend === 'pglite') {
      location = { databaseUrl: null, dataDir: join(dir, 'data') };
      const database = await openDatabase(location);
      await prepareTestDatabase(database, testConfig({ dataDir: location.dataDir }));
      await database.close();
    } else {
      testDatabase = await createTestDatabase('postgres');
      await prepareTestDatabase(testDatabase.database, testConfig());
      location = { databaseUrl: testDatabase.url, dataDir: 'unused' };
    }
  });
  afterAll(async () => {
    // For comparison: opening the same database after a clean close.
    const started = performance.now();
    const clean = await openDatabase(location);
    await clean.db.execute(sql`SELECT 1`);
    const cleanMs = performance.now() - started;
    await clean.close();
    await testDatabase?.dispose();
    rmSync(dir, { recursive: true, force: true });
    console.info(
      `kill -9 (${backend}):\n${rounds.join('\n')}\n  a clean open takes ${Math.round(cleanMs)} ms`,
    );
  });

  it.each(Array.from({ length: ROUNDS }, (_, index) => index + 1))(
    'round %i: every acknowledged movement is there once, nothing else, and the books balance',
    async (round) => {
      const answers = 40 + Math.floor(Math.random() * 160);
      const burst = await burstThenKill(
        {
          TSX_TSCONFIG_PATH: childTsconfig(dir),
          LEDGER_BURST_ROUND: String(round),
          ...(location.databaseUrl === null
            ? { LEDGER_BURST_DATA_DIR: location.dataDir }
            : { LEDGER_BURST_DATABASE_URL: location.databaseUrl }),
        },
        answers,
      );
      expect(burst.acked.length + burst.refused.length).toBeGreaterThanOrEqual(answers);

      // What a restarted server does first: open the database (PGlite recovers its files here).
      const started = performance.now();
      const database: Database = await openDatabase(location);
      await database.db.execute(sql`SELECT 1`);
      const reopenMs = performance.now() - started;
      try {
        const found = await rowsOf<Found>(
          database.db,
          sql`SELECT r.source, r.idempotency_key AS key, r.transfer_ids::text[] AS transfers,
                     (SELECT count(*)::int FROM wallet_entries e WHERE e.transfer_id = ANY(r.transfer_ids)) AS entries
              FROM wallet_requests r WHERE r.idempotency_key LIKE ${`r${round}-%`}`,
        );
        const byKey = new Map(found.map((row) => [`${row.source} ${row.key}`, row]));
        expect(byKey.size, 'one request row per key').toBe(found.length);
        for (const ack of burst.acked) {
          const row = byKey.get(`${ack.source} ${ack.key}`);
          expect(row, `acknowledged ${ack.key}`).toBeDefined();
          expect(row?.transfers).toEqual(ack.transfers);
          expect(row?.entries).toBe(2 * ack.transfers.length);
        }
        for (const refusal of burst.refused)
          expect(byKey.has(`${refusal.source} ${refusal.key}`)).toBe(false);

        // No movement twice and none without its request: each transfer of the round is one key's.
        const [counts] = await rowsOf<{ transfers: number; references: number; owned: number }>(
          database.db,
          sql`SELECT count(*)::int AS transfers, count(DISTINCT reference)::int AS references,
                     count(*) FILTER (WHERE EXISTS (SELECT 1 FROM wallet_requests r
                                                    WHERE t.id = ANY(r.transfer_ids)))::int AS owned
              FROM wallet_transfers t WHERE t.reference LIKE ${`r${round}-%`}`,
        );
        expect(counts).toEqual({ transfers: found.length, references: found.length, owned: found.length });

        const unanswered = found.length - new Set(burst.acked.map((ack) => ack.key)).size;
        rounds.push(
          `  round ${round}: killed after ${burst.acked.length} acknowledged and ${burst.refused.length} refused ` +
            `writes; ${found.length} requests in the database (${unanswered} committed but unanswered); ` +
            `reopened in ${Math.round(reopenMs)} ms`,
        );
        const report = await verifyLedger(database.db);
        expect(report.balanceMismatches).toEqual([]);
        expect(report.unbalancedTransfers).toEqual([]);
        expect(report.negativeMembers).toEqual([]);
      } finally {
        // PGlite's files belong to one process at a time: the next round's child opens them.
        await database.close();
      }
      expect(reopenMs).toBeLessThanOrEqual(REOPEN_LIMIT_MS);
    },
    120_000,
  );
});
