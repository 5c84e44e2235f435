import type { DepositOptions, DepositView } from '@wps/contract/cashier';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as wallet from '@/api/endpoints/wallet';
import { WpsError, NETWORK_ERROR } from '@/api/errors';
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
const fetchDepositOptions = vi.mocked(wallet.fetchDepositOptions);
const createDeposit = vi.mocked(wallet.createDeposit);
const fetchDepositStatus = vi.mocked(wallet.fetchDepositStatus);

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
      presets: ['100.00', '500.00'],
    },
    {
      code: 'bank',
      kind: 'bank_transfer',
      name: 'Bank transfer',
      currency: 'PHP',
      min: '500.00',
      max: '100000.00',
      dailyLeft: '200000.00',
      presets: [],
    },
  ],
  bonuses: [{ code: 'WELCOME100', percent: 100, maxBonus: '5000.00', turnoverMultiplier: 20 }],
  totalDepositSuccessCount: 0,
};

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

resetEachQueryTest();
afterEach(() => {
  vi.clearAllMocks();
});

describe('DepositScreen', () => {
  it('shows the methods as cards, the limits, presets and the bonus terms before the opt-in', async () => {
    fetchDepositOptions.mockResolvedValue(OPTIONS);
    renderDeposit();
    const qr = await screen.findByRole('radio', { name: /QR Ph \(InstaPay\)/ });
    expect(qr).toBeChecked();
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/withdraw');
    expect(screen.getByRole('radio', { name: /Bank transfer/ })).not.toBeChecked();
    expect(screen.getByText('₱100.00 to ₱50,000.00 per deposit; ₱100,000.00 left today')).toBeVisible();
    expect(screen.getByRole('button', { name: '₱500.00' })).toHaveAttribute('aria-pressed', 'false');
    // No bonus until the member picks one; its terms are written out beside it.
    expect(screen.getByRole('radio', { name: 'No bonus' })).toBeChecked();
    const bonus = screen.getByRole('radio', { name: /100% bonus, up to ₱5,000.00/ });
    expect(bonus).not.toBeChecked();
    expect(
      screen.getByText(
        'Wager 20× the bonus before you can withdraw it; withdrawing earlier forfeits the bonus.',
      ),
    ).toBeVisible();
  });

  it.each<[string, string]>([
    ['50', 'The smallest deposit is ₱100.00.'],
    ['60000', 'The largest deposit is ₱50,000.00.'],
    ['100.001', 'Use at most 2 digits after the point.'],
    ['1,000', 'Enter digits only, with a point for decimals, such as 100 or 12.50.'],
    ['-100', 'Enter digits only, with a point for decimals, such as 100 or 12.50.'],
  ])('an amount of %j is refused before sending: %s', async (typed, message) => {
    fetchDepositOptions.mockResolvedValue(OPTIONS);
    renderDeposit();
    await userEvent.type(await screen.findByLabelText('Amount'), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(createDeposit).not.toHaveBeenCalled();
  });

  it('sends the preset with the bonus agreed to, then shows the QR code and the payment live', async () => {
    fetchDepositOptions.mockResolvedValue(OPTIONS);
    createDeposit.mockResolvedValue(view({ bonus: '500.00' }));
    fetchDepositStatus.mockResolvedValueOnce(view({ bonus: '500.00' }));
    fetchDepositStatus.mockResolvedValue(view({ bonus: '500.00', state: 'success' }));
    renderDeposit();
    await userEvent.click(await screen.findByRole('button', { name: '₱500.00' }));
    await userEvent.click(screen.getByRole('radio', { name: /100% bonus/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(createDeposit).toHaveBeenCalledWith({
      requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) as string,
      method: 'qrph',
      amount: '500.00',
      bonus: 'WELCOME100',
    });
    expect(await screen.findByTestId('deposit-payment-amount')).toHaveTextContent('₱500.00');
    expect(
      screen.getByText('Scan this code with your banking or e-wallet app and pay ₱500.00.'),
    ).toBeVisible();
    expect(await screen.findByRole('img', { name: 'Payment QR code' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy Payment QR code' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy Amount' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('deposit-state')).toHaveTextContent('Payment received.'), {
      timeout: 3_000,
    });
    expect(fetchDepositStatus).toHaveBeenCalledWith('pay_12345678');
  });

  it('a retry after a lost answer sends the same request key; a changed amount a new one', async () => {
    fetchDepositOptions.mockResolvedValue(OPTIONS);
    createDeposit.mockRejectedValue(new WpsError(0, NETWORK_ERROR, 'offline'));
    renderDeposit();
    const amount = await screen.findByLabelText('Amount');
    await userEvent.type(amount, '200');
    const submit = screen.getByRole('button', { name: 'Deposit now' });
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No connection. Check your network and try again; you will not be charged twice.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    await userEvent.type(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    const keys = createDeposit.mock.calls.map(([request]) => request.requestKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it.each<[string, WpsError, string]>([
    [
      'outside the limits',
      new WpsError(400, 'amount_invalid', 'x', { data: { min: '100.00', max: '50000.00' } }),
      'Enter an amount from ₱100.00 to ₱50,000.00.',
    ],
    [
      'above the day',
      new WpsError(400, 'amount_invalid', 'x', { data: { dailyLeft: '300.00' } }),
      'Only ₱300.00 is left of today',
    ],
    [
      'a key reused',
      new WpsError(409, 'idempotency_conflict', 'x'),
      'This deposit changed while it was being sent.',
    ],
    ['a bonus gone', new WpsError(400, 'invalid_request', 'x'), 'This method or bonus is not available now.'],
    [
      'anything else',
      new WpsError(500, 'internal_error', 'Boom in English'),
      'The deposit could not be made.',
    ],
  ])('the server refuses (%s): a translated message, never its own text', async (_name, error, message) => {
    fetchDepositOptions.mockResolvedValue(OPTIONS);
    createDeposit.mockRejectedValue(error);
    renderDeposit();
    await userEvent.type(await screen.findByLabelText('Amount'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Deposit now' }));
    expect(await screen.findByTestId('deposit-error')).toHaveTextContent(message);
    expect(screen.queryByText('Boom in English')).toBeNull();
  });

  it('a bank transfer shows the bank, account and memo, each to copy', async () => {
    const action = {
      type: 'bank_transfer' as const,
      bankName: 'DemoBank',
      accountName: 'DEMOPAY CLIENT FUNDS',
      accountNumber: '001234567890',
      memo: 'DPABC123',
    };
    fetchDepositStatus.mockResolvedValue(view({ method: 'bank', action }));
    renderDeposit('/m/deposit?payment=pay_12345678');
    const details = await screen.findByText('DPABC123');
    expect(details).toBeVisible();
    const list = within(screen.getByTestId('deposit-payment'));
    expect(list.getByText('DemoBank')).toBeVisible();
    expect(list.getByText('001234567890')).toBeVisible();
    for (const name of ['Copy Account name', 'Copy Account number', 'Copy Memo'])
      expect(list.getByRole('button', { name })).toBeVisible();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await userEvent.click(list.getByRole('button', { name: 'Copy Memo' }));
    expect(writeText).toHaveBeenLastCalledWith('DPABC123');
    expect(await list.findByText('Copied')).toBeVisible();
    // The amount as a banking app takes it: the plain decimal, no symbol or separators.
    await userEvent.click(list.getByRole('button', { name: 'Copy Amount' }));
    expect(writeText).toHaveBeenLastCalledWith('500.00');
  });

  it.each<[DepositView['state'], string]>([
    ['failed', 'The payment failed. You can try again.'],
    ['expired', 'The payment expired before it was paid. Start a new deposit.'],
  ])('back with ?payment= of a %s payment: says so, and offers a new deposit', async (state, message) => {
    fetchDepositStatus.mockResolvedValue(view({ state }));
    fetchDepositOptions.mockResolvedValue(OPTIONS);
    renderDeposit('/m/deposit?payment=pay_12345678');
    expect(await screen.findByTestId('deposit-state')).toHaveTextContent(message);
    expect(screen.queryByRole('img', { name: 'Payment QR code' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'New deposit' }));
    expect(await screen.findByRole('radio', { name: /QR Ph/ })).toBeChecked();
  });

  it('a payment id that is not one is ignored: the form shows', async () => {
    fetchDepositOptions.mockResolvedValue(OPTIONS);
    renderDeposit('/m/deposit?payment=%3Cscript%3E');
    expect(await screen.findByRole('radio', { name: /QR Ph/ })).toBeVisible();
    expect(fetchDepositStatus).not.toHaveBeenCalled();
  });

  it('no methods: says so', async () => {
    fetchDepositOptions.mockResolvedValueOnce({ ...OPTIONS, methods: [] });
    renderDeposit();
    expect(await screen.findByTestId('deposit-empty')).toHaveTextContent(
      'No payment methods are available right now.',
    );
    expect(fetchDepositOptions).toHaveBeenCalledTimes(1);
  });

  it('the options failing: a retry', async () => {
    fetchDepositOptions.mockRejectedValueOnce(new WpsError(0, NETWORK_ERROR, 'offline'));
    fetchDepositOptions.mockResolvedValueOnce(OPTIONS);
    renderDeposit();
    expect(await screen.findByText('The payment methods could not be loaded.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /QR Ph/ })).toBeVisible();
  });

  it('options loaded at sign-in show at once and are asked again (the day’s room left changes)', async () => {
    fetchDepositOptions.mockResolvedValueOnce(OPTIONS);
    const first = renderDeposit();
    expect(await screen.findByRole('radio', { name: /QR Ph/ })).toBeVisible();
    first.unmount();
    fetchDepositOptions.mockResolvedValueOnce({ ...OPTIONS, methods: OPTIONS.methods.slice(1) });
    renderDeposit();
    expect(screen.getByRole('radio', { name: /QR Ph/ })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('radio', { name: /QR Ph/ })).toBeNull());
    expect(fetchDepositOptions).toHaveBeenCalledTimes(2);
  });
});
