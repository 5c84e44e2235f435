import { and, eq, gt, like, lt, notLike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

/** A place taken under a limit by `reserve`: `release` gives it back (only within its own window). */
export interface Reservation {
  /** The stored key (namespace included). */
  readonly key: string;
  readonly windowStart: Date;
  /** The count of the window with this reservation. */
  readonly hits: number;
}

/** Buckets of namespaced counters start with this (an ip never does), so each sweep keeps to its own. */
const NAMESPACE_MARK = '#';

/** Sent as a parameter: a bigger limit is as good as none. */
const NO_LIMIT = 2_147_483_647;

/**
 * Request counts per bucket in fixed windows, kept in the database so every instance adds to the same
 * count. One row per bucket: a hit in a newer window restarts the row at 1. GREATEST keeps the newest
 * window when instances' clocks differ slightly, so a lagging clock cannot reset a busy counter.
 *
 * `reserve` is the check and the count in one statement: under concurrent requests, on any number of
 * instances, at most `limit` reservations of a window are ever granted (the row lock of the upsert
 * orders them; each sees the count the one before it left).
 */
export class FixedWindowCounter {
  // Prepared once: this runs on every /wps request, and skipping the query building saves a fifth.
  private readonly upsert;
  private readonly reservation;

  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
    private readonly now: () => number,
    /** Set: buckets are `#{namespace}:{bucket}` and the sweep touches only them (windows of other lengths). */
    private readonly namespace?: string,
  ) {
    this.upsert = db
      .insert(rateLimits)
      .values({ bucket: sql.placeholder('bucket'), windowStart: sql.placeholder('windowStart'), hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.bucket,
        set: {
          hits: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.hits} + 1 ELSE 1 END`,
          windowStart: sql`GREATEST(${rateLimits.windowStart}, excluded.window_start)`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .prepare('rate_limit_hit');
    this.reservation = db
      .insert(rateLimits)
      .values({ bucket: sql.placeholder('bucket'), windowStart: sql.placeholder('windowStart'), hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.bucket,
        set: {
          hits: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.hits} + 1 ELSE 1 END`,
          windowStart: sql`GREATEST(${rateLimits.windowStart}, excluded.window_start)`,
        },
        // No update, so no row returned, when the current window is full.
        setWhere: sql`${rateLimits.windowStart} < excluded.window_start OR ${rateLimits.hits} < ${sql.placeholder('limit')}`,
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .prepare('rate_limit_reserve');
  }

  async hit(bucket: string): Promise<WindowCount> {
    const windowStart = new Date(this.currentWindowStart());
    const [row] = await this.upsert.execute({ bucket: this.key(bucket), windowStart });
    if (row === undefined) throw new Error('rate limit upsert returned no row');
    return { hits: row.hits, resetAt: row.windowStart.getTime() + this.windowMs };
  }

  /**
   * Counts one in the current window if fewer than `limit` are counted there, atomically; null (and
   * nothing counted) when the window is full.
   */
  async reserve(bucket: string, limit: number): Promise<Reservation | null> {
    if (limit < 1) return null;
    const key = this.key(bucket);
    const windowStart = new Date(this.currentWindowStart());
    const [row] = await this.reservation.execute({
      bucket: key,
      windowStart,
      limit: Math.min(Math.floor(limit), NO_LIMIT),
    });
    if (row === undefined) return null;
    return { key, windowStart: row.windowStart, hits: row.hits };
  }

  /** Gives a reservation's place back; a reservation of an ended window leaves the new one alone. */
  async release(reservation: Reservation): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`${rateLimits.hits} - 1` })
      .where(
        and(
          eq(rateLimits.bucket, reservation.key),
          eq(rateLimits.windowStart, reservation.windowStart),
          gt(rateLimits.hits, 0),
        ),
      );
  }

  /** The count of the current window without adding to it. */
  async peek(bucket: string): Promise<number> {
    const [row] = await this.db
      .select({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.bucket, this.key(bucket)));
    if (row === undefined || row.windowStart.getTime() < this.currentWindowStart()) return 0;
    return row.hits;
  }

  /** Deletes the rows of windows that have ended (a later hit would restart them at 1 anyway). */
  async sweep(): Promise<void> {
    const ended = lt(rateLimits.windowStart, new Date(this.currentWindowStart()));
    const mine =
      this.namespace === undefined
        ? notLike(rateLimits.bucket, `${NAMESPACE_MARK}%`)
        : like(rateLimits.bucket, `${NAMESPACE_MARK}${this.namespace}:%`);
    await this.db.delete(rateLimits).where(and(ended, mine));
  }

  private key(bucket: string): string {
    return this.namespace === undefined ? bucket : `${NAMESPACE_MARK}${this.namespace}:${bucket}`;
  }

  private currentWindowStart(): number {
    const now = this.now();
    return now - (now % this.windowMs);
  }
}
