import { AppPath } from '@wps/contract/routes';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as trust from '@/api/endpoints/trust';
import { WpsError } from '@/api/errors';
import { performErrorAction } from '@/features/apiErrors/errorActions';
import { errorAction, errorFacts } from '@/features/apiErrors/errorCatalogue';
import { registerNavigate } from '@/features/navigation';
import { getSession, setSession, clearSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { memberSession } from '@/test/sessionFixture';
import { dialogQueue } from '@/ui/notices';
import { QueuedDialog } from '@/ui/QueuedDialog';
import { breakNoticeOf } from './breakNotice';
import { breakDateText } from './dateText';

vi.mock('@/api/endpoints/trust', () => ({ fetchPlaySession: vi.fn() }));
const fetchPlaySession = vi.mocked(trust.fetchPlaySession);

const UNTIL = '2026-12-06T12:00:00.000Z';
const HELP = [
  { country: 'MT', name: 'Sedqa', url: 'https://fsws.gov.mt/en/sedqa', phone: '1777' },
  { country: '*', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' },
];
const https = { online: true, protocol: 'https:' };

let navigations: string[] = [];
let unregister: () => void = () => undefined;

beforeEach(() => {
  navigations = [];
  window.history.pushState({}, '', '/m/game');
  unregister = registerNavigate((href) => navigations.push(href));
});
afterEach(() => {
  unregister();
  for (const dialog of dialogQueue.get()) dialog.resolve(true);
  clearSession();
  vi.clearAllMocks();
});

/** Runs what the catalogue does with `error`; answers once its dialog is queued. */
async function perform(error: WpsError): Promise<{ done: Promise<void> }> {
  const done = performErrorAction(errorAction(errorFacts(error, https)));
  await vi.waitFor(() => expect(dialogQueue.get()).toHaveLength(1));
  // Wrapped: an async function would wait for a promise it returns.
  return { done };
}

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

describe('a break refused by the server (rg_break_active)', () => {
  const refusal = (until: string | null) =>
    new WpsError(403, 'rg_break_active', 'You are taking a break.', {
      serverMessage: 'You are taking a break.',
      data: { kind: until === null ? 'self_exclusion' : 'time_out', since: UNTIL, until, helpLines: HELP },
    });

  it('at sign-in: the dialog says why, that withdrawals stay possible, and links the help lines', async () => {
    const { done } = await perform(refusal(UNTIL));
    expect(fetchPlaySession).not.toHaveBeenCalled();
    renderWithI18n(<QueuedDialog />);
    const dialog = within(screen.getByRole('alertdialog', { name: 'You are taking a break' }));
    expect(dialog.getByText(`You are on a time-out until ${breakDateText(UNTIL, 'EN')}.`)).toBeVisible();
    expect(dialog.getByText('Withdrawals stay possible through customer service.')).toBeVisible();
    expect(dialog.getByRole('heading', { name: 'Where to get help' })).toBeVisible();
    expect(dialog.getByRole('link', { name: 'Sedqa · 1777' })).toHaveAttribute(
      'href',
      'https://fsws.gov.mt/en/sedqa',
    );
    expect(dialog.getByRole('link', { name: 'Gambling Therapy' })).toHaveAttribute('target', '_blank');
    dialog.getByRole('button', { name: 'Confirm' }).click();
    await done;
    expect(navigations).toEqual([]);
  });

  it('says it once for several refusals together', async () => {
    const { done: first } = await perform(refusal(null));
    void performErrorAction(errorAction(errorFacts(refusal(null), https)));
    await vi.dynamicImportSettled();
    expect(dialogQueue.get()).toHaveLength(1);
    dialogQueue.get()[0]?.resolve(true);
    await first;
  });

  it('on the session that took the break: the session stays (withdrawals)', async () => {
    setSession(memberSession());
    fetchPlaySession.mockResolvedValue({
      startedAt: UNTIL,
      serverTime: UNTIL,
      net: '0',
      wagered: '0',
      currency: 'PHP',
      realityCheckMinutes: null,
      endsAt: null,
    });
    const { done } = await perform(refusal(null));
    expect(dialogQueue.get()[0]?.message).toEqual({ key: 'rg_break_permanent' });
    dialogQueue.get()[0]?.resolve(true);
    await done;
    expect(getSession()).not.toBeNull();
    expect(navigations).toEqual([]);
  });

  it('on a session the break ended: cleared, told why, then the login page', async () => {
    setSession(memberSession());
    fetchPlaySession.mockRejectedValue(refusal(null));
    const { done } = await perform(refusal(null));
    expect(getSession()).toBeNull();
    expect(dialogQueue.get()[0]?.title).toEqual({ key: 'rg_break_notice_title' });
    dialogQueue.get()[0]?.resolve(true);
    await done;
    expect(navigations).toEqual([`${AppPath.login}?go=${encodeURIComponent('/m/game')}`]);
  });
});

describe('the session-time limit (rg_session_limit)', () => {
  it.each([
    [{ minutes: 90 }, { key: 'rg_session_ended_minutes', params: { minutes: '90' } }],
    [null, { key: 'rg_session_ended' }],
  ])('ends the session with its own message (data %j)', async (data, message) => {
    setSession(memberSession());
    const { done } = await perform(
      new WpsError(401, 'rg_session_limit', 'Limit.', { serverMessage: 'Limit.', data }),
    );
    expect(getSession()).toBeNull();
    expect(dialogQueue.get()[0]?.message).toEqual(message);
    dialogQueue.get()[0]?.resolve(true);
    await done;
    expect(navigations).toEqual([`${AppPath.login}?go=${encodeURIComponent('/m/game')}`]);
  });
});
