import type { MoneyLimitType } from '@wps/contract/trust';
import { describe, expect, it } from 'vitest';
import {
  breakMessageKey,
  breakRunningOf,
  limitReachedKey,
  limitReachedOf,
  sessionLimitMinutesOf,
} from './refusals';

const REFUSAL = { limit: '1000.00', used: '800.00', left: '200.00', resetsAt: '2026-11-30T08:15:00.000Z' };

describe('limitReachedOf', () => {
  it.each<MoneyLimitType>([
    'deposit_day',
    'deposit_week',
    'deposit_month',
    'loss_day',
    'loss_week',
    'loss_month',
    'wager_day',
    'wager_week',
    'wager_month',
  ])('reads a %s refusal with its reset time', (type) => {
    expect(limitReachedOf({ type, ...REFUSAL })).toEqual({ type, ...REFUSAL });
    expect(limitReachedKey({ type, ...REFUSAL })).toBe('rg_limit_reached_until');
  });

  it.each<[string, unknown]>([
    ['no data', undefined],
    ['null', null],
    ['a string', 'rg_limit_reached'],
    ['the session limit (not money)', { type: 'session_time', ...REFUSAL }],
    ['an unknown type', { type: 'deposit_year', ...REFUSAL }],
    ['amounts as numbers', { type: 'deposit_day', limit: 1000, used: 800, left: 200 }],
    ['a missing amount', { type: 'deposit_day', limit: '1000.00', used: '800.00' }],
    ['markup for an amount', { ...REFUSAL, type: 'deposit_day', used: '<img src=x onerror=alert(1)>' }],
    ['NaN', { ...REFUSAL, type: 'deposit_day', left: 'NaN' }],
    ['too many decimals', { ...REFUSAL, type: 'deposit_day', left: '1.00001' }],
  ])('gives null for %s', (_name, data) => {
    expect(limitReachedOf(data)).toBeNull();
  });

  it.each([
    [null, null],
    ['not a date', null],
    [12345, null],
  ])('a reset time of %j is left out (the sentence without a date)', (resetsAt, expected) => {
    const refusal = limitReachedOf({ type: 'deposit_week', ...REFUSAL, resetsAt });
    expect(refusal?.resetsAt).toBe(expected);
    expect(refusal && limitReachedKey(refusal)).toBe('rg_limit_reached');
  });
});

describe('breakRunningOf', () => {
  const line = { country: '*', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' };

  it.each<[string, unknown, ReturnType<typeof breakRunningOf>, string | null]>([
    [
      'a dated time-out',
      {
        kind: 'time_out',
        since: '2026-11-29T00:00:00Z',
        until: '2026-11-30T00:00:00.000Z',
        helpLines: [line],
      },
      { kind: 'time_out', until: '2026-11-30T00:00:00.000Z', helpLines: [line] },
      'rg_break_time_out_until',
    ],
    [
      'a dated self-exclusion',
      { kind: 'self_exclusion', until: '2027-05-29T00:00:00.000Z', helpLines: [] },
      { kind: 'self_exclusion', until: '2027-05-29T00:00:00.000Z', helpLines: [] },
      'rg_break_excluded_until',
    ],
    [
      'a permanent self-exclusion (until null)',
      { kind: 'self_exclusion', until: null, helpLines: [line] },
      { kind: 'self_exclusion', until: null, helpLines: [line] },
      'rg_break_permanent',
    ],
    [
      'a permanent self-exclusion written as year 9999',
      { kind: 'self_exclusion', until: '9999-12-31T00:00:00.000Z' },
      { kind: 'self_exclusion', until: null, helpLines: [] },
      'rg_break_permanent',
    ],
    ['an unknown kind', { kind: 'holiday', until: null }, null, null],
    ['no data', null, null, null],
  ])('%s', (_name, data, expected, key) => {
    const running = breakRunningOf(data);
    expect(running).toEqual(expected);
    expect(running && breakMessageKey(running)).toBe(key);
  });

  it('keeps only help lines that are web links, with their phone when given', () => {
    const running = breakRunningOf({
      kind: 'time_out',
      until: '2026-11-30T00:00:00.000Z',
      helpLines: [
        { country: 'MT', name: 'Sedqa', url: 'https://fsws.gov.mt/en/sedqa', phone: '1777' },
        { country: 'XX', name: 'Evil', url: 'javascript:alert(1)' },
        { country: 'XX', name: 'Data', url: 'data:text/html,hi' },
        { name: 'No country', url: 'http://help.example' },
        { country: 'XX', url: 'https://no-name.example' },
        'not a line',
      ],
    });
    expect(running?.helpLines).toEqual([
      { country: 'MT', name: 'Sedqa', url: 'https://fsws.gov.mt/en/sedqa', phone: '1777' },
      { country: '*', name: 'No country', url: 'http://help.example' },
    ]);
  });
});

describe('sessionLimitMinutesOf', () => {
  it.each([
    [{ minutes: 60 }, 60],
    [{ minutes: 0 }, null],
    [{ minutes: -5 }, null],
    [{ minutes: 1.5 }, null],
    [{ minutes: '60' }, null],
    [null, null],
  ])('%j → %s', (data, expected) => {
    expect(sessionLimitMinutesOf(data)).toBe(expected);
  });
});
