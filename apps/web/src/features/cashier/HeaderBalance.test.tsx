import type { BalanceView } from '@wps/contract/money';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as wallet from '@/api/endpoints/wallet';
import { MemoryRouter } from '@/platform/router';
import { resetEachQueryTest } from '@/test/queryFixtures';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { clearSession } from '@/state/session';
import * as stream from './balanceStream';
import HeaderBalance from './HeaderBalance';

vi.mock('@/api/endpoints/wallet', () => ({ fetchBalance: vi.fn() }));
vi.mock('./balanceStream', () => ({ openBalanceStream: vi.fn() }));
const fetchBalance = vi.mocked(wallet.fetchBalance);
const openBalanceStream = vi.mocked(stream.openBalanceStream);

const BALANCE: BalanceView = { currency: 'PHP', cash: '1234.50', bonus: '0.00', held: '0.00' };

resetEachQueryTest();
afterEach(() => {
  vi.clearAllMocks();
});

describe('HeaderBalance', () => {
  it('shows the cash balance in the merchant style, links to the deposit page, follows the stream, stops on sign-out', async () => {
    let push: (balance: BalanceView) => void = () => undefined;
    const stop = vi.fn();
    openBalanceStream.mockImplementation((options) => {
      push = options.onBalance;
      return { stop, wake: vi.fn() };
    });
    fetchBalance.mockResolvedValue(BALANCE);
    signIn('tok-9');
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/home']}>
        <HeaderBalance />
      </MemoryRouter>,
    );
    const link = screen.getByTestId('header-balance');
    expect(link).toHaveTextContent('…');
    expect(link).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('₱1,234.50')).toBeVisible();
    expect(link).toHaveAttribute('href', '/m/deposit');
    expect(link).toHaveAccessibleName('Balance: ₱1,234.50. Deposit');
    expect(openBalanceStream).toHaveBeenCalledWith(expect.objectContaining({ token: 'tok-9' }));

    act(() => push({ ...BALANCE, cash: '1734.50' }));
    expect(link).toHaveTextContent('₱1,734.50');

    act(() => clearSession());
    expect(stop).toHaveBeenCalled();
    expect(screen.queryByTestId('header-balance')).toBeNull();
  });
});
