import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;

/** The one query surface both backends share: every query in the app is written against this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Backend = 'pglite' | 'postgres';

/** A database handle bound to the connection holding the exclusive lock, typed for its migrator. */
export type LockedDb =
  { backend: 'pglite'; db: PgliteDatabase<Schema> } | { backend: 'postgres'; db: NodePgDatabase<Schema> };

export interface Database {
  db: Db;
  backend: Backend;
  /** Runs `task` while no other server instance on the same database runs one (start-up work). */
  exclusive<T>(task: (locked: LockedDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; null for the embedded PGlite. */
  databaseUrl: string | null;
  /** PGlite data directory, or `memory://` for a throw-away in-memory database. */
  dataDir: string;
}

/** Arbitrary constant that names the start-up lock among other advisory locks on the same server. */
const STARTUP_LOCK_KEY = 7_345_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl === null ? openPglite(options.dataDir) : openPostgres(options.databaseUrl);
}

async function openPglite(dataDir: string): Promise<Database> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location);
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    backend: 'pglite',
    // PGlite lives inside this one process, so there is nobody to exclude.
    exclusive: (task) => task({ backend: 'pglite', db }),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    idleTimeoutMillis: 30_000,
    // A database that does not answer fails the request in seconds (503), never at the client's time-out.
    connectionTimeoutMillis: 3_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres({ client: pool, schema });
  let closed = false;
  return {
    db,
    backend: 'postgres',
    async exclusive(task) {
      // A session-level advisory lock lives on one connection, so the task runs on that same connection.
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await task({ backend: 'postgres', db: drizzlePostgres({ client: connection, schema }) });
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
