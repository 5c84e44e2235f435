import type { Reservation } from './fixed-window-counter.js';

/** Where the shared budget lives: the per-bucket window counts every instance adds to (`rate_limits`). */
export interface LeaseStore {
  /** Counts `count` hits in the bucket's current window if they all fit under `limit`; else null. */
  take(bucket: string, count: number, limit: number): Promise<Reservation | null>;
  /** Gives `count` hits of a reservation back, in the reservation's own window only. */
  release(reservation: Reservation, count: number): Promise<void>;
}

export type RateDecision =
  | { readonly admitted: true }
  | {
      readonly admitted: false;
      /** When the window ends (ms since the epoch): the Retry-After. */
      readonly resetAt: number;
    };

export interface LeasedLimiterOptions {
  windowMs: number;
  now: () => number;
  /** The most hits one lease takes ahead of the requests waiting for it. */
  maxAhead?: number;
  /**
   * A lease takes at most limit / leaseShare hits ahead of demand, so the places other instances hold
   * unused stay a small part of the limit (and a small limit is never leased ahead: exact).
   */
  leaseShare?: number;
  /** A bucket without hits for this long gives its unused places back (`returnIdle`). */
  idleMs?: number;
  /** After the store had no room, refuse from memory for this long before asking it again. */
  fullRecheckMs?: number;
  /** Buckets held in memory; past it the oldest gives its places back and goes. */
  maxBuckets?: number;
  /** A give-back that failed: its places stay counted until the window ends (never over the limit). */
  onReturnError?: (error: unknown) => void;
}

export const LEASE_DEFAULTS = {
  maxAhead: 1_024,
  leaseShare: 16,
  idleMs: 1_000,
  fullRecheckMs: 1_000,
  maxBuckets: 10_000,
} as const;

const ADMITTED: RateDecision = { admitted: true };

interface Waiter {
  resolve: (decision: RateDecision) => void;
  reject: (error: unknown) => void;
}

/** One bucket's window as this instance sees it. */
interface BucketState {
  readonly bucket: string;
  readonly limit: number;
  /** The local window this state belongs to; a hit in a later one starts a new state. */
  readonly windowStart: number;
  /** Places leased from the store and not used yet; all from `lease` (a lease is taken only at 0). */
  available: number;
  /** The last lease: where `available` is counted, to give it back. */
  lease: Reservation | null;
  /** Hits the next lease takes ahead of demand: 0 at first, doubling with each lease up to the cap. */
  ahead: number;
  /**
   * At most this many places are left in the store's window: the limit at first, less what this
   * instance took, and less than the last size refused. Other instances only lower the truth (a
   * give-back aside), so asking for more would be refused anyway.
   */
  room: number;
  /** The store had no room: refused from memory until then. */
  fullUntil: number;
  resetAt: number;
  lastHitAt: number;
  /** Requests waiting for the lease in flight. */
  waiters: Waiter[];
  leasing: boolean;
}

/**
 * A fixed-window rate limit shared by every instance, with the database off the hot path: each
 * instance leases blocks of a bucket's budget from the store (one atomic statement that grants a
 * block only if it fits under the limit) and admits requests from the block in memory. The store's
 * count is the sum of every block granted, so the instances together never admit more than the
 * limit; a block's unused places are what another instance may be refused early, so blocks stay
 * small: the first lease of a window takes what the waiting requests need, later ones double ahead
 * of demand up to limit / leaseShare (and maxAhead), and places unused for idleMs, or held when the
 * instance closes, are given back. Places of an ended window simply expire with it.
 *
 * Requests of one bucket that arrive while its lease is in flight wait for that one statement, so a
 * burst costs one round trip, not one each.
 */
export class LeasedLimiter {
  private readonly states = new Map<string, BucketState>();
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly maxAhead: number;
  private readonly leaseShare: number;
  private readonly idleMs: number;
  private readonly fullRecheckMs: number;
  private readonly maxBuckets: number;
  private readonly onReturnError: (error: unknown) => void;

  constructor(
    private readonly store: LeaseStore,
    options: LeasedLimiterOptions,
  ) {
    this.windowMs = options.windowMs;
    this.now = options.now;
    this.maxAhead = options.maxAhead ?? LEASE_DEFAULTS.maxAhead;
    this.leaseShare = options.leaseShare ?? LEASE_DEFAULTS.leaseShare;
    this.idleMs = options.idleMs ?? LEASE_DEFAULTS.idleMs;
    this.fullRecheckMs = options.fullRecheckMs ?? LEASE_DEFAULTS.fullRecheckMs;
    this.maxBuckets = options.maxBuckets ?? LEASE_DEFAULTS.maxBuckets;
    this.onReturnError = options.onReturnError ?? (() => undefined);
  }

  /**
   * Counts one request of `bucket` under `limit` per window. Decided in memory (a plain value) while
   * this instance holds leased places or knows the window is full; otherwise a promise settled by
   * the store (rejected when the store fails).
   */
  hit(bucket: string, rawLimit: number): RateDecision | Promise<RateDecision> {
    const now = this.now();
    const windowStart = now - (now % this.windowMs);
    // Whole places only; none under a limit below one (NaN included): refused without the store.
    const limit = Math.floor(rawLimit);
    if (!(limit >= 1)) return { admitted: false, resetAt: windowStart + this.windowMs };
    let state = this.states.get(bucket);
    if (state === undefined || state.windowStart !== windowStart) {
      if (state !== undefined) this.detach(state);
      state = this.track(bucket, limit, windowStart, now);
    }
    state.lastHitAt = now;
    if (state.available > 0) {
      state.available -= 1;
      return ADMITTED;
    }
    if (now < state.fullUntil) return { admitted: false, resetAt: state.resetAt };
    const waiting = state;
    return new Promise<RateDecision>((resolve, reject) => {
      waiting.waiters.push({ resolve, reject });
      if (!waiting.leasing) void this.pump(waiting);
    });
  }

  /** Gives back the places of buckets idle for idleMs and forgets them, and buckets of ended windows. */
  async returnIdle(): Promise<void> {
    const now = this.now();
    const windowStart = now - (now % this.windowMs);
    const returns: Promise<void>[] = [];
    for (const state of this.states.values()) {
      if (state.leasing) continue;
      if (state.windowStart !== windowStart || now - state.lastHitAt >= this.idleMs) {
        returns.push(this.detach(state));
      }
    }
    await Promise.all(returns);
  }

  /** Gives back every unused place (the instance is closing) and forgets every bucket. */
  async returnAll(): Promise<void> {
    await Promise.all([...this.states.values()].map((state) => this.detach(state)));
  }

  /** Buckets held in memory (for tests and the bound). */
  get size(): number {
    return this.states.size;
  }

  private track(bucket: string, limit: number, windowStart: number, now: number): BucketState {
    if (this.states.size >= this.maxBuckets) {
      // The oldest first (a Map keeps insertion order); its places go back to the store.
      const oldest = this.states.values().next();
      if (oldest.done !== true) void this.detach(oldest.value);
    }
    const state: BucketState = {
      bucket,
      limit,
      windowStart,
      available: 0,
      lease: null,
      ahead: 0,
      room: limit,
      fullUntil: 0,
      resetAt: windowStart + this.windowMs,
      lastHitAt: now,
      waiters: [],
      leasing: false,
    };
    this.states.set(bucket, state);
    return state;
  }

  /**
   * Leases for the waiting requests until none waits: each lease serves as many as it holds places
   * for, the rest wait for the next one; no room left refuses them all.
   */
  private async pump(state: BucketState): Promise<void> {
    state.leasing = true;
    try {
      while (state.waiters.length > 0) {
        if (!(await this.lease(state, state.waiters.length))) {
          state.fullUntil = Math.min(state.resetAt, this.now() + this.fullRecheckMs);
          const refused: RateDecision = { admitted: false, resetAt: state.resetAt };
          for (const waiter of state.waiters.splice(0)) waiter.resolve(refused);
          return;
        }
        while (state.available > 0 && state.waiters.length > 0) {
          state.available -= 1;
          state.waiters.shift()?.resolve(ADMITTED);
        }
      }
    } catch (error) {
      for (const waiter of state.waiters.splice(0)) waiter.reject(error);
    } finally {
      state.leasing = false;
      // Replaced (a new window) or evicted while the lease was in flight: its leftover goes back.
      if (this.states.get(state.bucket) !== state) void this.giveBack(state);
    }
  }

  /**
   * One block for `demand` waiting requests plus the bucket's lead, halved until it fits (the window
   * is nearly full); false when not even one place fits. A refused size bounds what is left, so the
   * next lease of the window does not ask for more again.
   */
  private async lease(state: BucketState, demand: number): Promise<boolean> {
    const cap = Math.min(this.maxAhead, Math.floor(state.limit / this.leaseShare));
    const ahead = Math.min(state.ahead, cap);
    // One place when the bound says none is left: another instance may have given some back.
    let count = Math.max(1, Math.min(demand + ahead, state.limit, state.room));
    for (;;) {
      const reservation = await this.store.take(state.bucket, count, state.limit);
      if (reservation !== null) {
        // Places are leased only when none is left, so all of them belong to this one reservation.
        state.available = count;
        state.lease = reservation;
        state.resetAt = reservation.windowStart.getTime() + this.windowMs;
        state.room -= count;
        state.ahead = Math.min(cap, Math.max(1, ahead * 2));
        return true;
      }
      state.room = count - 1;
      if (count === 1) return false;
      count = Math.ceil(count / 2);
    }
  }

  /** Forgets a bucket and gives its unused places back. */
  private detach(state: BucketState): Promise<void> {
    if (this.states.get(state.bucket) === state) this.states.delete(state.bucket);
    // A lease in flight gives back its own leftover when it ends (pump).
    return state.leasing ? Promise.resolve() : this.giveBack(state);
  }

  private async giveBack(state: BucketState): Promise<void> {
    const { lease, available } = state;
    state.available = 0;
    // Places of an ended window expire with it: nothing to give back.
    if (lease === null || available < 1) return;
    if (lease.windowStart.getTime() + this.windowMs <= this.now()) return;
    try {
      await this.store.release(lease, available);
    } catch (error) {
      this.onReturnError(error);
    }
  }
}
