import { describe, expect, it } from 'vitest';
import {
  memberCancels,
  memberConfirms,
  memberSets,
  staffSets,
  type LimitOutcome,
  type LimitState,
} from './limits.js';

const HOUR = 60 * 60_000;
const WINDOW_HOURS = 168;

/**
 * Every transition of a limit, written once with times relative to the profile: `C` is the end of the
 * cooling-off of the change parked at hour 0, `W` the end of its confirmation window (C + 7 days).
 * The table runs under each profile's cooling-off (24, 72 and 168 hours).
 *
 * State: `amount|parked`, where amount is a number or `none`, parked is `-` (nothing), a number (a
 * raise parked at `@hours`, default 0) or `x` (a removal parked).
 */
type Row = [state: string, action: string, at: string, effect: string, after: string];

const TABLE: Row[] = [
  // No limit yet: any limit applies at once; a removal, a confirmation, a cancellation change nothing.
  ['none|-', 'set 100', '1', 'applied', '100|-'],
  ['none|-', 'set 1', '1', 'applied', '1|-'],
  ['none|-', 'set 9007199254740993', '1', 'applied', '9007199254740993|-'],
  ['none|-', 'set none', '1', 'unchanged', 'none|-'],
  ['none|-', 'confirm', '1', 'refused not_parked', 'none|-'],
  ['none|-', 'cancel', '1', 'unchanged', 'none|-'],
  ['none|-', 'staff 100', '1', 'applied', '100|-'],
  // A limit, nothing parked: lower at once; the same changes nothing; a raise or removal is parked.
  ['100|-', 'set 50', '1', 'applied', '50|-'],
  ['100|-', 'set 99', '1', 'applied', '99|-'],
  ['100|-', 'set 100', '1', 'unchanged', '100|-'],
  ['100|-', 'set 101', '1', 'parked', '100|101@1'],
  ['100|-', 'set 200', '1', 'parked', '100|200@1'],
  ['100|-', 'set none', '1', 'parked', '100|x@1'],
  ['100|-', 'confirm', '1', 'refused not_parked', '100|-'],
  ['100|-', 'cancel', '1', 'unchanged', '100|-'],
  ['100|-', 'staff 50', '1', 'applied', '50|-'],
  ['100|-', 'staff 100', '1', 'unchanged', '100|-'],
  ['100|-', 'staff 101', '1', 'refused raise_by_staff', '100|-'],
  // A raise parked at hour 0: confirmed only from C to W; late, it lapses.
  ['100|200', 'confirm', '0', 'refused cooling_off', '100|200'],
  ['100|200', 'confirm', '1', 'refused cooling_off', '100|200'],
  ['100|200', 'confirm', 'C-1ms', 'refused cooling_off', '100|200'],
  ['100|200', 'confirm', 'C', 'applied', '200|-'],
  ['100|200', 'confirm', 'C+1', 'applied', '200|-'],
  ['100|200', 'confirm', 'W-1', 'applied', '200|-'],
  ['100|200', 'confirm', 'W', 'applied', '200|-'],
  ['100|200', 'confirm', 'W+1ms', 'refused lapsed', '100|-'],
  ['100|200', 'confirm', 'W+1000', 'refused lapsed', '100|-'],
  // Cancelling is immediate at any time; after the window there is nothing left to cancel.
  ['100|200', 'cancel', '0', 'cancelled', '100|-'],
  ['100|200', 'cancel', 'C-1ms', 'cancelled', '100|-'],
  ['100|200', 'cancel', 'C', 'cancelled', '100|-'],
  ['100|200', 'cancel', 'W', 'cancelled', '100|-'],
  ['100|200', 'cancel', 'W+1ms', 'unchanged', '100|-'],
  // Lowering while a raise waits applies at once and drops the raise.
  ['100|200', 'set 50', '1', 'applied', '50|-'],
  ['100|200', 'set 50', 'C', 'applied', '50|-'],
  ['100|200', 'set 100', '1', 'applied', '100|-'],
  ['100|200', 'set 1', 'W', 'applied', '1|-'],
  // Asking again restarts the cooling-off from the new request.
  ['100|200', 'set 300', '5', 'parked', '100|300@5'],
  ['100|200', 'set 150', 'C+1', 'parked', '100|150@C+1'],
  ['100|200', 'set 200', 'C+1', 'parked', '100|200@C+1'],
  ['100|200', 'set none', '5', 'parked', '100|x@5'],
  ['100|200', 'set 300', 'W+1', 'parked', '100|300@W+1'],
  ['100|200', 'set 50', 'W+1', 'applied', '50|-'],
  ['100|200', 'set none', 'W+1', 'parked', '100|x@W+1'],
  // Staff lower (dropping the raise) but never raise.
  ['100|200', 'staff 50', '5', 'applied', '50|-'],
  ['100|200', 'staff 100', '5', 'applied', '100|-'],
  ['100|200', 'staff 150', '5', 'refused raise_by_staff', '100|200'],
  ['100|200', 'staff 150', 'W+1', 'refused raise_by_staff', '100|-'],
  // A removal parked at hour 0.
  ['100|x', 'confirm', '1', 'refused cooling_off', '100|x'],
  ['100|x', 'confirm', 'C-1ms', 'refused cooling_off', '100|x'],
  ['100|x', 'confirm', 'C', 'applied', 'none|-'],
  ['100|x', 'confirm', 'W', 'applied', 'none|-'],
  ['100|x', 'confirm', 'W+1ms', 'refused lapsed', '100|-'],
  ['100|x', 'cancel', '1', 'cancelled', '100|-'],
  ['100|x', 'cancel', 'W+1ms', 'unchanged', '100|-'],
  ['100|x', 'set 50', '1', 'applied', '50|-'],
  ['100|x', 'set 300', '1', 'parked', '100|300@1'],
  ['100|x', 'set none', '2', 'parked', '100|x@2'],
  ['100|x', 'staff 80', '2', 'applied', '80|-'],
];

function hoursOf(text: string, cooling: number): number {
  const match = /^(C|W)?([+-]?\d+)?(ms)?$/.exec(text);
  if (match === null) throw new Error(`bad time ${text}`);
  const base = match[1] === 'C' ? cooling * HOUR : match[1] === 'W' ? (cooling + WINDOW_HOURS) * HOUR : 0;
  const offset = Number(match[2] ?? 0);
  return base + (match[3] === 'ms' ? offset : offset * HOUR);
}

function stateOf(text: string, cooling: number): LimitState {
  const [amount, parkedText] = text.split('|') as [string, string];
  const [parked, at] = parkedText.split('@') as [string, string | undefined];
  return {
    amount: amount === 'none' ? null : BigInt(amount),
    parkedAmount: parked === '-' || parked === 'x' ? null : BigInt(parked),
    parkedAt: parked === '-' ? null : hoursOf(at ?? '0', cooling),
  };
}

function act(action: string, state: LimitState, now: number, cooling: number): LimitOutcome {
  const rules = { coolingOffHours: cooling, confirmWindowHours: WINDOW_HOURS };
  const [verb, value] = action.split(' ') as [string, string | undefined];
  switch (verb) {
    case 'set':
      return memberSets(state, value === 'none' ? null : BigInt(value ?? ''), now, rules);
    case 'staff':
      return staffSets(state, BigInt(value ?? ''), now, rules);
    case 'confirm':
      return memberConfirms(state, now, rules);
    case 'cancel':
      return memberCancels(state, now, rules);
    default:
      throw new Error(`bad action ${action}`);
  }
}

describe.each([24, 72, 168])('a limit’s transitions with %i hours of cooling-off', (cooling) => {
  it.each(TABLE)('%s, %s at %s: %s → %s', (state, action, at, effect, after) => {
    const outcome = act(action, stateOf(state, cooling), hoursOf(at, cooling), cooling);
    const described = outcome.effect === 'refused' ? `refused ${outcome.reason}` : outcome.effect;
    expect(described).toBe(effect);
    expect(outcome.state).toEqual(stateOf(after, cooling));
  });
});
