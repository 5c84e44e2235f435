import type { PayoutAccountView, WithdrawOptions } from '@wps/contract/cashier';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as wallet from '@/api/endpoints/wallet';
import { NETWORK_ERROR, WpsError } from '@/api/errors';
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
const fetchWithdrawOptions = vi.mocked(wallet.fetchWithdrawOptions);
const addPayoutAccount = vi.mocked(wallet.addPayoutAccount);

/** A member with money and no payout account yet. */
const EMPTY: WithdrawOptions = {
  currency: 'PHP',
  available: '1500.00',
  bonus: '0.00',
  turnoverLeft: '0.00',
  held: '0.00',
  holderName: null,
  accounts: [],
  methods: [
    { code: 'bank', name: 'Bank or e-wallet', min: '200.00', max: '100000.00', dailyLeft: '200000.00' },
  ],
};

const ADDED: PayoutAccountView = {
  id: 11,
  kind: 'ewallet',
  bankCode: 'GCASH',
  accountName: 'Alice Reyes',
  accountNumberLast4: '4321',
};

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

interface Typed {
  code?: string;
  name?: string;
  number?: string;
  password?: string;
}

async function fill({
  code = 'GCASH',
  name = 'Alice Reyes',
  number = '0917 654 4321',
  password = 'Secret-1',
}: Typed) {
  const form = await screen.findByTestId('withdraw-add-account');
  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
  await userEvent.click(screen.getByRole('radio', { name: 'E-wallet' }));
  expect(form).toBeVisible();
  await userEvent.clear(field('E-wallet code'));
  if (code !== '') await userEvent.type(field('E-wallet code'), code);
  await userEvent.clear(field('Account name'));
  if (name !== '') await userEvent.type(field('Account name'), name);
  if (number !== '') await userEvent.type(field('Account number'), number);
  if (password !== '') await userEvent.type(field('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
}

resetEachQueryTest();
afterEach(() => {
  vi.clearAllMocks();
});

describe('WithdrawScreen: payout accounts', () => {
  it('no account yet: says so and shows the form; the bound account is chosen and the withdrawal form follows', async () => {
    fetchWithdrawOptions.mockResolvedValueOnce(EMPTY);
    fetchWithdrawOptions.mockResolvedValue({ ...EMPTY, holderName: 'Alice Reyes', accounts: [ADDED] });
    addPayoutAccount.mockResolvedValue(ADDED);
    renderWithdraw();
    expect(await screen.findByTestId('withdraw-no-accounts')).toHaveTextContent(
      'Add a bank account or e-wallet to withdraw to.',
    );
    // The only way on: no cancel, no withdrawal form yet.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await fill({});
    // The number as digits only, the code and name trimmed; the password goes with it.
    expect(addPayoutAccount).toHaveBeenCalledWith({
      kind: 'ewallet',
      bankCode: 'GCASH',
      accountName: 'Alice Reyes',
      accountNumber: '09176544321',
      password: 'Secret-1',
    });
    expect(await screen.findByRole('radio', { name: /GCASH · Alice Reyes.*ending in 4321/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Request withdrawal' })).toBeVisible();
    expect(screen.queryByTestId('withdraw-no-accounts')).toBeNull();
  });

  it.each<[string, Typed, string, string]>([
    ['a one-letter code', { code: 'B' }, 'E-wallet code', 'Use 2 to 20 letters or digits.'],
    ['a code with a space', { code: 'G CASH' }, 'E-wallet code', 'Use 2 to 20 letters or digits.'],
    ['a code with markup', { code: '<b>x</b>' }, 'E-wallet code', 'Use 2 to 20 letters or digits.'],
    ['no name', { name: '' }, 'Account name', 'Enter the name on the account.'],
    ['a one-letter name', { name: 'A' }, 'Account name', 'Enter the name on the account.'],
    [
      'letters in the number',
      { number: '12ab5678' },
      'Account number',
      'Enter the account number: 6 to 20 digits.',
    ],
    ['a short number', { number: '12345' }, 'Account number', 'Enter the account number: 6 to 20 digits.'],
    [
      'a 21-digit number',
      { number: '123456789012345678901' },
      'Account number',
      'Enter the account number: 6 to 20 digits.',
    ],
    ['Arabic digits', { number: '١٢٣٤٥٦٧' }, 'Account number', 'Enter the account number: 6 to 20 digits.'],
    ['no password', { password: '' }, 'Password', 'This field is required.'],
  ])('%s is refused before sending, under its field', async (_name, typed, label, message) => {
    fetchWithdrawOptions.mockResolvedValue(EMPTY);
    renderWithdraw();
    await fill(typed);
    const input = screen.getByLabelText(label, { selector: 'input' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message) as string);
    expect(addPayoutAccount).not.toHaveBeenCalled();
  });

  it.each<[string, WpsError, string | null, string]>([
    [
      'a wrong password',
      new WpsError(400, 'old_password_incorrect', 'x'),
      'Password',
      'The password is not right.',
    ],
    [
      'another name',
      new WpsError(400, 'invalid_request', 'x', { data: { holderName: '<img src=x onerror=alert(1)>' } }),
      'Account name',
      'The account name must be <img src=x onerror=alert(1)>, as on your first payout account.',
    ],
    [
      'a refused detail',
      new WpsError(400, 'invalid_request', 'x'),
      null,
      'Check the account details and try again.',
    ],
    [
      'no connection',
      new WpsError(0, NETWORK_ERROR, 'x'),
      null,
      'No connection. Check your network and try again.',
    ],
    ['anything else', new WpsError(500, 'internal_error', 'Boom'), null, 'The account could not be added.'],
  ])(
    'the server refuses (%s): a translated message, the password cleared',
    async (_name, error, label, message) => {
      fetchWithdrawOptions.mockResolvedValue(EMPTY);
      addPayoutAccount.mockRejectedValue(error);
      renderWithdraw();
      await fill({});
      if (label === null) {
        expect(await screen.findByTestId('withdraw-account-error')).toHaveTextContent(message);
      } else {
        const input = screen.getByLabelText(label, { selector: 'input' });
        await waitFor(() =>
          expect(input).toHaveAccessibleDescription(expect.stringContaining(message) as string),
        );
      }
      expect(screen.queryByText('Boom')).toBeNull();
      expect(document.querySelector('img')).toBeNull();
      expect(screen.getByLabelText('Password')).toHaveValue('');
    },
  );

  it('with accounts: adding another prefills the holder name and can be cancelled', async () => {
    fetchWithdrawOptions.mockResolvedValue({ ...EMPTY, holderName: 'Alice Reyes', accounts: [ADDED] });
    renderWithdraw();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a payout account' }));
    expect(screen.getByLabelText('Account name', { selector: 'input' })).toHaveValue('Alice Reyes');
    expect(
      screen.getByText('The account name must be Alice Reyes, as on your first payout account.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Request withdrawal' })).toBeVisible();
  });
});
