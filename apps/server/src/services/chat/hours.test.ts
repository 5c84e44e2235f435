import type { SupportHours } from '@wps/contract/chat';
import { describe, expect, it } from 'vitest';
import { availabilityAt } from './hours.js';

const WEEKDAYS_VN: SupportHours = {
  timeZone: 'Asia/Ho_Chi_Minh',
  days: [1, 2, 3, 4, 5],
  open: '09:00',
  close: '18:00',
};
const NIGHTS: SupportHours = { timeZone: 'UTC', days: [5], open: '22:00', close: '02:00' };

describe('support hours', () => {
  it.each([
    ['no hours: always open', null, '2030-01-01T12:00:00Z', { open: true, nextOpenAt: null }],
    ['inside (Tue 10:00 in Vietnam)', WEEKDAYS_VN, '2030-01-01T03:00:00Z', { open: true, nextOpenAt: null }],
    [
      'at closing (Tue 18:00): closed until Wed 09:00',
      WEEKDAYS_VN,
      '2030-01-01T11:00:00Z',
      { open: false, nextOpenAt: '2030-01-02T02:00:00.000Z' },
    ],
    [
      'Friday evening: closed until Monday 09:00',
      WEEKDAYS_VN,
      '2030-01-04T12:00:00Z',
      { open: false, nextOpenAt: '2030-01-07T02:00:00.000Z' },
    ],
    [
      'a minute before opening rounds up to the opening',
      WEEKDAYS_VN,
      '2030-01-02T01:59:00Z',
      { open: false, nextOpenAt: '2030-01-02T02:00:00.000Z' },
    ],
    [
      'past midnight belongs to the day it starts (Sat 01:00)',
      NIGHTS,
      '2030-01-05T01:00:00Z',
      { open: true, nextOpenAt: null },
    ],
    [
      'Sat 03:00 after the night: next Friday 22:00',
      NIGHTS,
      '2030-01-05T03:00:00Z',
      { open: false, nextOpenAt: '2030-01-11T22:00:00.000Z' },
    ],
    [
      'an unknown time zone: treated as always open',
      { ...WEEKDAYS_VN, timeZone: 'Mars/Olympus' },
      '2030-01-01T12:00:00Z',
      { open: true, nextOpenAt: null },
    ],
    [
      'a malformed time: always open',
      { ...WEEKDAYS_VN, open: '9am' },
      '2030-01-01T12:00:00Z',
      { open: true, nextOpenAt: null },
    ],
    [
      'no days: always open',
      { ...WEEKDAYS_VN, days: [] },
      '2030-01-01T12:00:00Z',
      { open: true, nextOpenAt: null },
    ],
  ])('%s', (_name, hours, at, expected) => {
    expect(availabilityAt(hours, Date.parse(at))).toEqual(expected);
  });
});
