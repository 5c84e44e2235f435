import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { prepareServer } from '../lifecycle.js';
import { rowsOf } from '../services/wallet/sql.js';

/*
 * Opening the ledger's database outside vitest (the kill -9 child, the ledger benchmark): test-app.ts
 * imports vitest's hooks, which only exist inside a test run.
 */

export interface LedgerDatabaseLocation {
  /** PostgreSQL URL, or null for PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** PGlite data directory (`memory://` for a throw-away one); unused with PostgreSQL. */
  dataDir: string;
}

/** A fixed key: the demo members' secrets sealed with it are never read by the ledger's processes. */
const PROCESS_SECRET_KEY = 'ledger-process-secret-key-not-for-production-01';

/** Opens the database and migrates and seeds it as a server start does (cheap password hashes). */
export async function openPreparedDatabase(location: LedgerDatabaseLocation): Promise<Database> {
  const database = await openDatabase(location);
  const config = {
    ...loadConfig({ ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' }),
    databaseUrl: location.databaseUrl,
    dataDir: location.dataDir,
    secretKey: PROCESS_SECRET_KEY,
    logLevel: 'silent' as const,
  };
  await prepareServer(database, { config, secretKey: PROCESS_SECRET_KEY });
  return database;
}

/** The seeded merchant's id (aurora: PHP). */
export async function merchantIdOf(db: Db, code: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM merchants WHERE code = ${code}`);
  if (row === undefined) throw new Error(`no merchant ${code}`);
  return row.id;
}
