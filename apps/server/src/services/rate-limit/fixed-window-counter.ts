import { and, eq, gt, like, lt, notLike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';

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
 * `reserve` and `take` are the check and the count in one statement: under concurrent requests, on
 * any number of instances, at most `limit` hits of a window are ever granted (the row lock of the
 * upsert orders them; each sees the count the one before it left).
 */
export class FixedWindowCounter {
  // Prepared once: they run on every lease of the API's rate limit and every login attempt, and
  // skipping the query building saves a fifth.
  private readonly upsert;
  private readonly taking;
  private readonly giveBack;

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
    this.taking = db
      .insert(rateLimits)
      .values({
        bucket: sql.placeholder('bucket'),
        windowStart: sql.placeholder('windowStart'),
        hits: sql.placeholder('count'),
      })
      .onConflictDoUpdate({
        target: rateLimits.bucket,
        set: {
          hits: sql`CASE WHEN ${rateLimits.windowStart} >= excluded.window_start THEN ${rateLimits.hits} + excluded.hits ELSE excluded.hits END`,
          windowStart: sql`GREATEST(${rateLimits.windowStart}, excluded.window_start)`,
        },
        // No update, so no row returned, when the current window has no room for all `count`. The sum
        // in bigint: a count near the int4 limit must refuse, not fail the statement.
        setWhere: sql`${rateLimits.windowStart} < excluded.window_start OR ${rateLimits.hits}::bigint + excluded.hits <= ${sql.placeholder('limit')}`,
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
      .prepare('rate_limit_take');
    this.giveBack = db
      .update(rateLimits)
      .set({ hits: sql`GREATEST(${rateLimits.hits} - ${sql.placeholder('count')}, 0)` })
      .where(
        and(
          eq(rateLimits.bucket, sql.placeholder('bucket')),
          eq(rateLimits.windowStart, sql.placeholder('windowStart')),
          gt(rateLimits.hits, 0),
        ),
      )
      .prepare('rate_limit_give_back');
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
  reserve(bucket: string, limit: number): Promise<Reservation | null> {
    return this.take(bucket, 1, limit);
  }

  /**
   * Counts `count` in the current window if they all fit under `limit`, atomically; null (and nothing
   * counted) when they do not. The reservation's `hits` is the window's count with them.
   */
  async take(bucket: string, count: number, limit: number): Promise<Reservation | null> {
    const wanted = Math.floor(count);
    const cap = Math.min(Math.floor(limit), NO_LIMIT);
    // Also refuses NaN: nothing compares true with it.
    if (!(wanted >= 1 && wanted <= cap)) return null;
    const key = this.key(bucket);
    const windowStart = new Date(this.currentWindowStart());
    const [row] = await this.taking.execute({ bucket: key, windowStart, count: wanted, limit: cap });
    if (row === undefined) return null;
    return { key, windowStart: row.windowStart, hits: row.hits };
  }

  /**
   * Gives `count` places of a reservation back (one by default); places of an ended window leave the
   * new one alone.
   */
  async release(reservation: Reservation, count = 1): Promise<void> {
    const returned = Math.floor(count);
    if (!(returned >= 1)) return;
    await this.giveBack.execute({
      bucket: reservation.key,
      windowStart: reservation.windowStart,
      count: returned,
    });
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
