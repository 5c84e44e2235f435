import type { LimitType, LimitView, ResponsibleGamingStatus } from '@wps/contract/trust';
import { LIMIT_TYPES } from '@wps/contract/trust';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as trust from '@/api/endpoints/trust';
import { NETWORK_ERROR, WpsError } from '@/api/errors';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { flush, resetEachQueryTest } from '@/test/queryFixtures';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { ResponsibleGamingScreen } from './ResponsibleGamingScreen';

vi.mock('@/api/endpoints/trust', () => ({
  fetchRgStatus: vi.fn(),
  setLimit: vi.fn(),
  confirmLimit: vi.fn(),
  cancelLimit: vi.fn(),
  setRealityCheck: vi.fn(),
  takeBreak: vi.fn(),
  fetchPlaySession: vi.fn(),
}));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));
const fetchRgStatus = vi.mocked(trust.fetchRgStatus);
const setLimit = vi.mocked(trust.setLimit);
const confirmLimit = vi.mocked(trust.confirmLimit);
const cancelLimit = vi.mocked(trust.cancelLimit);
const setRealityCheck = vi.mocked(trust.setRealityCheck);
const takeBreak = vi.mocked(trust.takeBreak);

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (time: number) => new Date(time).toISOString();

function limits(overrides: Partial<Record<LimitType, Partial<LimitView>>> = {}): LimitView[] {
  return LIMIT_TYPES.map((type) => ({
    type,
    amount: null,
    used: '0',
    resetsAt: null,
    parked: null,
    ...overrides[type],
  }));
}

function status(overrides: Partial<ResponsibleGamingStatus> = {}): ResponsibleGamingStatus {
  return {
    profile: {
      id: 'mga-like',
      name: 'MGA-like',
      minAge: 18,
      coolingOffHours: 24,
      confirmWindowHours: 168,
      timeOutOptions: ['24h', '7d', '1m', '6w'],
      selfExclusionOptions: ['6m', '1y', '5y', 'permanent'],
      realityCheckMinutes: [15, 30, 60],
      limitPrompt: 'first_deposit',
    },
    currency: 'PHP',
    limits: limits(),
    realityCheckMinutes: null,
    activeBreak: null,
    helpLines: [
      { country: 'MT', name: 'Sedqa', url: 'https://fsws.gov.mt/en/sedqa', phone: '1777' },
      { country: '*', name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org' },
    ],
    ...overrides,
  };
}

function renderScreen() {
  signIn();
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/responsible-gaming']}>
      <Routes>
        <Route path="responsible-gaming" element={<ResponsibleGamingScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const card = (type: LimitType) => within(screen.getByTestId(`rg-limit-${type}`));

resetEachQueryTest();
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('ResponsibleGamingScreen', () => {
  it('shows loading, then a failure with Retry that loads again', async () => {
    fetchRgStatus.mockRejectedValueOnce(new WpsError(0, NETWORK_ERROR, 'offline'));
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Responsible gaming' })).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your limits could not be loaded.');
    fetchRgStatus.mockResolvedValueOnce(status());
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('rg-group-deposit')).toBeVisible();
  });

  it('groups the ten limits (deposit 24 h / 7 days / 30 days, net loss, wager, session time)', async () => {
    fetchRgStatus.mockResolvedValue(status());
    renderScreen();
    await screen.findByTestId('rg-group-deposit');
    const heading = (group: string) =>
      within(screen.getByTestId(`rg-group-${group}`))
        .getAllByRole('heading')
        .map((node) => node.textContent);
    expect(heading('deposit')).toEqual(['Deposit limit', '24 hours', '7 days', '30 days']);
    expect(heading('loss')).toEqual(['Net loss limit', '24 hours', '7 days', '30 days']);
    expect(heading('wager')).toEqual(['Wager limit', '24 hours', '7 days', '30 days']);
    expect(heading('session')).toEqual(['Session time limit', 'Per session']);
    for (const type of LIMIT_TYPES) expect(card(type).getByText('No limit')).toBeVisible();
  });

  it('says so when the server offers no limits', async () => {
    fetchRgStatus.mockResolvedValue(status({ limits: [] }));
    renderScreen();
    expect(await screen.findByText('No limits are offered here.')).toBeVisible();
  });

  it.each<[string, Partial<LimitView>, LimitType, string[], { confirm: 'none' | 'enabled' | 'disabled' }]>([
    ['none', {}, 'deposit_day', ['No limit'], { confirm: 'none' }],
    [
      'set, with use and reset time',
      { amount: '1000', used: '250.5', resetsAt: '2026-11-29T20:30:00.000Z' },
      'deposit_week',
      ['₱1,000.00', 'Used: ₱250.50 · frees up from Nov 29, 2026, 8:30 PM'],
      { confirm: 'none' },
    ],
    [
      'a raise in its cooling-off (Confirm off, with the date it opens)',
      {
        amount: '1000.00',
        parked: {
          amount: '5000.00',
          requestedAt: iso(NOW - HOUR),
          confirmableFrom: '2026-11-30T11:00:00.000Z',
          confirmableUntil: '2026-12-07T11:00:00.000Z',
        },
      },
      'loss_day',
      ['Waiting: new limit ₱5,000.00', 'You can confirm it from Nov 30, 2026, 11:00 AM.'],
      { confirm: 'disabled' },
    ],
    [
      'a removal that may be confirmed now',
      {
        amount: '300.00',
        parked: {
          amount: null,
          requestedAt: iso(NOW - 30 * HOUR),
          confirmableFrom: iso(NOW - 6 * HOUR),
          confirmableUntil: '2026-12-06T06:00:00.000Z',
        },
      },
      'wager_month',
      ['Waiting: remove this limit', 'Confirm it by Dec 6, 2026, 6:00 AM.'],
      { confirm: 'enabled' },
    ],
    [
      'a raise that lapsed (no Confirm, only Cancel)',
      {
        amount: '300.00',
        parked: {
          amount: '900.00',
          requestedAt: iso(NOW - 300 * HOUR),
          confirmableFrom: iso(NOW - 276 * HOUR),
          confirmableUntil: '2026-11-29T04:00:00.000Z',
        },
      },
      'deposit_month',
      ['Not confirmed by Nov 29, 2026, 4:00 AM: this change will not take effect.'],
      { confirm: 'none' },
    ],
    [
      'the session-time limit in minutes',
      { amount: '90', used: '12' },
      'session_time',
      ['90 min', 'This session: 12 min'],
      { confirm: 'none' },
    ],
  ])('a limit %s', async (_name, view, type, texts, { confirm }) => {
    fetchRgStatus.mockResolvedValue(status({ limits: limits({ [type]: view }) }));
    renderScreen();
    await screen.findByTestId('rg-group-deposit');
    for (const text of texts) expect(card(type).getByText(text)).toBeVisible();
    const button = card(type).queryByRole('button', { name: 'Confirm' });
    if (confirm === 'none') expect(button).toBeNull();
    else if (confirm === 'enabled') expect(button).toBeEnabled();
    else expect(button).toBeDisabled();
    expect(card(type).queryByRole('button', { name: 'Cancel change' }) !== null).toBe(view.parked != null);
  });

  it('sets a limit: checks the amount as the cashier does, sends it, shows the answer', async () => {
    fetchRgStatus.mockResolvedValue(status());
    setLimit.mockResolvedValue(status({ limits: limits({ deposit_day: { amount: '500.00' } }) }));
    renderScreen();
    await screen.findByTestId('rg-group-deposit');
    await userEvent.click(card('deposit_day').getByRole('button', { name: 'Set a limit' }));
    const field = card('deposit_day').getByLabelText('Deposit limit (24 hours) · PHP');
    expect(
      card('deposit_day').getByText(
        'Lowering applies at once. Raising or removing waits 24 hours; then confirm it within 7 days.',
      ),
    ).toBeVisible();
    await userEvent.type(field, '12.345');
    expect(card('deposit_day').getByRole('alert')).toHaveTextContent('2 digits');
    await userEvent.clear(field);
    await userEvent.type(field, ' 500 ');
    await userEvent.click(card('deposit_day').getByRole('button', { name: 'Save' }));
    expect(setLimit).toHaveBeenCalledWith('deposit_day', '500');
    expect(await screen.findByText('₱500.00')).toBeVisible();
    expect(card('deposit_day').queryByRole('textbox')).toBeNull();
  });

  it.each([
    ['0', 'The smallest deposit is ₱0.01.'],
    ['', 'Enter an amount.'],
  ])('refuses the amount %j before sending it', async (typed, message) => {
    fetchRgStatus.mockResolvedValue(status());
    renderScreen();
    await screen.findByTestId('rg-group-deposit');
    await userEvent.click(card('loss_week').getByRole('button', { name: 'Set a limit' }));
    if (typed) await userEvent.type(card('loss_week').getByRole('textbox'), typed);
    await userEvent.click(card('loss_week').getByRole('button', { name: 'Save' }));
    expect(card('loss_week').getByRole('alert')).toHaveTextContent(message);
    expect(setLimit).not.toHaveBeenCalled();
  });

  it.each([
    ['4', true],
    ['1441', true],
    ['30.5', true],
    ['5', false],
    ['1440', false],
  ])('the session-time limit of %s minutes is refused: %s', async (typed, refused) => {
    fetchRgStatus.mockResolvedValue(status());
    setLimit.mockResolvedValue(status());
    renderScreen();
    await screen.findByTestId('rg-group-deposit');
    await userEvent.click(card('session_time').getByRole('button', { name: 'Set a limit' }));
    await userEvent.type(card('session_time').getByRole('textbox'), typed);
    await userEvent.click(card('session_time').getByRole('button', { name: 'Save' }));
    if (refused) {
      expect(card('session_time').getByRole('alert')).toHaveTextContent(
        'Enter whole minutes from 5 to 1440.',
      );
      expect(setLimit).not.toHaveBeenCalled();
    } else expect(setLimit).toHaveBeenCalledWith('session_time', typed);
  });

  it('removes a limit (parked by the server) and confirms a parked change in its window', async () => {
    const parked = {
      amount: null,
      requestedAt: iso(NOW - 30 * HOUR),
      confirmableFrom: iso(NOW - HOUR),
      confirmableUntil: iso(NOW + 100 * HOUR),
    };
    fetchRgStatus.mockResolvedValue(
      status({ limits: limits({ deposit_day: { amount: '100.00' }, wager_day: { amount: '5', parked } }) }),
    );
    setLimit.mockResolvedValue(
      status({
        limits: limits({
          deposit_day: { amount: '100.00', parked: { ...parked, confirmableFrom: iso(NOW + 24 * HOUR) } },
          wager_day: { amount: '5', parked },
        }),
      }),
    );
    confirmLimit.mockResolvedValue(status({ limits: limits({ deposit_day: { amount: '100.00' } }) }));
    renderScreen();
    await screen.findByTestId('rg-group-deposit');
    // A removal already waiting offers no second one.
    await userEvent.click(card('wager_day').getByRole('button', { name: 'Change' }));
    expect(card('wager_day').queryByRole('button', { name: 'Remove limit' })).toBeNull();
    await userEvent.click(card('deposit_day').getByRole('button', { name: 'Change' }));
    await userEvent.click(card('deposit_day').getByRole('button', { name: 'Remove limit' }));
    expect(setLimit).toHaveBeenCalledWith('deposit_day', null);
    expect(await card('deposit_day').findByText('Waiting: remove this limit')).toBeVisible();
    expect(card('deposit_day').getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.click(card('wager_day').getByRole('button', { name: 'Confirm' }));
    expect(confirmLimit).toHaveBeenCalledWith('wager_day');
    await flush();
    expect(card('wager_day').getByText('No limit')).toBeVisible();
  });

  it('a refused confirmation says so in the member’s language', async () => {
    const parked = {
      amount: '800.00',
      requestedAt: iso(NOW - 30 * HOUR),
      confirmableFrom: iso(NOW - HOUR),
      confirmableUntil: iso(NOW + 100 * HOUR),
    };
    fetchRgStatus.mockResolvedValue(status({ limits: limits({ loss_month: { amount: '100.00', parked } }) }));
    confirmLimit.mockRejectedValue(new WpsError(409, 'rg_change_not_ready', 'Not yet.'));
    cancelLimit.mockResolvedValue(status({ limits: limits({ loss_month: { amount: '100.00' } }) }));
    renderScreen();
    await screen.findByTestId('rg-group-deposit');
    await userEvent.click(card('loss_month').getByRole('button', { name: 'Confirm' }));
    expect(card('loss_month').getByRole('alert')).toHaveTextContent('This change cannot be confirmed now.');
    await userEvent.click(card('loss_month').getByRole('button', { name: 'Cancel change' }));
    expect(cancelLimit).toHaveBeenCalledWith('loss_month');
    await flush();
    expect(card('loss_month').queryByRole('button', { name: 'Cancel change' })).toBeNull();
  });

  it('chooses the reality-check interval among the profile’s', async () => {
    fetchRgStatus.mockResolvedValue(status({ realityCheckMinutes: 30 }));
    setRealityCheck.mockResolvedValue(status({ realityCheckMinutes: 60 }));
    renderScreen();
    const group = within(await screen.findByRole('radiogroup', { name: 'Reality check' }));
    expect(group.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
      'Off',
      'Every 15 min',
      'Every 30 min',
      'Every 60 min',
    ]);
    expect(group.getByRole('radio', { name: 'Every 30 min' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(group.getByRole('radio', { name: 'Every 60 min' }));
    expect(setRealityCheck).toHaveBeenCalledWith(60);
    await flush();
    expect(group.getByRole('radio', { name: 'Every 60 min' })).toHaveAttribute('aria-checked', 'true');
  });

  it('takes a time-out: the consequences, then the password in a dialog', async () => {
    fetchRgStatus.mockResolvedValue(status());
    renderScreen();
    const start = await screen.findByRole('button', { name: 'Start the break' });
    expect(start).toBeDisabled();
    expect(
      screen.getByText('While it runs you cannot sign in, deposit or play. It ends by itself.'),
    ).toBeVisible();
    expect(
      screen.getByText('While it runs you cannot sign in, deposit or play, and it cannot be ended early.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await userEvent.click(start);
    const dialog = within(screen.getByRole('alertdialog', { name: 'Time-out' }));
    expect(dialog.getByText('Start a break of 7 days now?')).toBeVisible();
    expect(dialog.getByText('Withdrawals stay possible through customer service.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Start the break' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('This field is required.');
    takeBreak.mockRejectedValueOnce(new WpsError(400, 'old_password_incorrect', 'No.'));
    await userEvent.type(dialog.getByLabelText('Password'), 'wrong');
    await userEvent.click(dialog.getByRole('button', { name: 'Start the break' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    takeBreak.mockResolvedValueOnce({ kind: 'time_out', since: iso(NOW), until: '2026-12-06T12:00:00.000Z' });
    fetchRgStatus.mockResolvedValue(
      status({ activeBreak: { kind: 'time_out', since: iso(NOW), until: '2026-12-06T12:00:00.000Z' } }),
    );
    await userEvent.type(dialog.getByLabelText('Password'), 'secret-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Start the break' }));
    expect(takeBreak).toHaveBeenLastCalledWith({ kind: 'time_out', duration: '7d', password: 'secret-1' });
    expect(await screen.findByTestId('rg-break-active')).toHaveTextContent(
      'You are on a time-out until Dec 6, 2026, 12:00 PM.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start the break' })).toBeNull();
  });

  it.each([
    ['permanent', 'Permanently', 'Exclude yourself permanently now?'],
    ['5y', '5 years', 'Start a break of 5 years now?'],
  ])('asks before a %s self-exclusion', async (_duration, chip, question) => {
    fetchRgStatus.mockResolvedValue(status());
    renderScreen();
    await userEvent.click(await screen.findByRole('radio', { name: chip }));
    await userEvent.click(screen.getByRole('button', { name: 'Start the break' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Self-exclusion' }));
    expect(dialog.getByText(question)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(takeBreak).not.toHaveBeenCalled();
  });

  it('lists the help lines as links', async () => {
    fetchRgStatus.mockResolvedValue(status());
    renderScreen();
    const help = within(await screen.findByRole('region', { name: 'Where to get help' }));
    expect(help.getByRole('link', { name: 'Sedqa' })).toHaveAttribute('href', 'https://fsws.gov.mt/en/sedqa');
    expect(help.getByRole('link', { name: '1777' })).toHaveAttribute('href', 'tel:1777');
    expect(help.getByRole('link', { name: 'Gambling Therapy' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('shows a running break instead of the break choices', async () => {
    fetchRgStatus.mockResolvedValue(
      status({ activeBreak: { kind: 'self_exclusion', since: iso(NOW), until: null } }),
    );
    renderScreen();
    expect(await screen.findByTestId('rg-break-active')).toHaveTextContent(
      'You have excluded yourself permanently.Withdrawals stay possible through customer service.',
    );
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Start the break' })).toBeNull();
  });
});
