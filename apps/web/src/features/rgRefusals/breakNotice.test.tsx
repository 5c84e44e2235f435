import { describe, expect, it } from 'vitest';
import { breakNoticeOf } from './breakNotice';
import { breakDateText } from './dateText';

const UNTIL = '2026-12-06T12:00:00.000Z';
const HELP = [
  { country: 'MT', name: 'Sedqa', url: 'https://fsws.gov.mt/en/sedqa', phone: '1777' },
  { country: '*', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' },
];

describe('breakNoticeOf', () => {
  it.each([
    [
      'a dated time-out',
      { kind: 'time_out' as const, until: UNTIL, helpLines: HELP },
      { key: 'rg_break_time_out_until', params: { date: breakDateText(UNTIL, 'EN') } },
    ],
    [
      'a dated self-exclusion',
      { kind: 'self_exclusion' as const, until: UNTIL, helpLines: HELP },
      { key: 'rg_break_excluded_until', params: { date: breakDateText(UNTIL, 'EN') } },
    ],
    [
      'a permanent self-exclusion',
      { kind: 'self_exclusion' as const, until: null, helpLines: HELP },
      { key: 'rg_break_permanent' },
    ],
    ['no readable details', null, { key: 'rg_break_generic' }],
  ])('%s', (_name, running, message) => {
    const notice = breakNoticeOf(running, 'EN');
    expect(notice.title).toEqual({ key: 'rg_break_notice_title' });
    expect(notice.message).toEqual(message);
    expect(notice.details?.paragraphs).toEqual([{ key: 'rg_break_withdraw' }]);
    expect(notice.details?.links).toEqual(
      running === null
        ? []
        : [
            { text: 'Sedqa · 1777', href: 'https://fsws.gov.mt/en/sedqa' },
            { text: 'Gambling Therapy', href: 'https://www.gamblingtherapy.org' },
          ],
    );
  });

  it('writes the date in the member’s language', () => {
    expect(breakDateText(UNTIL, 'EN')).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(UNTIL)),
    );
    expect(breakDateText(UNTIL, 'JA')).not.toBe(breakDateText(UNTIL, 'EN'));
  });
});
