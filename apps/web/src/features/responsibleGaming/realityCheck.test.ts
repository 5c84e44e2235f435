import { describe, expect, it } from 'vitest';
import { clockSkew, minutesPlayed, nextCheckAt, sessionEndsAt } from './realityCheck';

const MIN = 60_000;
const START = Date.parse('2026-11-29T10:00:00.000Z');
const view = (realityCheckMinutes: number | null, startedAt = new Date(START).toISOString()) => ({
  startedAt,
  realityCheckMinutes,
});

describe('nextCheckAt', () => {
  it.each<[string, number | null, number, number, number | null]>([
    // name, interval, device now (minutes after the start), skew (ms), expected (minutes after the start)
    ['the session just started: the first interval', 30, 0, 0, 30],
    ['a second before the first check', 30, 30 - 1 / 60, 0, 30],
    ['exactly at a check: the next one (a check is never shown twice)', 30, 30, 0, 60],
    ['a second after the first check', 30, 30 + 1 / 60, 0, 60],
    ['well into the session', 15, 100, 0, 105],
    ['an hour interval, 3 hours in', 60, 180, 0, 240],
    ['no reality check', null, 10, 0, null],
    ['an interval of 0 is no reality check', 0, 10, 0, null],
  ])('%s', (_name, minutes, nowMinutes, skew, expected) => {
    const due = nextCheckAt(view(minutes), skew, START + nowMinutes * MIN);
    expect(due === null ? null : (due - START) / MIN).toBe(expected);
  });

  it.each<[string, number]>([
    ['the device 5 minutes slow', 5 * MIN],
    ['the device 5 minutes fast', -5 * MIN],
    ['the device a day off', 86_400_000],
  ])('counts on the server’s clock with %s', (_name, skew) => {
    // The device reads server time minus the skew; 20 minutes into a 30-minute interval on the server.
    const deviceNow = START + 20 * MIN - skew;
    const due = nextCheckAt(view(30), skew, deviceNow);
    // Ten more minutes on the device's own clock, whatever it says.
    expect(due).toBe(deviceNow + 10 * MIN);
  });

  it('ignores a start that does not parse', () => {
    expect(nextCheckAt(view(30, 'yesterday'), 0, START)).toBeNull();
  });
});

describe('clockSkew, sessionEndsAt, minutesPlayed', () => {
  it.each([
    ['2026-11-29T10:00:05.000Z', START, 5000],
    ['2026-11-29T09:59:00.000Z', START, -MIN],
    ['garbage', START, 0],
  ])('server time %s read at the device’s %s: skew %s', (serverTime, deviceNow, expected) => {
    expect(clockSkew({ serverTime }, deviceNow)).toBe(expected);
  });

  it.each<[string | null, number, number | null]>([
    [null, 0, null],
    ['2026-11-29T11:00:00.000Z', 0, START + 60 * MIN],
    ['2026-11-29T11:00:00.000Z', 2 * MIN, START + 58 * MIN],
    ['never', 0, null],
  ])('a session ending at %s with skew %s ends on the device at %s', (endsAt, skew, expected) => {
    expect(sessionEndsAt({ endsAt }, skew)).toBe(expected);
  });

  it.each([
    [START + 45 * MIN, 0, 45],
    [START + 45 * MIN + 59_999, 0, 45],
    [START - 5 * MIN, 0, 0],
    [START + 40 * MIN, 5 * MIN, 45],
  ])('at %s with skew %s the member has played %s minutes', (deviceNow, skew, expected) => {
    expect(minutesPlayed({ startedAt: new Date(START).toISOString() }, skew, deviceNow)).toBe(expected);
  });
});
