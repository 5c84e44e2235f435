import type { DepositOptions, DepositView } from '@wps/contract/cashier';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as wallet from '@/api/endpoints/wallet';
import { WpsError } from '@/api/errors';
import type * as tracking from '@/features/tracking';
import { mirrorMovement, trackEvent } from '@/features/tracking';
import { MemoryRouter, Route, Routes } from '@/platform/router';
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
vi.mock('@/features/tracking', async (original) => ({
  ...(await original<typeof tracking>()),
  trackEvent: vi.fn(),
  mirrorMovement: vi.fn(),
}));
const fetchDepositOptions = vi.mocked(wallet.fetchDepositOptions);
const createDeposit = vi.mocked(wallet.createDeposit);
const fetchDepositStatus = vi.mocked(wallet.fetchDepositStatus);

function options(totalDepositSuccessCount: number): DepositOptions {
  return {
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
        presets: ['500.00'],
      },
    ],
    bonuses: [],
    totalDepositSuccessCount,
  };
}

function view(overrides: Partial<DepositView> = {}): DepositView {
  return {
    id: 'pay_12345678',
    state: 'pending',
    method: 'qrph',
    amount: '500.00',
    bonus: '0.00',
    currency: 'PHP',
    action: { type: 'qr', format: 'qr_ph', payload: '00020101021228...' },
    createdAt: '2026-11-29T05:00:00.000Z',
    expiresAt: '2026-11-29T05:30:00.000Z',
    firstDeposit: false,
    ...overrides,
  };
}

function renderDeposit(path = '/m/deposit') {
  signIn();
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[path]}>
      <Routes>
        <Route path="deposit" element={<DepositScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const named = () => vi.mocked(trackEvent).mock.calls.map(([name, extra]) => [name, extra?.amount]);
const mirrored = () => vi.mocked(mirrorMovement).mock.calls;

resetEachQueryTest();
afterEach(() => {
  vi.clearAllMocks();
});

describe('the deposit page’s marketing events (spec section 9)', () => {
  it.each([
    ['no deposit yet: depositSubmit and firstDeposit', 0, 'firstDepositArrival'],
    ['deposits before: depositSubmit only', 2, 'redeposit'],
  ] as const)('%s; credited: deposit and %s', async (_case, count, arrival) => {
    fetchDepositOptions.mockResolvedValue(options(count));
    createDeposit.mockResolvedValue(view());
    fetchDepositStatus.mockResolvedValue(view({ state: 'success', firstDeposit: count === 0 }));
    renderDeposit();
    await userEvent.click(await screen.findByRole('button', { name: '₱500.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(named()).toEqual(
      count === 0
        ? [
            ['depositSubmit', 500],
            ['firstDeposit', 500],
          ]
        : [['depositSubmit', 500]],
    );
    await waitFor(() => expect(mirrored()).toHaveLength(2), { timeout: 3_000 });
    expect(mirrored()).toEqual([
      ['deposit', 'pay_12345678', 500],
      [arrival, 'pay_12345678', 500],
    ]);
  });

  it('a refused deposit sends no event', async () => {
    fetchDepositOptions.mockResolvedValue(options(0));
    createDeposit.mockRejectedValue(new WpsError(400, 'amount_invalid', 'x', { data: {} }));
    renderDeposit();
    await userEvent.click(await screen.findByRole('button', { name: '₱500.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(named()).toEqual([]);
  });

  it.each([
    ['failed', 'failed'],
    ['expired', 'expired'],
  ] as const)('a payment that %s mirrors nothing', async (_case, state) => {
    fetchDepositOptions.mockResolvedValue(options(0));
    fetchDepositStatus.mockResolvedValue(view({ state }));
    renderDeposit('/m/deposit?payment=pay_12345678');
    expect(await screen.findByTestId('deposit-state')).toBeVisible();
    await waitFor(() => expect(fetchDepositStatus).toHaveBeenCalled());
    expect(mirrored()).toEqual([]);
  });
});
