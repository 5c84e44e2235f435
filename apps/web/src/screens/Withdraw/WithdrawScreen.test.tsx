import type { PayoutAccountView, WithdrawalView, WithdrawOptions } from '@wps/contract/cashier';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as wallet from '@/api/endpoints/wallet';
import type * as tracking from '@/features/tracking';
import { mirrorMovement } from '@/features/tracking';
import { NETWORK_ERROR, TIMEOUT_ERROR, WpsError } from '@/api/errors';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { resetEachQueryTest } from '@/test/queryFixtures';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { WithdrawScreen } from './WithdrawScreen';

vi.mock('@/api/endpoints/wallet', () => ({
  fetchBalance: vi.fn(),
  fetchWithdrawOptions: vi.fn(),
  addPayoutAccount: vi.fn(),
  createWithdrawal: vi.fn(),
}));
vi.mock('@/features/tracking', async (original) => ({
  ...(await original<typeof tracking>()),
  mirrorMovement: vi.fn(),
}));
const fetchWithdrawOptions = vi.mocked(wallet.fetchWithdrawOptions);
const createWithdrawal = vi.mocked(wallet.createWithdrawal);

const ACCOUNT: PayoutAccountView = {
  id: 7,
  kind: 'bank',
  bankCode: 'BDO',
  accountName: 'Alice Reyes',
  accountNumberLast4: '7890',
};

const OPTIONS: WithdrawOptions = {
  currency: 'PHP',
  available: '1500.00',
  bonus: '0.00',
  turnoverLeft: '0.00',
  held: '300.00',
  holderName: 'Alice Reyes',
  accounts: [ACCOUNT, { ...ACCOUNT, id: 8, kind: 'ewallet', bankCode: 'GCASH', accountNumberLast4: '1111' }],
  methods: [
    { code: 'bank', name: 'Bank or e-wallet', min: '200.00', max: '100000.00', dailyLeft: '200000.00' },
  ],
};

const METHOD = OPTIONS.methods[0] ?? { code: 'bank', name: '', min: '0', max: '0', dailyLeft: '0' };

/** A bonus of ₱500.00 with ₱4,500.00 of turnover still to wager. */
const WITH_BONUS: WithdrawOptions = { ...OPTIONS, bonus: '500.00', turnoverLeft: '4500.00' };

function withdrawal(overrides: Partial<WithdrawalView> = {}): WithdrawalView {
  return {
    id: 'wd_12345678',
    state: 'review',
    amount: '500.00',
    currency: 'PHP',
    account: ACCOUNT,
    bonusForfeited: '0.00',
    reason: null,
    createdAt: '2026-11-29T05:00:00.000Z',
    ...overrides,
  };
}

function renderWithdraw() {
  signIn();
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/withdraw']}>
      <Routes>
        <Route path="withdraw" element={<WithdrawScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function typeAmount(text: string) {
  await userEvent.type(await screen.findByLabelText('Amount'), text);
}

const submit = () => screen.getByRole('button', { name: 'Request withdrawal' });

resetEachQueryTest();
afterEach(() => {
  vi.clearAllMocks();
});

describe('WithdrawScreen', () => {
  it('shows what may be withdrawn against what is held, the accounts, the limits and a way to the deposit', async () => {
    fetchWithdrawOptions.mockResolvedValue(OPTIONS);
    renderWithdraw();
    expect(await screen.findByTestId('withdraw-available')).toHaveTextContent('₱1,500.00');
    expect(screen.getByTestId('withdraw-held')).toHaveTextContent('₱300.00');
    // No bonus: no locked bonus line and no forfeit.
    expect(screen.queryByTestId('withdraw-bonus')).toBeNull();
    expect(screen.queryByTestId('withdraw-forfeit')).toBeNull();
    expect(
      screen.getByRole('radio', { name: /BDO · Alice Reyes.*Bank account · ending in 7890/ }),
    ).toBeChecked();
    expect(screen.getByRole('radio', { name: /GCASH.*E-wallet · ending in 1111/ })).not.toBeChecked();
    expect(screen.getByText('₱200.00 to ₱100,000.00 per withdrawal; ₱200,000.00 left today')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/m/deposit');
  });

  it.each<[string, string, WithdrawOptions]>([
    ['', 'Enter an amount.', OPTIONS],
    ['150', 'The smallest withdrawal is ₱200.00.', OPTIONS],
    ['0', 'The smallest withdrawal is ₱200.00.', OPTIONS],
    ['2000', 'You can withdraw at most ₱1,500.00 now.', OPTIONS],
    ['1500.01', 'You can withdraw at most ₱1,500.00 now.', OPTIONS],
    ['200000', 'The largest withdrawal is ₱100,000.00.', { ...OPTIONS, available: '500000.00' }],
    [
      '300',
      "Only ₱250.00 is left of today's withdrawal limit.",
      { ...OPTIONS, methods: [{ ...METHOD, dailyLeft: '250.00' }] },
    ],
    [
      '300',
      "Today's withdrawal limit is reached. Please try again tomorrow.",
      { ...OPTIONS, methods: [{ ...METHOD, dailyLeft: '100.00' }] },
    ],
    ['100.001', 'Use at most 2 digits after the point.', OPTIONS],
    ['abc', 'Enter digits only, with a point for decimals, such as 100 or 12.50.', OPTIONS],
    ['-300', 'Enter digits only, with a point for decimals, such as 100 or 12.50.', OPTIONS],
    ['1e3', 'Enter digits only, with a point for decimals, such as 100 or 12.50.', OPTIONS],
    ['1,000', 'Enter digits only, with a point for decimals, such as 100 or 12.50.', OPTIONS],
    ['٣٠٠', 'Enter digits only, with a point for decimals, such as 100 or 12.50.', OPTIONS],
    ['<b>300</b>', 'Enter digits only, with a point for decimals, such as 100 or 12.50.', OPTIONS],
    [
      '150000.5',
      'Enter a whole amount, without decimals.',
      {
        ...OPTIONS,
        currency: 'VND',
        available: '5000000',
        methods: [{ code: 'bank', name: 'x', min: '100000', max: '200000000', dailyLeft: '400000000' }],
      },
    ],
  ])('an amount of %j is refused before sending: %s', async (typed, message, options) => {
    fetchWithdrawOptions.mockResolvedValue(options);
    renderWithdraw();
    if (typed !== '') await typeAmount(typed);
    else await screen.findByLabelText('Amount');
    await userEvent.click(submit());
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(createWithdrawal).not.toHaveBeenCalled();
  });

  it('sends the chosen account and amount, then says it is in review and loads the balances again', async () => {
    fetchWithdrawOptions.mockResolvedValue(OPTIONS);
    createWithdrawal.mockResolvedValue(withdrawal({ account: { ...ACCOUNT, id: 8, bankCode: 'GCASH' } }));
    renderWithdraw();
    await userEvent.click(await screen.findByRole('radio', { name: /GCASH/ }));
    await typeAmount(' 500 ');
    await userEvent.click(submit());
    expect(createWithdrawal).toHaveBeenCalledWith({
      requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) as string,
      accountId: 8,
      amount: '500',
      forfeitBonus: false,
    });
    expect(await screen.findByRole('heading', { name: 'Withdrawal requested' })).toHaveFocus();
    // The server recorded the withdraw event (spec section 9); the ad pixels get its id.
    expect(mirrorMovement).toHaveBeenCalledExactlyOnceWith('withdraw', 'wd_12345678', 500);
    expect(screen.getByTestId('withdraw-done-amount')).toHaveTextContent('₱500.00');
    expect(screen.getByTestId('withdraw-state')).toHaveTextContent(
      'In review. The amount is held until it is paid out.',
    );
    expect(screen.getByTestId('withdraw-done-account')).toHaveTextContent('To: GCASH ending in 7890');
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/m/transactions');
    await waitFor(() => expect(fetchWithdrawOptions).toHaveBeenCalledTimes(2));
    await userEvent.click(screen.getByRole('button', { name: 'New withdrawal' }));
    expect(await screen.findByLabelText('Amount')).toHaveValue('');
  });

  it('"Withdraw all" fills in the cash available', async () => {
    fetchWithdrawOptions.mockResolvedValue(OPTIONS);
    renderWithdraw();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw all' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('1500.00');
  });

  it('an unmet bonus: the forfeit with its amount is shown, unticked; nothing is sent until the member agrees', async () => {
    fetchWithdrawOptions.mockResolvedValue(WITH_BONUS);
    createWithdrawal.mockResolvedValue(withdrawal({ bonusForfeited: '500.00' }));
    renderWithdraw();
    expect(await screen.findByTestId('withdraw-bonus')).toHaveTextContent('₱500.00');
    expect(screen.getByTestId('withdraw-turnover')).toHaveTextContent(
      'Wager ₱4,500.00 more to release the bonus.',
    );
    expect(screen.getByTestId('withdraw-forfeit')).toHaveTextContent(
      'Your bonus of ₱500.00 still needs ₱4,500.00 of wagering. A withdrawal now forfeits the whole bonus.',
    );
    const consent = screen.getByRole('checkbox', { name: 'I agree to forfeit my bonus of ₱500.00.' });
    expect(consent).not.toBeChecked();
    await typeAmount('500');
    await userEvent.tab();
    // No reminder before the member presses Request withdrawal.
    expect(screen.queryByText(/Agree to forfeit the bonus to withdraw now/)).toBeNull();
    await userEvent.click(submit());
    expect(await screen.findByText(/Agree to forfeit the bonus to withdraw now/)).toBeVisible();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(createWithdrawal).not.toHaveBeenCalled();

    await userEvent.click(consent);
    await userEvent.click(submit());
    expect(createWithdrawal).toHaveBeenCalledWith(
      expect.objectContaining({ forfeitBonus: true, amount: '500' }),
    );
    expect(await screen.findByTestId('withdraw-forfeited')).toHaveTextContent('Bonus forfeited: ₱500.00');
  });

  it('a double tap sends one request; a retry after a lost answer the same key; a changed amount a new one', async () => {
    fetchWithdrawOptions.mockResolvedValue(OPTIONS);
    let fail: (error: unknown) => void = () => undefined;
    createWithdrawal.mockImplementationOnce(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    createWithdrawal.mockRejectedValue(new WpsError(0, TIMEOUT_ERROR, 'slow'));
    renderWithdraw();
    await typeAmount('500');
    await userEvent.dblClick(submit());
    expect(createWithdrawal).toHaveBeenCalledTimes(1);
    fail(new WpsError(0, NETWORK_ERROR, 'offline'));
    expect(await screen.findByTestId('withdraw-error')).toHaveTextContent(
      'No connection. Check your network and try again; the withdrawal will not be made twice.',
    );
    await userEvent.click(submit());
    await screen.findByTestId('withdraw-error');
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '600');
    await userEvent.click(submit());
    await waitFor(() => expect(createWithdrawal).toHaveBeenCalledTimes(3));
    const keys = createWithdrawal.mock.calls.map(([request]) => request.requestKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(createWithdrawal.mock.calls[2]?.[0]).toMatchObject({ amount: '600' });
  });

  it.each<[string, WpsError, string]>([
    [
      'the balance is short',
      new WpsError(409, 'insufficient_funds', 'x'),
      'Your balance does not cover this amount.',
    ],
    [
      'outside the limits',
      new WpsError(400, 'amount_invalid', 'x', {
        data: { min: '200.00', max: '100000.00', dailyLeft: '200000.00' },
      }),
      'Enter an amount from ₱200.00 to ₱100,000.00.',
    ],
    [
      'the day is used up',
      new WpsError(400, 'amount_invalid', 'x', {
        data: { min: '200.00', max: '100000.00', dailyLeft: '0.00' },
      }),
      "Today's withdrawal limit is reached.",
    ],
    [
      'a bonus not agreed to',
      new WpsError(409, 'payment_state', 'x'),
      'Agree to forfeit the bonus to withdraw now',
    ],
    ['the account gone', new WpsError(404, 'payment_not_found', 'x'), 'This payout account was not found.'],
    [
      'a key reused',
      new WpsError(409, 'idempotency_conflict', 'x'),
      'This withdrawal changed while it was being sent.',
    ],
    [
      'withdrawals switched off',
      new WpsError(404, 'not_found', 'x'),
      'Withdrawals are not available right now.',
    ],
    [
      'anything else',
      new WpsError(500, 'internal_error', 'Boom in English'),
      'The withdrawal could not be requested.',
    ],
  ])('the server refuses (%s): a translated message, never its own text', async (_name, error, message) => {
    fetchWithdrawOptions.mockResolvedValue(OPTIONS);
    createWithdrawal.mockRejectedValue(error);
    renderWithdraw();
    await typeAmount('500');
    await userEvent.click(submit());
    expect(await screen.findByTestId('withdraw-error')).toHaveTextContent(message);
    expect(screen.queryByText('Boom in English')).toBeNull();
    expect(screen.queryByText('x')).toBeNull();
    expect(mirrorMovement).not.toHaveBeenCalled();
  });

  it('the details failing to load: says so, with a retry; withdrawals off: says so', async () => {
    fetchWithdrawOptions.mockRejectedValueOnce(new WpsError(0, NETWORK_ERROR, 'offline'));
    fetchWithdrawOptions.mockResolvedValueOnce({ ...OPTIONS, methods: [] });
    renderWithdraw();
    expect(await screen.findByText('The withdrawal details could not be loaded.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('withdraw-unavailable')).toHaveTextContent(
      'Withdrawals are not available right now.',
    );
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).toBeNull();
  });
});
