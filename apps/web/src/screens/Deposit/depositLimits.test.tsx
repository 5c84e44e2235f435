import type { DepositOptions } from '@wps/contract/cashier';
import type { MoneyLimitType } from '@wps/contract/trust';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as wallet from '@/api/endpoints/wallet';
import { WpsError } from '@/api/errors';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { I18nProvider, type Catalog } from '@/i18n';
import ar from '@/i18n/catalogs/ar.json';
import { resetEachQueryTest } from '@/test/queryFixtures';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { DepositScreen } from './DepositScreen';

vi.mock('@/api/endpoints/wallet', () => ({
  fetchBalance: vi.fn(),
  fetchDepositOptions: vi.fn(),
  createDeposit: vi.fn(),
  fetchDepositStatus: vi.fn(),
}));
const fetchDepositOptions = vi.mocked(wallet.fetchDepositOptions);
const createDeposit = vi.mocked(wallet.createDeposit);

const OPTIONS: DepositOptions = {
  currency: 'PHP',
  methods: [
    {
      code: 'qrph',
      kind: 'qr_ph',
      name: 'QR Ph (InstaPay)',
      currency: 'PHP',
      min: '100.00',
      max: '50000.00',
      dailyLeft: '100000.00',
      presets: [],
    },
  ],
  bonuses: [],
  totalDepositSuccessCount: 0,
};

const page = (
  <MemoryRouter basename="/m" initialEntries={['/m/deposit']}>
    <Routes>
      <Route path="deposit" element={<DepositScreen />} />
    </Routes>
  </MemoryRouter>
);

async function depositRefused(
  data: unknown,
  code = 'rg_limit_reached',
  status = 409,
  arabic: Catalog | null = null,
) {
  fetchDepositOptions.mockResolvedValue(OPTIONS);
  createDeposit.mockRejectedValue(new WpsError(status, code, 'Refused.', { data }));
  signIn();
  if (arabic === null) renderWithI18n(page);
  else
    render(
      <I18nProvider language="AR" catalog={arabic}>
        {page}
      </I18nProvider>,
    );
  await userEvent.type(await screen.findByRole('textbox'), '2500');
  await userEvent.click(screen.getByRole('button', { name: arabic === null ? 'Deposit now' : /./ }));
  return screen.findByTestId('deposit-error');
}

const RESETS = '2026-11-30T08:15:00.000Z';
// The date as the member's locale writes it (the test's time zone is the machine's).
const resetsText = () =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(RESETS));

resetEachQueryTest();
afterEach(() => {
  vi.clearAllMocks();
});

describe('deposit refused by a responsible-gaming limit (issue 29)', () => {
  it.each<[MoneyLimitType, string]>([
    ['deposit_day', 'Deposit limit (24 hours)'],
    ['deposit_week', 'Deposit limit (7 days)'],
    ['deposit_month', 'Deposit limit (30 days)'],
    ['loss_day', 'Net loss limit (24 hours)'],
    ['loss_week', 'Net loss limit (7 days)'],
    ['loss_month', 'Net loss limit (30 days)'],
    ['wager_day', 'Wager limit (24 hours)'],
    ['wager_week', 'Wager limit (7 days)'],
    ['wager_month', 'Wager limit (30 days)'],
  ])('%s: which limit, used, left and when it frees up, in the merchant’s money', async (type, name) => {
    const message = await depositRefused({
      type,
      limit: '3000.00',
      used: '1250.5',
      left: '1749.50',
      resetsAt: RESETS,
    });
    expect(message).toHaveTextContent(
      `Limit reached — ${name}: ₱1,250.50 of ₱3,000.00 used, ₱1,749.50 left. More frees up from ${resetsText()}.`,
    );
  });

  it.each<[string, unknown, string]>([
    [
      'nothing used yet (no reset time)',
      { type: 'deposit_day', limit: '1000', used: '0', left: '1000', resetsAt: null },
      'Limit reached — Deposit limit (24 hours): ₱0.00 of ₱1,000.00 used, ₱1,000.00 left.',
    ],
    [
      'malformed data',
      { type: 'deposit_day', limit: 'lots', used: '<b>x</b>' },
      'This would pass a limit you set.',
    ],
    ['no data at all', undefined, 'This would pass a limit you set.'],
  ])('%s', async (_name, data, text) => {
    expect(await depositRefused(data)).toHaveTextContent(text);
  });

  it('writes the amounts left to right inside Arabic text', async () => {
    const message = await depositRefused(
      { type: 'deposit_week', limit: '3000.00', used: '1000.00', left: '2000.00', resetsAt: null },
      'rg_limit_reached',
      409,
      ar as Catalog,
    );
    expect(message).toHaveTextContent(
      'تم بلوغ الحد — حد الإيداع (7 أيام): استُخدم \u2066₱1,000.00\u2069 من \u2066₱3,000.00\u2069، والمتبقي \u2066₱2,000.00\u2069.',
      { normalizeWhitespace: false },
    );
  });

  it.each<[string, unknown, string]>([
    [
      'a dated time-out',
      { kind: 'time_out', until: RESETS, helpLines: [] },
      `You are on a time-out until ${resetsText()}. Withdrawals stay possible through customer service.`,
    ],
    [
      'a permanent self-exclusion',
      { kind: 'self_exclusion', until: null, helpLines: [] },
      'You have excluded yourself permanently. Withdrawals stay possible through customer service.',
    ],
    ['a break without details', {}, 'You are taking a break from playing on this site.'],
  ])('a deposit refused during %s says why', async (_name, data, text) => {
    expect(await depositRefused(data, 'rg_break_active', 403)).toHaveTextContent(text);
  });
});
