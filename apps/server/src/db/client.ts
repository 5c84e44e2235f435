import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

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
  /**
   * Notifications between server instances on one database (PostgreSQL LISTEN/NOTIFY; an in-process
   * emitter on PGlite, which only one process opens). Every listener, this instance's included,
   * hears each notification; payloads stay under 8 000 bytes.
   */
  notify(channel: string, payload: string): Promise<void>;
  /** Starts hearing `channel`; the answer stops it. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * How many times a pooled connection was handed out so far (PostgreSQL; PGlite has one connection
   * and answers 0): the test that a money transaction never takes a second connection reads it.
   */
  connectionsAcquired(): number;
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
    ...inProcessNotifications(),
    connectionsAcquired: () => 0,
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
  let acquired = 0;
  pool.on('acquire', () => {
    acquired += 1;
  });
  const db = drizzlePostgres({ client: pool, schema });
  const listener = postgresNotifications(databaseUrl, pool);
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
    notify: listener.notify,
    listen: listener.listen,
    connectionsAcquired: () => acquired,
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

function inProcessNotifications(): Pick<Database, 'notify' | 'listen'> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    notify(channel, payload) {
      // Asynchronous as a database round trip is: a sender never hears its own event mid-call.
      queueMicrotask(() => emitter.emit(channel, payload));
      return Promise.resolve();
    },
    listen(channel, handler) {
      emitter.on(channel, handler);
      return Promise.resolve(() => {
        emitter.off(channel, handler);
        return Promise.resolve();
      });
    },
  };
}

/** Channel names are fixed identifiers of the code, never input. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * LISTEN on one dedicated connection (opened on the first listen, reopened after a loss with the
 * channels listened to again); NOTIFY through the pool.
 */
function postgresNotifications(
  databaseUrl: string,
  pool: pg.Pool,
): Pick<Database, 'notify' | 'listen'> & { close(): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.Client> | null = null;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    const opening = (async () => {
      const next = new pg.Client({ connectionString: databaseUrl });
      next.on('notification', (message) => {
        const set = handlers.get(message.channel);
        if (set === undefined || message.payload === undefined) return;
        for (const handler of set) handler(message.payload);
      });
      next.on('error', (error) => {
        console.error('PostgreSQL listener error:', error.message);
        client = null;
        if (!closed) setTimeout(() => void reconnect(), 1_000);
      });
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
      return next;
    })();
    opening.catch(() => {
      client = null;
    });
    return opening;
  };
  const reconnect = async () => {
    if (closed || client !== null || handlers.size === 0) return;
    client = connect();
    try {
      await client;
    } catch {
      if (!closed) setTimeout(() => void reconnect(), 1_000);
    }
  };

  return {
    async notify(channel, payload) {
      if (!CHANNEL_NAME.test(channel)) throw new Error('bad channel name');
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler) {
      if (!CHANNEL_NAME.test(channel)) throw new Error('bad channel name');
      let set = handlers.get(channel);
      const first = set === undefined;
      if (set === undefined) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      client ??= connect();
      const connection = await client;
      if (first) await connection.query(`LISTEN ${channel}`);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          const current = client === null ? null : await client.catch(() => null);
          await current?.query(`UNLISTEN ${channel}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      const current = client === null ? null : await client.catch(() => null);
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
