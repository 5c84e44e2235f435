import type { JurisdictionRules } from '@wps/contract/trust';

const HOUR_MS = 60 * 60_000;

/** A limit as stored: what applies, and a change parked for the cooling-off (`parkedAt` set). */
export interface LimitState {
  amount: bigint | null;
  /** The parked value; null with `parkedAt` set: a removal is parked. */
  parkedAmount: bigint | null;
  parkedAt: number | null;
}

export const NO_LIMIT: LimitState = { amount: null, parkedAmount: null, parkedAt: null };

/** What a request did: `applied` at once, `parked` for the cooling-off, `unchanged`, or refused. */
export type LimitOutcome =
  | { effect: 'applied' | 'parked' | 'unchanged' | 'cancelled'; state: LimitState }
  | {
      effect: 'refused';
      reason: 'not_parked' | 'cooling_off' | 'lapsed' | 'raise_by_staff';
      state: LimitState;
    };

type Timing = Pick<JurisdictionRules, 'coolingOffHours' | 'confirmWindowHours'>;

/** When a parked change may be confirmed, and until when. */
export function confirmWindow(parkedAt: number, rules: Timing): { from: number; until: number } {
  const from = parkedAt + rules.coolingOffHours * HOUR_MS;
  return { from, until: from + rules.confirmWindowHours * HOUR_MS };
}

/** The state as it stands at `now`: a parked change whose window passed has lapsed. */
export function current(state: LimitState, now: number, rules: Timing): LimitState {
  if (state.parkedAt !== null && now > confirmWindow(state.parkedAt, rules).until) {
    return { ...state, parkedAmount: null, parkedAt: null };
  }
  return state;
}

/**
 * The member sets `wanted` (null: remove). A new limit, a lower one or the same applies at once
 * and drops anything parked (RTS 12: lowering takes effect immediately); a raise or a removal is
 * parked from `now`, replacing an earlier parked change (its cooling-off starts again).
 */
export function memberSets(
  stored: LimitState,
  wanted: bigint | null,
  now: number,
  rules: Timing,
): LimitOutcome {
  const state = current(stored, now, rules);
  if (wanted === null) {
    if (state.amount === null) return { effect: 'unchanged', state };
    return { effect: 'parked', state: { amount: state.amount, parkedAmount: null, parkedAt: now } };
  }
  if (state.amount === null || wanted <= state.amount) {
    const unchanged = wanted === state.amount && state.parkedAt === null;
    return { effect: unchanged ? 'unchanged' : 'applied', state: { ...NO_LIMIT, amount: wanted } };
  }
  return { effect: 'parked', state: { amount: state.amount, parkedAmount: wanted, parkedAt: now } };
}

/** The member confirms the parked change: only after the cooling-off and within the window. */
export function memberConfirms(stored: LimitState, now: number, rules: Timing): LimitOutcome {
  if (stored.parkedAt === null) return { effect: 'refused', reason: 'not_parked', state: stored };
  const window = confirmWindow(stored.parkedAt, rules);
  if (now < window.from) return { effect: 'refused', reason: 'cooling_off', state: stored };
  if (now > window.until) {
    return { effect: 'refused', reason: 'lapsed', state: { ...stored, parkedAmount: null, parkedAt: null } };
  }
  return { effect: 'applied', state: { ...NO_LIMIT, amount: stored.parkedAmount } };
}

/** The member drops a parked change: at once, the limit stays as it is. */
export function memberCancels(stored: LimitState, now: number, rules: Timing): LimitOutcome {
  const state = current(stored, now, rules);
  if (state.parkedAt === null) return { effect: 'unchanged', state };
  return { effect: 'cancelled', state: { ...state, parkedAmount: null, parkedAt: null } };
}

/**
 * Staff set a limit where there was none or lower one; never raise or remove (openora's reduce-only
 * override). A parked raise above the new limit is dropped with it.
 */
export function staffSets(
  stored: LimitState,
  wanted: bigint | null,
  now: number,
  rules: Timing,
): LimitOutcome {
  const state = current(stored, now, rules);
  // A removal (null) is the largest raise; with no limit there is nothing to remove.
  if (wanted === null) {
    return state.amount === null
      ? { effect: 'unchanged', state }
      : { effect: 'refused', reason: 'raise_by_staff', state };
  }
  if (state.amount !== null && wanted > state.amount) {
    return { effect: 'refused', reason: 'raise_by_staff', state };
  }
  const unchanged = wanted === state.amount && state.parkedAt === null;
  return { effect: unchanged ? 'unchanged' : 'applied', state: { ...NO_LIMIT, amount: wanted } };
}
