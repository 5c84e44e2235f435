import type { MemberSession, SecurityStatus } from '@wps/contract/memberArea';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { WpsError } from '@/api/client';
import * as memberArea from '@/api/endpoints/memberArea';
import { MemoryRouter } from '@/platform/router';
import { StorageKey, localStore } from '@/platform/storage';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { MemberSettingsScreen } from './MemberSettingsScreen';
import { deviceName } from './hooks/deviceName';

vi.mock('@/api/endpoints/accounts', () => ({
  saveMemberLanguage: vi.fn(),
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(),
  fetchUnreadCount: vi.fn(),
}));
vi.mock('@/api/endpoints/memberArea', () => ({
  fetchSecurityStatus: vi.fn(),
  setUpTotp: vi.fn(),
  confirmTotp: vi.fn(),
  disableTotp: vi.fn(),
  switchCodeFactor: vi.fn(),
  fetchSessions: vi.fn(),
  endSession: vi.fn(),
}));
vi.mock('@/ui/qrImage', () => ({
  qrImageUrl: vi.fn((text: string) => Promise.resolve(`data:image/svg+xml,${text}`)),
}));
const api = vi.mocked(memberArea);

const OFF: SecurityStatus = {
  authenticator: false,
  recoveryCodesLeft: 0,
  email: { enabled: false, destination: 'a***@example.com' },
  sms: { enabled: false, destination: null },
};
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const sessions: MemberSession[] = [
  {
    id: 1,
    userAgent: PHONE,
    ip: '10.0.0.1',
    createdAt: '2026-11-20T10:00:00Z',
    lastSeenAt: '2026-11-23T08:00:00Z',
    current: true,
  },
  {
    id: 2,
    userAgent: DESKTOP,
    ip: '10.0.0.2',
    createdAt: '2026-11-19T10:00:00Z',
    lastSeenAt: '2026-11-22T08:00:00Z',
    current: false,
  },
  {
    id: 3,
    userAgent: null,
    ip: '10.0.0.3',
    createdAt: '2026-11-18T10:00:00Z',
    lastSeenAt: '2026-11-21T08:00:00Z',
    current: false,
  },
];

function renderSettings() {
  signIn();
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/member/settings']}>
      <MemberSettingsScreen />
    </MemoryRouter>,
  );
}

const section = (name: string) => within(screen.getByRole('region', { name }));

beforeEach(() => {
  api.fetchSecurityStatus.mockResolvedValue(OFF);
  api.fetchSessions.mockResolvedValue(sessions);
  vi.mocked(accounts.fetchMemberInfo).mockReturnValue(new Promise(() => undefined));
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('MemberSettingsScreen', () => {
  it('has the language picker (every language by its own name; a pick is kept on the account) and the password link', async () => {
    vi.mocked(accounts.saveMemberLanguage).mockResolvedValue(null);
    renderSettings();
    const list = screen.getByRole('list', { name: 'Language' });
    expect(within(list).getAllByRole('button')).toHaveLength(29);
    await userEvent.click(within(list).getByRole('button', { name: '日本語' }));
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: '日本語' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(accounts.saveMemberLanguage).toHaveBeenCalledWith({ language: 'JA', merchantCode: 'aurora' });
    expect(localStore.getString(StorageKey.language)).toBe('JA');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/m/changePsw');
  });

  it('sets up the authenticator: QR code of the URI and the key as text, a wrong code refused, then the recovery codes once', async () => {
    api.setUpTotp.mockResolvedValue({
      secret: 'ABCDEFGHIJKLMNOP',
      uri: 'otpauth://totp/Aurora:alice?secret=ABCDEFGHIJKLMNOP',
    });
    api.confirmTotp
      .mockRejectedValueOnce(new WpsError(400, 'verify_code_invalid', 'no'))
      .mockResolvedValueOnce({ recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'] });
    renderSettings();
    const totp = await screen.findByRole('region', { name: 'Authenticator app' });
    expect(within(totp).getByTestId('totp-state')).toHaveTextContent('Off');
    await userEvent.click(within(totp).getByRole('button', { name: 'Set up' }));
    const qr = await within(totp).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute(
      'src',
      'data:image/svg+xml,otpauth://totp/Aurora:alice?secret=ABCDEFGHIJKLMNOP',
    );
    expect(within(totp).getByTestId('totp-secret')).toHaveTextContent('ABCDEFGHIJKLMNOP');

    const input = within(totp).getByLabelText('Authenticator app code');
    await userEvent.type(input, '12a');
    await userEvent.click(within(totp).getByRole('button', { name: 'Confirm' }));
    expect(within(totp).getByRole('alert')).toHaveTextContent('The code is not correct or has expired.');
    expect(api.confirmTotp).not.toHaveBeenCalled();
    await userEvent.type(input, '4567');
    await userEvent.click(within(totp).getByRole('button', { name: 'Confirm' }));
    expect(api.confirmTotp).toHaveBeenCalledWith('124567');
    expect(await within(totp).findByRole('alert')).toHaveTextContent(
      'The code is not correct or has expired.',
    );
    await userEvent.click(within(totp).getByRole('button', { name: 'Confirm' }));
    const codes = await within(totp).findByTestId('recovery-codes');
    expect(codes).toHaveTextContent('AAAAA-BBBBB');
    expect(codes).toHaveTextContent('CCCCC-DDDDD');
    expect(within(totp).getByTestId('totp-state')).toHaveTextContent('On');
    await userEvent.click(within(totp).getByRole('button', { name: 'Done' }));
    expect(within(totp).queryByTestId('recovery-codes')).not.toBeInTheDocument();
    expect(within(totp).getByTestId('totp-state')).toHaveTextContent('On · Recovery codes left: 2');
  });

  it('turns the authenticator off with a code; too many tries say so', async () => {
    api.fetchSecurityStatus.mockResolvedValue({ ...OFF, authenticator: true, recoveryCodesLeft: 9 });
    api.disableTotp
      .mockRejectedValueOnce(new WpsError(429, 'TOO_MANY_REQUEST_verify_code', 'slow down'))
      .mockResolvedValueOnce(null);
    renderSettings();
    const totp = await screen.findByRole('region', { name: 'Authenticator app' });
    await waitFor(() =>
      expect(within(totp).getByTestId('totp-state')).toHaveTextContent('On · Recovery codes left: 9'),
    );
    await userEvent.click(within(totp).getByRole('button', { name: 'Turn off' }));
    await userEvent.type(within(totp).getByLabelText('Authenticator app code'), '123456');
    await userEvent.click(within(totp).getByRole('button', { name: 'Turn off' }));
    expect(await within(totp).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again later.',
    );
    await userEvent.click(within(totp).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(within(totp).getByTestId('totp-state')).toHaveTextContent('Off'));
    expect(api.disableTotp).toHaveBeenLastCalledWith('123456');
  });

  it('the authenticator lost: turned off with a recovery code instead', async () => {
    api.fetchSecurityStatus.mockResolvedValue({ ...OFF, authenticator: true, recoveryCodesLeft: 9 });
    api.disableTotp.mockResolvedValueOnce(null);
    renderSettings();
    const totp = await screen.findByRole('region', { name: 'Authenticator app' });
    await waitFor(() =>
      expect(within(totp).getByTestId('totp-state')).toHaveTextContent('On · Recovery codes left: 9'),
    );
    await userEvent.click(within(totp).getByRole('button', { name: 'Turn off' }));
    await userEvent.click(within(totp).getByRole('button', { name: 'Recovery code' }));
    await userEvent.type(within(totp).getByLabelText('Recovery code'), 'abcde-2345!6');
    await userEvent.click(within(totp).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(within(totp).getByTestId('totp-state')).toHaveTextContent('Off'));
    expect(api.disableTotp).toHaveBeenLastCalledWith('abcde-23456');
  });

  it('turns on codes by email with the code sent; SMS is unavailable without a number', async () => {
    api.switchCodeFactor
      .mockResolvedValueOnce({ resendAfter: 60, expiresIn: 300 })
      .mockResolvedValueOnce(null);
    renderSettings();
    const email = await screen.findByRole('region', { name: 'Codes by email' });
    expect(within(email).getByTestId('email-state')).toHaveTextContent('Off · a***@example.com');
    await userEvent.click(within(email).getByRole('button', { name: 'Turn on' }));
    expect(api.switchCodeFactor).toHaveBeenCalledWith({ method: 'email', enable: true, code: '' });
    expect(await within(email).findByRole('status')).toHaveTextContent(
      'A code was sent to a***@example.com.',
    );
    await userEvent.type(within(email).getByLabelText('Verification code'), '000000');
    await userEvent.click(within(email).getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(within(email).getByTestId('email-state')).toHaveTextContent('On · a***@example.com'),
    );
    expect(api.switchCodeFactor).toHaveBeenLastCalledWith({ method: 'email', enable: true, code: '000000' });
    const sms = section('Codes by SMS');
    expect(sms.getByText('Add and verify a mobile number above first.')).toBeInTheDocument();
    expect(sms.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists the sessions with device and last activity; ends one, then all others', async () => {
    api.endSession.mockResolvedValueOnce({ ended: 1 }).mockResolvedValueOnce({ ended: 1 });
    renderSettings();
    const region = await screen.findByRole('region', { name: 'Active sessions' });
    await waitFor(() => expect(within(region).getAllByTestId('session-item')).toHaveLength(3));
    const [current, desktop, unknown] = within(region).getAllByTestId('session-item') as HTMLElement[];
    expect(current).toHaveTextContent('Chrome · Android');
    expect(current).toHaveTextContent('This device · 10.0.0.1');
    expect(within(current as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(desktop).toHaveTextContent('Chrome · Windows');
    expect(desktop).toHaveTextContent('Last active');
    expect(unknown).toHaveTextContent('Unknown device');
    await userEvent.click(within(desktop as HTMLElement).getByRole('button', { name: 'Sign out' }));
    expect(api.endSession).toHaveBeenCalledWith({ id: 2 });
    await waitFor(() => expect(within(region).getAllByTestId('session-item')).toHaveLength(2));
    await userEvent.click(within(region).getByRole('button', { name: 'Sign out all other devices' }));
    expect(api.endSession).toHaveBeenLastCalledWith({ others: true });
    await waitFor(() => expect(within(region).getAllByTestId('session-item')).toHaveLength(1));
    expect(within(region).getByText('No other device is signed in.')).toBeInTheDocument();
  });

  it('shows the failures with a retry', async () => {
    api.fetchSecurityStatus.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(OFF);
    api.fetchSessions.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(sessions);
    renderSettings();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    for (const alert of screen.getAllByRole('alert')) {
      await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    }
    expect(await screen.findByRole('region', { name: 'Authenticator app' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(3));
  });
});

describe('deviceName', () => {
  it.each([
    [PHONE, 'Chrome · Android'],
    [DESKTOP, 'Chrome · Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/128.0', 'Firefox · macOS'],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0',
      'Edge · Windows',
    ],
    ['curl/8.0', null],
    ['', null],
    [null, null],
  ])('%s → %s', (userAgent, expected) => {
    expect(deviceName(userAgent)).toBe(expected);
  });
});
