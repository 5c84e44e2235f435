import { AppPath } from '@wps/contract/routes';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as trust from '@/api/endpoints/trust';
import { WpsError } from '@/api/errors';
import { registerNavigate } from '@/features/navigation';
import { breakDateText } from '@/features/rgRefusals';
import { getSession, setSession, clearSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { memberSession } from '@/test/sessionFixture';
import { dialogQueue } from '@/ui/notices';
import { QueuedDialog } from '@/ui/QueuedDialog';
import { handleError } from './errorActions';

// The error catalogue's rows for responsible gaming (issue 29): a break at sign-in or on a session it
// ended (rg_break_active) and the session-time limit (rg_session_limit).

vi.mock('@/api/endpoints/trust', () => ({ fetchPlaySession: vi.fn() }));
const fetchPlaySession = vi.mocked(trust.fetchPlaySession);

const UNTIL = '2026-12-06T12:00:00.000Z';
const HELP = [
  { country: 'MT', name: 'Sedqa', url: 'https://fsws.gov.mt/en/sedqa', phone: '1777' },
  { country: '*', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' },
];

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

/** Runs what the error catalogue does with `error`; resolves once its dialog is queued. */
async function perform(error: WpsError): Promise<void> {
  handleError(error);
  await vi.waitFor(() => expect(dialogQueue.get()).toHaveLength(1));
}

/** The member confirms the dialog; resolves once whatever follows has run. */
async function confirmed(): Promise<void> {
  dialogQueue.get()[0]?.resolve(true);
  await vi.dynamicImportSettled();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('a break refused by the server (rg_break_active)', () => {
  const refusal = (until: string | null) =>
    new WpsError(403, 'rg_break_active', 'You are taking a break.', {
      serverMessage: 'You are taking a break.',
      data: { kind: until === null ? 'self_exclusion' : 'time_out', since: UNTIL, until, helpLines: HELP },
    });

  it('at sign-in: the dialog says why, that withdrawals stay possible, and links the help lines', async () => {
    await perform(refusal(UNTIL));
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
    await confirmed();
    expect(navigations).toEqual([]);
  });

  it('says it once for several refusals together', async () => {
    await perform(refusal(null));
    handleError(refusal(null));
    await vi.dynamicImportSettled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(dialogQueue.get()).toHaveLength(1);
    await confirmed();
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
    await perform(refusal(null));
    expect(dialogQueue.get()[0]?.message).toEqual({ key: 'rg_break_permanent' });
    await confirmed();
    expect(getSession()).not.toBeNull();
    expect(navigations).toEqual([]);
  });

  it('on a session the break ended: cleared, told why, then the login page', async () => {
    setSession(memberSession());
    fetchPlaySession.mockRejectedValue(refusal(null));
    await perform(refusal(null));
    expect(getSession()).toBeNull();
    expect(dialogQueue.get()[0]?.title).toEqual({ key: 'rg_break_notice_title' });
    await confirmed();
    expect(navigations).toEqual([`${AppPath.login}?go=${encodeURIComponent('/m/game')}`]);
  });
});

describe('the session-time limit (rg_session_limit)', () => {
  it.each([
    [{ minutes: 90 }, { key: 'rg_session_ended_minutes', params: { minutes: '90' } }],
    [null, { key: 'rg_session_ended' }],
  ])('ends the session with its own message (data %j)', async (data, message) => {
    setSession(memberSession());
    await perform(new WpsError(401, 'rg_session_limit', 'Limit.', { serverMessage: 'Limit.', data }));
    expect(getSession()).toBeNull();
    expect(dialogQueue.get()[0]?.message).toEqual(message);
    await confirmed();
    expect(navigations).toEqual([`${AppPath.login}?go=${encodeURIComponent('/m/game')}`]);
  });
});
