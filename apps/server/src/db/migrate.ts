import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { seedIfEmpty } from '../seed/index.js';
import type { Database, LockedDb } from './client.js';

/** apps/server/drizzle, the same from src/db and dist/db. */
export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function applyMigrations(locked: LockedDb): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (locked.backend === 'pglite') await migratePglite(locked.db, config);
  else await migratePostgres(locked.db, config);
}

export interface PrepareResult {
  seeded: boolean;
}

/**
 * Start-up work: checked-in migrations, then the demo data into an empty database. Held under the
 * start-up lock so several instances starting together neither migrate nor seed twice.
 */
export async function prepareDatabase(
  database: Database,
  options: { seed: boolean },
): Promise<PrepareResult> {
  return database.exclusive(async (locked) => {
    await applyMigrations(locked);
    const seeded = options.seed ? await seedIfEmpty(locked.db) : false;
    return { seeded };
  });
}
