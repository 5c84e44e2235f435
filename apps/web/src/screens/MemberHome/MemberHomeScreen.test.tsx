import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as accounts from '../../api/endpoints/accounts';
import { memberStore, unreadCountStore, vipProgressStore } from '../../features/auth/memberStore';
import { StorageKey, localStore } from '../../platform/storage';
import { getSession } from '../../state/session';
import { renderWithI18n } from '../../test/renderWithI18n';
import { MemberHomeScreen } from './MemberHomeScreen';
import { signIn } from '../../test/sessionFixture';

vi.mock('../../api/endpoints/accounts', () => ({ logout: vi.fn() }));
const logout = vi.mocked(accounts.logout);

const info = { id: '1', account: 'alice', type: 0, language: 'EN', clubLabel: null };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}`}</p>;
}

describe('MemberHomeScreen', () => {
  it('shows the unread count and the VIP progress as text', () => {
    signIn();
    memberStore.set({
      info: { ...info, clubLabel: { labelName: 'Gold', type: 'AUTO', rankLevel: 2, labelId: 'VIP2' } },
      depositCount: null,
    });
    unreadCountStore.set(4);
    vipProgressStore.set({ completed: 2, total: 3, labelId: 'VIP2' });
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/member/home']}>
        <MemberHomeScreen />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('member-unread')).toHaveTextContent('4');
    expect(screen.getByText('Unread messages')).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'VIP progress · Gold' });
    expect(progress).toHaveAttribute('value', '2');
    expect(progress).toHaveAttribute('max', '3');
    expect(progress).toHaveAttribute('aria-valuetext', '2 of 3 conditions met');
    expect(screen.getByTestId('member-vip')).toHaveTextContent('2 of 3 conditions met');
    act(() => {
      unreadCountStore.set(0);
      vipProgressStore.set(null);
    });
    expect(screen.getByTestId('member-unread')).toHaveTextContent('0');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the account and logs out to home', async () => {
    logout.mockResolvedValue(null);
    signIn();
    memberStore.set({ info, depositCount: null });
    unreadCountStore.set(0);
    vipProgressStore.set(null);
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/member/home']}>
        <Routes>
          <Route path="member/home" element={<MemberHomeScreen />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('member-account')).toHaveTextContent('alice');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
    expect(logout).toHaveBeenCalled();
    expect(getSession()).toBeNull();
    expect(localStore.getString(StorageKey.autoLogin)).toBe('0');
  });
});
