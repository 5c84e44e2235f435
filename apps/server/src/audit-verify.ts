import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { rowsOf } from './db/raw.js';
import { verifyStaffAudit } from './services/staff/audit-chain.js';

/**
 * `npm run audit:verify` (issue 30 item 9): walks every merchant's staff audit chain on the database
 * the server's own settings name (DATABASE_URL, else the embedded one in DATA_DIR) and prints the
 * first broken link of each broken chain. Exit 0: every chain holds; 1: a link is broken; 2: the
 * settings are wrong or the database was never migrated.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const [table] = await rowsOf<{ found: string | null }>(
      database.db,
      sql`SELECT to_regclass('public.staff_audit')::text AS found`,
    );
    if (table?.found == null) {
      console.error('This database has no staff audit yet: start the server on it once (it migrates).');
      return 2;
    }
    const broken = await verifyStaffAudit(database.db);
    for (const link of broken) {
      console.info(`merchant ${link.merchantId}: the chain breaks at seq ${link.seq} (${link.reason})`);
    }
    if (broken.length === 0) console.info('staff audit: every chain holds');
    return broken.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
