import { and, eq, like, lt, notLike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Request counts per bucket in fixed windows, kept in the database so every instance adds to the same
 * count. One row per bucket: a hit in a newer window restarts the row at 1. GREATEST keeps the newest
 * window when instances' clocks differ slightly, so a lagging clock cannot reset a busy counter.
 */
/** Buckets of namespaced counters start with this (an ip never does), so each sweep keeps to its own. */
const NAMESPACE_MARK = '#';

export class FixedWindowCounter {
  // Prepared once: this runs on every /wps request, and skipping the query building saves a fifth.
  private readonly upsert;

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
  }

  async hit(bucket: string): Promise<WindowCount> {
    const windowStart = new Date(this.currentWindowStart());
    const [row] = await this.upsert.execute({ bucket: this.key(bucket), windowStart });
    if (row === undefined) throw new Error('rate limit upsert returned no row');
    return { hits: row.hits, resetAt: row.windowStart.getTime() + this.windowMs };
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
