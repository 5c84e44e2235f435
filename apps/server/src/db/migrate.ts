import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { LockedDb } from './client.js';

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
