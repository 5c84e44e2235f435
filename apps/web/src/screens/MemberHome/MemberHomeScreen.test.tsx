import { selectCustomerService } from '@wps/contract/customerService';
import type { CustomerServiceEntry } from '@wps/contract/system';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { unreadCountQuery } from '@/features/member';
import { setQueryData } from '@/queries/changes';
import { StorageKey, localStore } from '@/platform/storage';
import { getSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { thirdPartyChatStatus } from '@/features/supportChat';
import { MemberHomeScreen } from './MemberHomeScreen';
import { memberTypeKey } from './hooks/memberType';
import { signIn } from '@/test/sessionFixture';

vi.mock('@/api/endpoints/wallet', () => ({
  fetchBalance: vi.fn(() =>
    Promise.resolve({ currency: 'PHP', cash: '1234.50', bonus: '0.00', held: '0.00' }),
  ),
}));
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
const GOLD = { labelName: 'Gold', type: 'AUTO', rankLevel: 2, labelId: 'VIP2' };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}`}</p>;
}

function renderHome() {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/member/home']}>
      <Routes>
        <Route path="member/home" element={<MemberHomeScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('MemberHomeScreen', () => {
  it('shows the account, member type, VIP label with level and benefit, progress and the unread count', async () => {
    signIn();
    fetchMemberInfo.mockResolvedValue({ ...info, clubLabel: GOLD });
    fetchUnreadCount.mockResolvedValue({ count: 4 });
    fetchRankProgress.mockResolvedValue({
      currentProgress: { completedConditions: 2, totalExpectedConditions: 3 },
      playerRankProgress: { labelId: 'VIP2' },
    });
    renderHome();
    expect(screen.getByTestId('member-unread')).toHaveTextContent('0');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait...');
    await waitFor(() => expect(screen.getByTestId('member-unread')).toHaveTextContent('4'));
    expect(screen.getByRole('link', { name: /^Inbox Unread messages: ?4$/ })).toHaveAttribute(
      'href',
      '/m/member/inbox',
    );
    expect(await screen.findByTestId('member-type')).toHaveTextContent('Player');
    expect(screen.getByTestId('member-vip-level')).toHaveTextContent('VIP level 2');
    expect(screen.getByTestId('member-vip-benefit')).toHaveTextContent(
      'The VIP benefits of Gold apply to your account.',
    );
    const progress = await screen.findByRole('progressbar', { name: 'VIP progress · Gold' });
    expect(progress).toHaveAttribute('value', '2');
    expect(progress).toHaveAttribute('max', '3');
    expect(progress).toHaveAttribute('aria-valuetext', '2 of 3 conditions met');
    act(() => setQueryData(unreadCountQuery, () => ({ count: 0 })));
    expect(screen.getByTestId('member-unread')).toHaveTextContent('0');
  });

  it('shows no VIP benefit for a label given by hand, and no VIP card without label or progress', async () => {
    signIn();
    fetchMemberInfo.mockResolvedValue({ ...info, type: 1, clubLabel: { ...GOLD, type: 'MANUAL' } });
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchRankProgress.mockRejectedValue(new Error('none'));
    renderHome();
    expect(await screen.findByTestId('member-vip-level')).toHaveTextContent('VIP level 2');
    expect(screen.getByTestId('member-type')).toHaveTextContent('Agent');
    expect(screen.queryByTestId('member-vip-benefit')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('links every screen the bottom navigation does not reach, and customer service when the merchant has it', async () => {
    signIn();
    settingsStore.set({
      status: 'ready',
      settings: {
        ...testSettings(),
        customerService: [
          { path: 'https://help.example/chat', csType: 'LINK', csPosition: 'HOME', labelIds: [] },
        ],
      },
    });
    fetchMemberInfo.mockResolvedValue(info);
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchRankProgress.mockReturnValue(new Promise(() => undefined));
    renderHome();
    const links = within(screen.getByRole('navigation', { name: 'Quick links' }));
    expect(links.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Deposit', '/m/deposit'],
      ['Withdraw', '/m/withdraw'],
      ['Transactions', '/m/transactions'],
      ['Promotion', '/m/activity'],
      ['Invite friends', '/m/inviteFriends'],
      ['News', '/m/news'],
      ['Download the app', '/m/download'],
      ['Feedback', '/m/feedback'],
      ['Settings and security', '/m/member/settings'],
      ['Responsible gaming', '/m/responsible-gaming'],
      ['Customer service', 'https://help.example/chat'],
    ]);
    expect(links.getByRole('link', { name: 'Customer service' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(links.queryByRole('link', { name: 'Agent registration' })).not.toBeInTheDocument();
    // The balance card leads to both sides of the cashier and the history.
    const balance = within(screen.getByTestId('member-balance'));
    expect(balance.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      [
        ['Deposit', '/m/deposit'],
        ['Withdraw', '/m/withdraw'],
        ['Transactions', '/m/transactions'],
      ],
    );
  });

  it.each([
    { name: 'with the merchant’s link: the widget opens instead of the link', entry: true },
    { name: 'without a link: a button opens the widget', entry: false },
  ])('a third-party chat widget on the page — $name', async ({ entry }) => {
    signIn();
    settingsStore.set({
      status: 'ready',
      settings: {
        ...testSettings(),
        customerService: entry
          ? [{ path: 'https://help.example/chat', csType: 'LINK', csPosition: 'HOME', labelIds: [] }]
          : [],
      },
    });
    const open = vi.fn();
    (window as unknown as { WpsChatWidget?: { open: () => void } }).WpsChatWidget = { open };
    thirdPartyChatStatus.set('ready');
    try {
      fetchMemberInfo.mockResolvedValue(info);
      fetchUnreadCount.mockResolvedValue({ count: 0 });
      fetchRankProgress.mockReturnValue(new Promise(() => undefined));
      renderHome();
      const links = within(screen.getByRole('navigation', { name: 'Quick links' }));
      const support = entry
        ? links.getByRole('link', { name: 'Customer service' })
        : links.getByRole('button', { name: 'Customer service' });
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      support.dispatchEvent(click);
      expect(open).toHaveBeenCalledTimes(1);
      expect(click.defaultPrevented).toBe(entry);
    } finally {
      delete (window as unknown as { WpsChatWidget?: unknown }).WpsChatWidget;
      thirdPartyChatStatus.set('none');
    }
  });

  it('links an agent to the agent page', async () => {
    signIn();
    fetchMemberInfo.mockResolvedValue({ ...info, type: 2 });
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchRankProgress.mockReturnValue(new Promise(() => undefined));
    renderHome();
    const links = within(screen.getByRole('navigation', { name: 'Quick links' }));
    expect(await links.findByRole('link', { name: 'Agent registration' })).toHaveAttribute(
      'href',
      '/m/agentRegister',
    );
  });

  it('shows the failure with a retry when the member info cannot be loaded', async () => {
    signIn();
    fetchMemberInfo.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(info);
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchRankProgress.mockReturnValue(new Promise(() => undefined));
    renderHome();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account details could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('member-type')).toHaveTextContent('Player');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs out to home', async () => {
    logout.mockResolvedValue(null);
    signIn();
    fetchMemberInfo.mockResolvedValue(info);
    fetchUnreadCount.mockResolvedValue({ count: 0 });
    fetchRankProgress.mockReturnValue(new Promise(() => undefined));
    renderHome();
    expect(await screen.findByTestId('member-account')).toHaveTextContent('alice');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
    expect(logout).toHaveBeenCalled();
    expect(getSession()).toBeNull();
    expect(localStore.getString(StorageKey.rememberedSession)).toBeNull();
  });
});

describe('member home rules', () => {
  const entry = (path: string, labelIds: string[]): CustomerServiceEntry => ({
    path,
    csType: 'LINK',
    csPosition: 'HOME',
    labelIds,
  });

  it.each([
    [
      'the label’s entry first',
      [entry('https://all.example', []), entry('https://gold.example', ['VIP2'])],
      'VIP2',
      'https://gold.example/',
    ],
    [
      'no label: entries without one',
      [entry('https://gold.example', ['VIP2']), entry('https://all.example', [])],
      null,
      'https://all.example/',
    ],
    ['another label only: none', [entry('https://gold.example', ['VIP2'])], 'VIP1', null],
    [
      'the label’s entry unsafe: the unlabelled one',
      [entry('javascript:alert(1)', ['VIP2']), entry('/m/feedback', [])],
      'VIP2',
      '/m/feedback',
    ],
    ['nothing', [], 'VIP2', null],
  ])('support link: %s', (_case, entries, labelId, expected) => {
    expect(selectCustomerService(entries, labelId, 'HOME')[0]?.path ?? null).toBe(expected);
  });

  it.each([
    [0, 'member_type_player'],
    [1, 'member_type_agent'],
    [2, 'member_type_agent'],
    [4, 'member_type_member'],
    [7, 'member_type_member'],
  ])('member type %i is %s', (type, key) => {
    expect(memberTypeKey(type)).toBe(key);
  });
});
