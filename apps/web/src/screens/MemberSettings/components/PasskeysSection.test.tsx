import { PasskeyErrorCode, type PasskeyInfo } from '@wps/contract/passkeys';
import * as webauthn from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as api from '@/api/endpoints/passkeys';
import * as notices from '@/ui/notices';
import { renderWithI18n } from '@/test/renderWithI18n';
import { signIn } from '@/test/sessionFixture';
import { PasskeysSection } from './PasskeysSection';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
  browserSupportsWebAuthnAutofill: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@/api/endpoints/passkeys', () => ({
  fetchPasskeys: vi.fn(),
  passkeyRegistrationOptions: vi.fn(),
  registerPasskey: vi.fn(),
  renamePasskey: vi.fn(),
  deletePasskey: vi.fn(),
  passkeyLoginOptions: vi.fn(),
  passkeyLogin: vi.fn(),
}));
vi.mock('@/ui/notices', async (original) => ({
  ...(await original<typeof notices>()),
  showConfirm: vi.fn(),
  showToast: vi.fn(),
}));

const fetchPasskeys = vi.mocked(api.fetchPasskeys);

function passkey(id: string, name: string): PasskeyInfo {
  return {
    id,
    name,
    deviceType: 'multiDevice',
    backedUp: true,
    transports: ['internal'],
    createdAt: '2030-01-02T03:04:05.000Z',
    lastUsedAt: null,
  };
}

function named(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

let token = 0;
beforeEach(() => {
  // A new session each test: a new data scope, so no list is shared between tests.
  token += 1;
  signIn(`tok-${token}`);
  Object.defineProperty(window, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
  });
});

afterEach(() => {
  vi.clearAllMocks();
  Reflect.deleteProperty(window, 'PublicKeyCredential');
});

describe('PasskeysSection', () => {
  it('loads, then shows the empty state; adding one lists it (the library answers the browser part)', async () => {
    fetchPasskeys.mockResolvedValue([]);
    vi.mocked(api.passkeyRegistrationOptions).mockResolvedValue({
      rp: { name: 'Aurora', id: 'localhost' },
      user: { id: 'u', name: 'alice', displayName: 'alice' },
      challenge: 'c',
      pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
    });
    vi.mocked(webauthn.startRegistration).mockResolvedValue({
      id: 'p1',
      rawId: 'p1',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
    });
    vi.mocked(api.registerPasskey).mockResolvedValue(passkey('p1', 'Passkey 1'));
    renderWithI18n(<PasskeysSection />);
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey 1')).toBeInTheDocument();
    expect(screen.queryByText('You have no passkeys yet.')).not.toBeInTheDocument();
    expect(notices.showToast).toHaveBeenCalledWith('passkey-added', { key: 'passkey_added' });
  });

  const failures: [string, unknown, string | null][] = [
    ['a cancelled sheet says nothing', named('NotAllowedError'), null],
    [
      'a passkey already on the authenticator',
      named('InvalidStateError'),
      'This passkey is already registered',
    ],
    [
      'a refused registration',
      new WpsError(400, PasskeyErrorCode.INVALID, 'x'),
      'This passkey is not recognised here.',
    ],
  ];
  it.each(failures)('adding: %s', async (_name, error, shown) => {
    fetchPasskeys.mockResolvedValue([]);
    vi.mocked(api.passkeyRegistrationOptions).mockRejectedValue(error);
    renderWithI18n(<PasskeysSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeEnabled());
    if (shown === null) expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    else expect(screen.getByRole('alert')).toHaveTextContent(shown);
  });

  it('a failed load offers a retry', async () => {
    fetchPasskeys.mockRejectedValueOnce(new WpsError(0, 'network_error', 'offline'));
    fetchPasskeys.mockResolvedValueOnce([passkey('p1', 'Laptop')]);
    renderWithI18n(<PasskeysSection />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your passkeys could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Laptop')).toBeInTheDocument();
  });

  it('renames in place and removes after a confirmation', async () => {
    fetchPasskeys.mockResolvedValue([passkey('p1', 'Laptop'), passkey('p2', 'Phone')]);
    vi.mocked(api.renamePasskey).mockResolvedValue(null);
    vi.mocked(api.deletePasskey).mockResolvedValue(null);
    renderWithI18n(<PasskeysSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename: Laptop' }));
    const input = screen.getByLabelText('Passkey name');
    await userEvent.clear(input);
    await userEvent.type(input, '  Work laptop ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(api.renamePasskey).toHaveBeenCalledWith({ id: 'p1', name: 'Work laptop' });

    vi.mocked(notices.showConfirm).mockResolvedValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: 'Remove: Phone' }));
    expect(api.deletePasskey).not.toHaveBeenCalled();
    vi.mocked(notices.showConfirm).mockResolvedValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove: Phone' }));
    await waitFor(() => expect(screen.queryByText('Phone')).not.toBeInTheDocument());
    expect(api.deletePasskey).toHaveBeenCalledWith({ id: 'p2' });
    expect(screen.getAllByTestId('passkey-row')).toHaveLength(1);
  });

  it('a browser without WebAuthn gets a note instead of the button', async () => {
    Reflect.deleteProperty(window, 'PublicKeyCredential');
    fetchPasskeys.mockResolvedValue([]);
    renderWithI18n(<PasskeysSection />);
    expect(await screen.findByText('This browser does not support passkeys.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});
