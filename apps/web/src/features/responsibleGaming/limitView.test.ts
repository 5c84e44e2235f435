import type { LimitType, LimitView, ParkedLimit } from '@wps/contract/trust';
import { LIMIT_TYPES } from '@wps/contract/trust';
import { describe, expect, it } from 'vitest';
import { durationName, groupOf, isLimitType, LIMIT_GROUPS, limitState, periodName } from './limitView';

const FROM = '2026-11-30T12:00:00.000Z';
const UNTIL = '2026-12-07T12:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

function limit(amount: string | null, parked: ParkedLimit | null = null): LimitView {
  return { type: 'deposit_day', amount, used: '0', resetsAt: null, parked };
}

const parked = (amount: string | null, from = FROM, until = UNTIL): ParkedLimit => ({
  amount,
  requestedAt: '2026-11-29T12:00:00.000Z',
  confirmableFrom: from,
  confirmableUntil: until,
});

describe('limitState', () => {
  it.each<[string, LimitView, number, ReturnType<typeof limitState>]>([
    ['no limit', limit(null), at(FROM), { kind: 'none' }],
    ['a limit set', limit('1000.00'), at(FROM), { kind: 'set', amount: '1000.00' }],
    [
      'a raise in its cooling-off',
      limit('1000.00', parked('5000.00')),
      at(FROM) - 1,
      { kind: 'cooling', amount: '1000.00', to: '5000.00', from: FROM, until: UNTIL },
    ],
    [
      'a raise the first instant it may be confirmed',
      limit('1000.00', parked('5000.00')),
      at(FROM),
      { kind: 'confirmable', amount: '1000.00', to: '5000.00', until: UNTIL },
    ],
    [
      'a removal inside its window',
      limit('1000.00', parked(null)),
      at(FROM) + 3_600_000,
      { kind: 'confirmable', amount: '1000.00', to: null, until: UNTIL },
    ],
    [
      'a raise the last instant of its window',
      limit('1000.00', parked('5000.00')),
      at(UNTIL) - 1,
      { kind: 'confirmable', amount: '1000.00', to: '5000.00', until: UNTIL },
    ],
    [
      'a raise whose window closed (lapsed)',
      limit('1000.00', parked('5000.00')),
      at(UNTIL),
      { kind: 'lapsed', amount: '1000.00', to: '5000.00', until: UNTIL },
    ],
    [
      'a removal long lapsed',
      limit('10', parked(null)),
      at(UNTIL) + 90 * 86_400_000,
      { kind: 'lapsed', amount: '10', to: null, until: UNTIL },
    ],
    [
      'a window that does not parse stays not confirmable (the server decides)',
      limit('1000.00', parked('5000.00', 'not a date', UNTIL)),
      at(UNTIL) + 1,
      { kind: 'cooling', amount: '1000.00', to: '5000.00', from: 'not a date', until: UNTIL },
    ],
  ])('%s', (_name, view, now, expected) => {
    expect(limitState(view, now)).toEqual(expected);
  });
});

describe('limit groups and names', () => {
  it('shows every limit type once, grouped deposit, loss, wager, session', () => {
    const shown = LIMIT_GROUPS.flatMap((group) => group.types);
    expect([...shown].sort()).toEqual([...LIMIT_TYPES].sort());
    expect(LIMIT_GROUPS.map((group) => group.group)).toEqual(['deposit', 'loss', 'wager', 'session']);
  });

  it.each<[LimitType, string, string | null]>([
    ['deposit_day', 'deposit', 'rg_period_day'],
    ['deposit_week', 'deposit', 'rg_period_week'],
    ['deposit_month', 'deposit', 'rg_period_month'],
    ['loss_day', 'loss', 'rg_period_day'],
    ['loss_week', 'loss', 'rg_period_week'],
    ['loss_month', 'loss', 'rg_period_month'],
    ['wager_day', 'wager', 'rg_period_day'],
    ['wager_week', 'wager', 'rg_period_week'],
    ['wager_month', 'wager', 'rg_period_month'],
    ['session_time', 'session', null],
  ])('%s is in group %s, window %s', (type, group, period) => {
    expect(groupOf(type)).toBe(group);
    expect(periodName(type)).toBe(period);
  });

  it.each([
    ['deposit_day', true],
    ['session_time', true],
    ['deposit_year', false],
    ['', false],
    [null, false],
    [7, false],
    ['__proto__', false],
  ])('isLimitType(%j) is %s', (value, expected) => {
    expect(isLimitType(value)).toBe(expected);
  });

  it('names the 24-hour and 7-day breaks as the windows of the same length', () => {
    expect(durationName('24h')).toBe('rg_period_day');
    expect(durationName('7d')).toBe('rg_period_week');
    expect(durationName('permanent')).toBe('rg_duration_permanent');
  });
});
