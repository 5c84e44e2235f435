import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Backend, Database, Db } from '../db/client.js';
import { rowsOf } from '../services/wallet/sql.js';
import { createTestDatabase, type TestDatabase } from './databases.js';
import { merchantRow, prepareTestDatabase, testConfig } from './test-app.js';

export interface LedgerTestDatabase {
  readonly db: Db;
  readonly database: Database;
  readonly testDatabase: TestDatabase;
  /** The seeded merchant's id (aurora: PHP, lotus: VND, orbit: USD). */
  merchantId(code: 'aurora' | 'lotus' | 'orbit'): number;
}

/** A migrated, seeded database per describe block, without an app: the ledger's own tests. */
export function useLedgerDatabase(backend: Backend): LedgerTestDatabase {
  let state: { testDatabase: TestDatabase; merchants: Map<string, number> } | undefined;
  beforeAll(async () => {
    const testDatabase = await createTestDatabase(backend);
    await prepareTestDatabase(testDatabase.database, testConfig());
    const merchants = new Map<string, number>();
    for (const code of ['aurora', 'lotus', 'orbit']) {
      merchants.set(code, (await merchantRow(testDatabase.database.db, code)).id);
    }
    state = { testDatabase, merchants };
  });
  afterAll(async () => {
    await state?.testDatabase.dispose();
  });
  const current = () => {
    if (state === undefined) throw new Error('the ledger database is not ready');
    return state;
  };
  return {
    get db() {
      return current().testDatabase.database.db;
    },
    get database() {
      return current().testDatabase.database;
    },
    get testDatabase() {
      return current().testDatabase;
    },
    merchantId(code) {
      const id = current().merchants.get(code);
      if (id === undefined) throw new Error(`no merchant ${code}`);
      return id;
    },
  };
}

/** Row counts of the ledger's tables: a refused write must leave them as they were. */
export async function ledgerRowCounts(db: Db): Promise<Record<string, number>> {
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*)::int FROM wallet_requests) AS requests,
               (SELECT count(*)::int FROM wallet_transfers) AS transfers,
               (SELECT count(*)::int FROM wallet_entries) AS entries`,
  );
  return row ?? {};
}
