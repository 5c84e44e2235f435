import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { unreadCountQuery } from '@/features/auth/memberData';
import { setQueryData } from '@/queries/changes';
import { StorageKey, localStore } from '@/platform/storage';
import { getSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { MemberHomeScreen } from './MemberHomeScreen';
import { signIn } from '@/test/sessionFixture';

vi.mock('@/api/endpoints/accounts', () => ({
  logout: vi.fn(),
  saveMemberLanguage: vi.fn(),
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(),
  fetchUnreadCount: vi.fn(),
}));
const logout = vi.mocked(accounts.logout);
const fetchMemberInfo = vi.mocked(accounts.fetchMemberInfo);
const fetchRankProgress = vi.mocked(accounts.fetchRankProgress);
const fetchUnreadCount = vi.mocked(accounts.fetchUnreadCount);

const info = { id: '1', account: 'alice', type: 0, language: 'EN', clubLabel: null };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}`}</p>;
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('MemberHomeScreen', () => {
  it('shows the unread count and the VIP progress as text', async () => {
    signIn();
    fetchMemberInfo.mockResolvedValue({
      ...info,
      clubLabel: { labelName: 'Gold', type: 'AUTO', rankLevel: 2, labelId: 'VIP2' },
    });
    fetchUnreadCount.mockResolvedValue({ count: 4 });
    fetchRankProgress.mockResolvedValue({
      currentProgress: { completedConditions: 2, totalExpectedConditions: 3 },
      playerRankProgress: { labelId: 'VIP2' },
    });
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/member/home']}>
        <MemberHomeScreen />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('member-unread')).toHaveTextContent('0');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('member-unread')).toHaveTextContent('4'));
    expect(screen.getByText('Unread messages')).toBeInTheDocument();
    const progress = await screen.findByRole('progressbar', { name: 'VIP progress · Gold' });
    expect(progress).toHaveAttribute('value', '2');
    expect(progress).toHaveAttribute('max', '3');
    expect(progress).toHaveAttribute('aria-valuetext', '2 of 3 conditions met');
    expect(screen.getByTestId('member-vip')).toHaveTextContent('2 of 3 conditions met');
    act(() => setQueryData(unreadCountQuery, () => ({ count: 0 })));
    expect(screen.getByTestId('member-unread')).toHaveTextContent('0');
  });

  it('shows the account and logs out to home', async () => {
    logout.mockResolvedValue(null);
    signIn();
    fetchMemberInfo.mockResolvedValue(info);
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchRankProgress.mockReturnValue(new Promise(() => undefined));
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/member/home']}>
        <Routes>
          <Route path="member/home" element={<MemberHomeScreen />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('member-account')).toHaveTextContent('alice');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
    expect(logout).toHaveBeenCalled();
    expect(getSession()).toBeNull();
    expect(localStore.getString(StorageKey.autoLogin)).toBe('0');
  });

  it('lists every language by its own name; a pick switches and is kept on the account', async () => {
    signIn();
    fetchMemberInfo.mockResolvedValue(info);
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchRankProgress.mockRejectedValue(new Error('none'));
    vi.mocked(accounts.saveMemberLanguage).mockResolvedValue(null);
    renderWithI18n(
      <MemoryRouter basename="/m" initialEntries={['/m/member/home']}>
        <MemberHomeScreen />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Language' });
    expect(within(list).getAllByRole('button')).toHaveLength(29);
    expect(within(list).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('lang', 'hi-IN');
    await userEvent.click(within(list).getByRole('button', { name: '日本語' }));
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: '日本語' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(accounts.saveMemberLanguage).toHaveBeenCalledWith({ language: 'JA', merchantCode: 'aurora' });
    expect(localStore.getString(StorageKey.language)).toBe('JA');
  });
});
