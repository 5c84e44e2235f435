import type { AvailablePromotion } from '@wps/contract/referral';
import type { CommonSettings } from '@wps/contract/system';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import * as referral from '@/api/endpoints/referral';
import { WpsError } from '@/api/client';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { testSettings } from '@/test/settingsFixture';
import { InviteFriendsScreen } from './InviteFriendsScreen';
import { referralEntry, type ReferralFacts } from './hooks/referralEntry';

vi.mock('@/api/endpoints/accounts', () => ({
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(() => new Promise(() => undefined)),
  fetchUnreadCount: vi.fn(() => new Promise(() => undefined)),
}));
vi.mock('@/api/endpoints/referral', () => ({
  fetchPromotions: vi.fn(),
  fetchReferralInfo: vi.fn(),
  fetchReferralFriends: vi.fn(),
}));
vi.mock('@/ui/qrImage', () => ({
  qrImageUrl: vi.fn((text: string) => Promise.resolve(`data:image/svg+xml,${encodeURIComponent(text)}`)),
}));
const fetchMemberInfo = vi.mocked(accounts.fetchMemberInfo);
const fetchPromotions = vi.mocked(referral.fetchPromotions);
const fetchReferralInfo = vi.mocked(referral.fetchReferralInfo);
const fetchReferralFriends = vi.mocked(referral.fetchReferralFriends);

const player = { id: '1', account: 'alice', type: 0, language: 'EN', clubLabel: null };
const programs = (referralOn: boolean, appBonus: number | null = 20): AvailablePromotion[] => [
  { code: 'REFERRAL', enabled: referralOn, bonus: 50 },
  { code: 'APP_DOWNLOAD', enabled: appBonus !== null, bonus: appBonus },
];

function useSettingsWith(referralOn: boolean, extra: Partial<CommonSettings> = {}) {
  const base = testSettings();
  settingsStore.set({
    status: 'ready',
    settings: {
      ...base,
      promotions: { ...base.promotions, REFERRAL: { enabled: referralOn } },
      ...extra,
    },
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}`}</p>;
}

function renderScreen() {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/inviteFriends']}>
      <Routes>
        <Route path="inviteFriends" element={<InviteFriendsScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.clearAllMocks();
  clearSession();
});

describe('referralEntry (spec section 4)', () => {
  const base: ReferralFacts = {
    loggedIn: false,
    memberType: undefined,
    promoEnabled: true,
    backendEnabled: true,
  };
  const cases: [string, Partial<ReferralFacts>, ReturnType<typeof referralEntry>][] = [
    ['visitor, promo off', { promoEnabled: false }, 'comingSoon'],
    ['visitor, promo off, backend on', { promoEnabled: false, backendEnabled: true }, 'comingSoon'],
    ['visitor, promo on, backend off', { backendEnabled: false }, 'customerService'],
    ['visitor, promo on, backend failed', { backendEnabled: null }, 'customerService'],
    ['visitor, promo on, backend loading', { backendEnabled: undefined }, 'loading'],
    ['visitor, settings loading', { promoEnabled: undefined }, 'loading'],
    ['visitor, all on', {}, 'visitor'],
    ['member, all on', { loggedIn: true, memberType: 0 }, 'member'],
    ['member type 4, all on', { loggedIn: true, memberType: 4 }, 'member'],
    ['member, promo off', { loggedIn: true, memberType: 0, promoEnabled: false }, 'comingSoon'],
    ['member, backend off', { loggedIn: true, memberType: 0, backendEnabled: false }, 'customerService'],
    ['member, info loading', { loggedIn: true }, 'loading'],
    ['agent type 1, promo off', { loggedIn: true, memberType: 1, promoEnabled: false }, 'agent'],
    ['agent type 2, backend off', { loggedIn: true, memberType: 2, backendEnabled: false }, 'agent'],
    ['agent type 1, all on', { loggedIn: true, memberType: 1 }, 'agent'],
  ];
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(referralEntry({ ...base, ...facts })).toBe(expected);
  });
});

describe('InviteFriendsScreen', () => {
  it('shows a visitor "coming soon" when the referral promotion is off', async () => {
    useSettingsWith(false);
    fetchPromotions.mockResolvedValue(programs(true));
    renderScreen();
    expect(await screen.findByTestId('referral-coming-soon')).toHaveTextContent(
      'Invite friends is coming soon. Check back later.',
    );
    expect(fetchPromotions).toHaveBeenCalledWith(false);
  });

  it('sends to customer service when the backend flag is off', async () => {
    useSettingsWith(true, {
      customerService: [
        { path: 'https://help.example/chat', csType: 'LINK', csPosition: 'HOME', labelIds: [] },
      ],
    });
    fetchPromotions.mockResolvedValue(programs(false));
    renderScreen();
    const notice = await screen.findByTestId('referral-customer-service');
    expect(notice).toHaveTextContent('Referral rewards are handled by customer service.');
    expect(screen.getByRole('link', { name: 'Customer service' })).toHaveAttribute(
      'href',
      'https://help.example/chat',
    );
  });

  it('invites a visitor to log in or register, with the public app-download bonus', async () => {
    useSettingsWith(true);
    fetchPromotions.mockResolvedValue(programs(true, 20));
    renderScreen();
    expect(await screen.findByTestId('referral-visitor')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/m/login?go=%2Fm%2FinviteFriends',
    );
    expect(screen.getByTestId('referral-app-bonus')).toHaveTextContent('get a bonus of 20');
    expect(fetchPromotions).toHaveBeenCalledWith(false);
    expect(fetchReferralInfo).not.toHaveBeenCalled();
  });

  it('sends an agent to /m/agentRegister', async () => {
    signIn();
    useSettingsWith(true);
    fetchMemberInfo.mockResolvedValue({ ...player, type: 1 });
    fetchPromotions.mockResolvedValue(programs(true));
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/m/agentRegister'));
    expect(fetchReferralInfo).not.toHaveBeenCalled();
  });

  it("shows a member's link, QR code, Copy with its confirmation, and the friends list", async () => {
    signIn();
    useSettingsWith(true);
    fetchMemberInfo.mockResolvedValue(player);
    fetchPromotions.mockResolvedValue(programs(true, null));
    fetchReferralInfo.mockResolvedValue({ referralCode: 'ABCD2345', friends: 1 });
    fetchReferralFriends.mockResolvedValue({
      list: [{ name: 'bo****b1', registeredAt: '2026-11-20T10:00:00.000Z' }],
      page: 1,
      pageSize: 20,
      total: 1,
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderScreen();
    const link = await screen.findByTestId('referral-link');
    expect(link).toHaveValue(`${window.location.origin}/m/register?r=ABCD2345`);
    expect(await screen.findByTestId('referral-link-qr')).toHaveAttribute(
      'alt',
      'QR code of your invite link',
    );
    expect(fetchPromotions).toHaveBeenCalledWith(true);
    // No Web Share API in this browser: Copy is the way, and says so when done.
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/m/register?r=ABCD2345`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    const friends = await screen.findByTestId('referral-friends');
    expect(friends).toHaveTextContent('bo****b1');
    expect(friends).toHaveTextContent('2026');
    expect(screen.queryByTestId('referral-app-bonus')).toBeNull();
  });

  it('shares through the Web Share API where the browser has it', async () => {
    signIn();
    useSettingsWith(true);
    fetchMemberInfo.mockResolvedValue(player);
    fetchPromotions.mockResolvedValue(programs(true));
    fetchReferralInfo.mockResolvedValue({ referralCode: 'ABCD2345', friends: 0 });
    fetchReferralFriends.mockResolvedValue({ list: [], page: 1, pageSize: 20, total: 0 });
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const user = userEvent.setup();
      renderScreen();
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ url: `${window.location.origin}/m/register?r=ABCD2345` }),
      );
      expect(await screen.findByTestId('referral-friends-empty')).toHaveTextContent(
        'No friends have registered with your link yet.',
      );
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('shows a retry when the friends list fails, and loads it again', async () => {
    signIn();
    useSettingsWith(true);
    fetchMemberInfo.mockResolvedValue(player);
    fetchPromotions.mockResolvedValue(programs(true));
    fetchReferralInfo.mockResolvedValue({ referralCode: 'ABCD2345', friends: 0 });
    fetchReferralFriends.mockRejectedValueOnce(new WpsError(503, 'service_unavailable', 'offline'));
    fetchReferralFriends.mockResolvedValueOnce({
      list: [{ name: 'ca****l2', registeredAt: '2026-11-21T10:00:00.000Z' }],
      page: 1,
      pageSize: 20,
      total: 1,
    });
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('Your friends could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('referral-friends')).toHaveTextContent('ca****l2');
  });
});
