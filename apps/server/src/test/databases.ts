import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Backend, type Database } from '../db/client.js';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (an admin URL that may create databases). */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** Another connection set to the same database, as a second server instance would open. */
  openAnother(): Promise<Database>;
  /** The PostgreSQL URL of the database; null for PGlite. */
  url: string | null;
  dispose(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database: in-memory PGlite, or a new PostgreSQL database dropped on dispose. */
export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    return {
      database,
      openAnother: () => Promise.reject(new Error('an in-memory PGlite cannot be shared')),
      url: null,
      dispose: () => database.close(),
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl === undefined) throw new Error('TEST_DATABASE_URL is not set');
  const name = `wps_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const opened: Database[] = [];
  const open = async () => {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    opened.push(database);
    return database;
  };
  const database = await open();
  return {
    database,
    openAnother: open,
    url: url.toString(),
    async dispose() {
      await Promise.all(opened.map((each) => each.close()));
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
