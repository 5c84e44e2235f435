import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '../../api/endpoints/accounts';
import { memberStore } from '../../features/auth/memberStore';
import { watchToken } from '../../features/auth/tokenEffects';
import { StorageKey, localStore } from '../../platform/storage';
import { getSession, setSession } from '../../state/session';
import { renderWithI18n } from '../../test/renderWithI18n';
import { MemberHomeScreen } from './MemberHomeScreen';

vi.mock('../../api/endpoints/accounts', () => ({ logout: vi.fn(), fetchMemberInfo: vi.fn() }));
const logout = vi.mocked(accounts.logout);
const fetchMemberInfo = vi.mocked(accounts.fetchMemberInfo);

const info = { id: '1', account: 'alice', type: 0, language: 'EN', clubLabel: null };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}`}</p>;
}

function signIn(token = 'tok') {
  setSession({
    spanId: 's',
    id: '1',
    token,
    merchantCode: 'aurora',
    userName: 'alice',
    type: 0,
    firstTimeLogin: false,
  });
}

describe('token presence and loss', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('loads member info when a token appears and clears it (with unread and deposit counts) when lost', async () => {
    fetchMemberInfo.mockResolvedValue(info);
    const stop = watchToken();
    expect(fetchMemberInfo).not.toHaveBeenCalled();
    await act(async () => {
      signIn();
      await Promise.resolve();
    });
    expect(fetchMemberInfo).toHaveBeenCalledTimes(1);
    expect(memberStore.get().info).toEqual(info);
    memberStore.set({ ...memberStore.get(), unreadCount: 3, depositCount: 2 });
    const { clearSession } = await import('../../state/session');
    act(() => clearSession());
    expect(memberStore.get()).toEqual({ info: null, unreadCount: 0, depositCount: null });
    stop();
  });

  it('token_ip_different turns auto-login off', async () => {
    const stop = watchToken();
    const { emitTransportEvent } = await import('../../api/events');
    emitTransportEvent('tokenIpDifferent');
    expect(localStore.getString(StorageKey.autoLogin)).toBe('0');
    stop();
  });
});

describe('MemberHomeScreen', () => {
  it('shows the account and logs out to home', async () => {
    logout.mockResolvedValue(null);
    signIn();
    memberStore.set({ info, unreadCount: 0, depositCount: null });
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
