import { ReferralErrorCode } from '@wps/contract/referral';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import * as referral from '@/api/endpoints/referral';
import { WpsError } from '@/api/client';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { clearSession } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { toasts } from '@/ui/notices';
import { AgentRegisterScreen } from './AgentRegisterScreen';

vi.mock('@/api/endpoints/accounts', () => ({
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(() => new Promise(() => undefined)),
  fetchUnreadCount: vi.fn(() => new Promise(() => undefined)),
}));
vi.mock('@/api/endpoints/referral', () => ({
  fetchAgentInfo: vi.fn(),
  fetchSubAccounts: vi.fn(),
  createSubAccount: vi.fn(),
}));
vi.mock('@/ui/qrImage', () => ({
  qrImageUrl: vi.fn((text: string) => Promise.resolve(`data:image/svg+xml,${encodeURIComponent(text)}`)),
}));
const fetchMemberInfo = vi.mocked(accounts.fetchMemberInfo);
const fetchAgentInfo = vi.mocked(referral.fetchAgentInfo);
const fetchSubAccounts = vi.mocked(referral.fetchSubAccounts);
const createSubAccount = vi.mocked(referral.createSubAccount);

const member = (type: number) => ({ id: '7', account: 'agent', type, language: 'EN', clubLabel: null });
const page = (accounts: string[]) => ({
  list: accounts.map((account, index) => ({
    id: String(100 + index),
    account,
    registeredAt: '2026-11-22T08:00:00.000Z',
  })),
  page: 1,
  pageSize: 20,
  total: accounts.length,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}`}</p>;
}

function renderScreen() {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/agentRegister']}>
      <Routes>
        <Route path="agentRegister" element={<AgentRegisterScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.clearAllMocks();
  clearSession();
  toasts.set([]);
});

describe('AgentRegisterScreen', () => {
  it.each([0, 4])(
    'sends a member of type %i away with a clear notice, asking nothing of the agent calls',
    async (type) => {
      signIn();
      fetchMemberInfo.mockResolvedValue(member(type));
      renderScreen();
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/m/member/home'));
      expect(toasts.get()).toEqual([{ id: 'agent-only', message: { key: 'agent_only_notice' } }]);
      expect(fetchAgentInfo).not.toHaveBeenCalled();
      expect(fetchSubAccounts).not.toHaveBeenCalled();
    },
  );

  it('sends away when the server refuses the agent calls (agent_only)', async () => {
    signIn();
    fetchMemberInfo.mockResolvedValue(member(1));
    fetchAgentInfo.mockRejectedValue(new WpsError(403, ReferralErrorCode.AGENT_ONLY, 'agents only'));
    fetchSubAccounts.mockResolvedValue(page([]));
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/m/member/home'));
  });

  it.each([1, 2])('shows agent type %i the downline link, its QR code and the sub-accounts', async (type) => {
    signIn();
    fetchMemberInfo.mockResolvedValue(member(type));
    fetchAgentInfo.mockResolvedValue({ referralCode: 'AGNT2345', subAccounts: 2 });
    fetchSubAccounts.mockResolvedValue(page(['downline1', 'downline2']));
    renderScreen();
    expect(await screen.findByTestId('agent-link')).toHaveValue(
      `${window.location.origin}/m/register?r=AGNT2345`,
    );
    expect(await screen.findByTestId('agent-link-qr')).toHaveAttribute(
      'alt',
      'QR code of your downline registration link',
    );
    const subs = await screen.findByTestId('agent-subs');
    expect(subs).toHaveTextContent('downline1');
    expect(subs).toHaveTextContent('downline2');
    expect(screen.getByRole('heading', { name: /^Sub-accounts/ })).toHaveTextContent('Sub-accounts (2)');
  });

  it('shows the empty list, and a retry when the list fails', async () => {
    signIn();
    fetchMemberInfo.mockResolvedValue(member(1));
    fetchAgentInfo.mockResolvedValue({ referralCode: 'AGNT2345', subAccounts: 0 });
    fetchSubAccounts.mockRejectedValueOnce(new WpsError(503, 'service_unavailable', 'down'));
    fetchSubAccounts.mockResolvedValueOnce(page([]));
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('Your sub-accounts could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('agent-subs-empty')).toBeInTheDocument();
  });

  describe('the sub-member form', () => {
    const ready = () => {
      signIn();
      fetchMemberInfo.mockResolvedValue(member(1));
      fetchAgentInfo.mockResolvedValue({ referralCode: 'AGNT2345', subAccounts: 0 });
      fetchSubAccounts.mockResolvedValue(page([]));
    };

    const invalid: [string, string, string, string, string][] = [
      ['an empty form', '', '', '', 'This field is required'],
      ['a short username', 'ab', 'Secret123', 'Secret123', 'Use 4 to 20 characters'],
      ['a password without a digit', 'newsub01', 'abcdefgh', 'abcdefgh', 'Use 6 to 64 characters'],
      ['a confirmation that differs', 'newsub01', 'Secret123', 'Secret124', 'do not match'],
    ];
    it.each(invalid)('refuses %s before sending', async (_case, username, password, confirm, message) => {
      ready();
      const user = userEvent.setup();
      renderScreen();
      await screen.findByTestId('agent-link');
      if (username) await user.type(screen.getByLabelText('Username'), username);
      if (password) await user.type(screen.getByLabelText('Password'), password);
      if (confirm) await user.type(screen.getByLabelText(/Confirm/), confirm);
      await user.click(screen.getByRole('button', { name: 'Create member' }));
      expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent).join(' ')).toContain(
        message,
      );
      expect(createSubAccount).not.toHaveBeenCalled();
    });

    it('shows a taken username under the field', async () => {
      ready();
      createSubAccount.mockRejectedValue(new WpsError(409, 'username.exists', 'taken'));
      const user = userEvent.setup();
      renderScreen();
      await screen.findByTestId('agent-link');
      await user.type(screen.getByLabelText('Username'), 'demo');
      await user.type(screen.getByLabelText('Password'), 'Secret123');
      await user.type(screen.getByLabelText(/Confirm/), 'Secret123');
      await user.click(screen.getByRole('button', { name: 'Create member' }));
      expect(await screen.findByText(/already taken/)).toBeInTheDocument();
    });

    it('creates the sub-member, confirms it and reloads the list', async () => {
      ready();
      createSubAccount.mockResolvedValue({ id: '200', account: 'newsub01' });
      const user = userEvent.setup();
      renderScreen();
      await screen.findByTestId('agent-subs-empty');
      fetchSubAccounts.mockResolvedValue(page(['newsub01']));
      await user.type(screen.getByLabelText('Username'), ' newsub01 ');
      await user.type(screen.getByLabelText('Password'), 'Secret123');
      await user.type(screen.getByLabelText(/Confirm/), 'Secret123');
      await user.click(screen.getByRole('button', { name: 'Create member' }));
      expect(createSubAccount).toHaveBeenCalledWith('newsub01', 'Secret123', {});
      expect(await screen.findByTestId('agent-subs')).toHaveTextContent('newsub01');
      expect(toasts.get()).toEqual([
        { id: 'agent-sub-created', message: { key: 'agent_sub_created', params: { account: 'newsub01' } } },
      ]);
      expect(screen.getByLabelText('Username')).toHaveValue('');
    });
  });
});
