import type { CheckedCustomerServiceEntry } from '@wps/contract/customerService';
import type { CommonSettings, CustomerServiceEntry } from '@wps/contract/system';
import type { MemberInfo } from '@wps/contract/accounts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { toRouterPath, registerNavigate } from '@/features/navigation';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@/platform/router';
import { clearSession } from '@/state/session';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { testSettings } from '@/test/settingsFixture';
import FloatingSupport from './FloatingSupport';
import HeaderSupport from './HeaderSupport';
import { chatAddress } from './launchChat';

const call = vi.hoisted(() => vi.fn());
vi.mock('@/api/call', () => ({ call }));
const fetchMemberInfo = vi.hoisted(() => vi.fn());
vi.mock('@/api/endpoints/accounts', () => ({
  fetchMemberInfo,
  fetchRankProgress: vi.fn(() => new Promise(() => undefined)),
  fetchUnreadCount: vi.fn(() => new Promise(() => undefined)),
}));

const gold: MemberInfo = {
  id: '1',
  account: 'alice',
  type: 0,
  language: 'EN',
  clubLabel: { labelName: 'Gold', type: 'AUTO', rankLevel: 2, labelId: 'VIP2' },
};

const entry = (
  path: string,
  csPosition: CustomerServiceEntry['csPosition'],
  labelIds: string[] = [],
  csType: CustomerServiceEntry['csType'] = 'CHAT',
): CustomerServiceEntry => ({ path, csType, csPosition, labelIds });

function useEntries(customerService: CustomerServiceEntry[]) {
  settingsStore.set({ status: 'ready', settings: { ...testSettings(), customerService } as CommonSettings });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}${location.search}`}</p>;
}

/** The app's navigation from outside React, as App.tsx registers it. */
function RegisterNavigate() {
  const navigate = useNavigate();
  useEffect(
    () => registerNavigate((href, { replace }) => void navigate(toRouterPath(href), { replace })),
    [navigate],
  );
  return null;
}

function renderAt(url: string, part: 'floating' | 'header') {
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={[url]}>
      <RegisterNavigate />
      {part === 'floating' ? <FloatingSupport /> : <HeaderSupport />}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  clearSession();
  call.mockReset();
  fetchMemberInfo.mockReset();
});
afterEach(() => {
  settingsStore.set({ status: 'loading' });
  clearSession();
});

describe('the floating and header customer-service buttons', () => {
  it.each<[string, CustomerServiceEntry[], 'floating' | 'header', string | null]>([
    ['floating: the unlabelled chat', [entry('/m/supportChat', 'FLOATING')], 'floating', '/m/supportChat'],
    [
      'header: an http(s) link',
      [entry('https://help.example/', 'HEADER', [], 'LINK')],
      'header',
      'https://help.example/',
    ],
    ['header: another position only', [entry('/m/supportChat', 'HOME')], 'header', null],
    ['floating: a hostile path', [entry('//evil.example', 'FLOATING', [], 'LINK')], 'floating', null],
    [
      'header: a visitor never sees a label’s entry',
      [entry('/m/supportChat', 'HEADER', ['VIP2'])],
      'header',
      null,
    ],
  ])('%s', (_case, entries, part, href) => {
    useEntries(entries);
    renderAt('/m/home', part);
    const link = screen.queryByRole('link', { name: 'Help and support' });
    if (href === null) expect(link).toBeNull();
    else expect(link?.getAttribute('href')?.split('?')[0]).toBe(href);
  });

  it('a Gold member gets the label’s header entry, with the way back to this page', async () => {
    useEntries([
      entry('/m/supportChat?title=VIP%20desk', 'HEADER', ['VIP2']),
      entry('https://all.example/', 'HEADER', [], 'LINK'),
    ]);
    signIn();
    fetchMemberInfo.mockResolvedValue(gold);
    renderAt('/m/game?tab=slots', 'header');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Help and support' })).toHaveAttribute(
        'href',
        '/m/supportChat?title=VIP+desk&backUrl=%2Fm%2Fgame%3Ftab%3Dslots',
      ),
    );
  });

  it('is not shown on the chat itself', () => {
    useEntries([entry('/m/supportChat', 'FLOATING')]);
    renderAt('/m/supportChat', 'floating');
    expect(screen.queryByRole('link', { name: 'Help and support' })).toBeNull();
  });

  it('a tap opens the chat at the address CBS_launchChat answers (title, backUrl, language)', async () => {
    useEntries([entry('/m/supportChat?title=Help', 'FLOATING')]);
    call.mockResolvedValue({ url: '/m/supportChat?title=Help&backUrl=%2Fm%2Fhome&language=EN' });
    renderAt('/m/home', 'floating');
    await userEvent.click(screen.getByRole('link', { name: 'Help and support' }));
    expect(call).toHaveBeenCalledWith(
      'launchChat',
      { title: 'Help', backUrl: '/m/home', language: 'EN' },
      { handleErrors: false },
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/m/supportChat?title=Help&backUrl=%2Fm%2Fhome&language=EN',
    );
  });

  it('the third-party widget on the page opens instead of the chat', async () => {
    useEntries([entry('/m/supportChat', 'FLOATING')]);
    const open = vi.fn();
    (window as unknown as { WpsChatWidget?: { open: () => void } }).WpsChatWidget = { open };
    try {
      renderAt('/m/home', 'floating');
      await userEvent.click(screen.getByRole('link', { name: 'Help and support' }));
      expect(open).toHaveBeenCalledTimes(1);
      expect(call).not.toHaveBeenCalled();
      expect(screen.getByTestId('where')).toHaveTextContent('/m/home');
    } finally {
      delete (window as unknown as { WpsChatWidget?: unknown }).WpsChatWidget;
    }
  });
});

describe('chatAddress: CBS_launchChat, never an open redirect', () => {
  const chat: CheckedCustomerServiceEntry = {
    path: '/m/supportChat',
    csType: 'CHAT',
    csPosition: 'FLOATING',
    labelIds: [],
  };
  // [case, backUrl, what the call answers, sent backUrl, address opened]
  it.each<[string, string | null, unknown, string | undefined, string]>([
    [
      'an in-app back address',
      '/m/game',
      { url: '/m/supportChat?backUrl=%2Fm%2Fgame' },
      '/m/game',
      '/m/supportChat?backUrl=%2Fm%2Fgame',
    ],
    [
      'an off-site back address is not sent',
      'https://evil.example/',
      { url: '/m/supportChat' },
      undefined,
      '/m/supportChat',
    ],
    ['protocol-relative', '//evil.example', { url: '/m/supportChat' }, undefined, '/m/supportChat'],
    ['backslash trick', '/\\evil.example', { url: '/m/supportChat' }, undefined, '/m/supportChat'],
    ['javascript:', 'javascript:alert(1)', { url: '/m/supportChat' }, undefined, '/m/supportChat'],
    ['encoded escape from /m/', '/m/..%2F..%2Fevil', { url: '/m/supportChat' }, undefined, '/m/supportChat'],
    [
      'the answer points off-site: the local address',
      '/m/home',
      { url: 'https://evil.example/m/supportChat' },
      '/m/home',
      '/m/supportChat?backUrl=%2Fm%2Fhome',
    ],
    [
      'the answer is another page: the local address',
      '/m/home',
      { url: '/m/login' },
      '/m/home',
      '/m/supportChat?backUrl=%2Fm%2Fhome',
    ],
    [
      'the call fails: the local address',
      '/m/home',
      new Error('offline'),
      '/m/home',
      '/m/supportChat?backUrl=%2Fm%2Fhome',
    ],
  ])('%s', async (_case, backUrl, answer, sent, opened) => {
    if (answer instanceof Error) call.mockRejectedValue(answer);
    else call.mockResolvedValue(answer);
    expect(await chatAddress(chat, { backUrl, language: 'EN' })).toBe(opened);
    expect(call).toHaveBeenCalledWith(
      'launchChat',
      { ...(sent === undefined ? {} : { backUrl: sent }), language: 'EN' },
      { handleErrors: false },
    );
  });
});
