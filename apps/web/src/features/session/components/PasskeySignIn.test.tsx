import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as passkeys from '@/features/session/passkeys';
import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@/i18n/I18nProvider';
import en from '@/i18n/catalogs/en.json';
import { renderWithI18n } from '@/test/renderWithI18n';
import { PasskeySignIn } from './PasskeySignIn';

vi.mock('@/features/session/passkeys', () => ({
  autofillAvailable: vi.fn(),
  cancelPasskeyAutofill: vi.fn().mockResolvedValue(undefined),
  signInWithPasskey: vi.fn(),
  webAuthnAvailable: vi.fn(),
}));

const signInWithPasskey = vi.mocked(passkeys.signInWithPasskey);
const never = () => new Promise<never>(() => undefined);

beforeEach(() => {
  vi.mocked(passkeys.webAuthnAvailable).mockReturnValue(true);
  vi.mocked(passkeys.autofillAvailable).mockResolvedValue(true);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('PasskeySignIn', () => {
  it('asks for the autofill once shown, and a pick signs in', async () => {
    signInWithPasskey.mockResolvedValueOnce({ status: 'success', destination: '/m/home' });
    const onSuccess = vi.fn();
    renderWithI18n(<PasskeySignIn go="/m/game" autofill onSuccess={onSuccess} />);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('/m/home'));
    expect(signInWithPasskey).toHaveBeenCalledWith({
      autofill: true,
      go: '/m/game',
      remember: expect.any(Function),
    });
  });

  it('offers the autofill again after a refused pick, at most 3 times, and says why', async () => {
    signInWithPasskey.mockResolvedValue({ status: 'failed', message: 'passkey_not_recognised' });
    renderWithI18n(<PasskeySignIn go={null} autofill onSuccess={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey is not recognised here.');
    await waitFor(() => expect(signInWithPasskey).toHaveBeenCalledTimes(3));
    // And no more: an authenticator answering by itself cannot spin the form.
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    expect(signInWithPasskey).toHaveBeenCalledTimes(3);
  });

  it('no autofill where the browser has none, or the username field is not shown; the button still works', async () => {
    vi.mocked(passkeys.autofillAvailable).mockResolvedValue(false);
    signInWithPasskey.mockResolvedValueOnce({ status: 'cancelled' });
    const first = renderWithI18n(<PasskeySignIn go={null} autofill onSuccess={vi.fn()} />);
    await screen.findByRole('button', { name: 'Sign in with a passkey' });
    first.unmount();
    renderWithI18n(<PasskeySignIn go={null} autofill={false} onSuccess={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(signInWithPasskey).toHaveBeenCalledTimes(1);
    expect(signInWithPasskey).toHaveBeenCalledWith({
      autofill: false,
      go: null,
      remember: expect.any(Function),
    });
    // Cancelled: nothing said.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a member with a second factor gets the second-step dialog', async () => {
    vi.mocked(passkeys.autofillAvailable).mockReturnValue(never());
    signInWithPasskey.mockResolvedValueOnce({
      status: 'verify',
      required: { verifyToken: 'v'.repeat(43), methods: ['ga'], maskedEmail: null, maskedMobile: null },
    });
    renderWithI18n(<PasskeySignIn go={null} autofill onSuccess={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('dialog', { name: 'Two-step verification' })).toBeInTheDocument();
  });

  it('no button without WebAuthn', () => {
    vi.mocked(passkeys.webAuthnAvailable).mockReturnValue(false);
    vi.mocked(passkeys.autofillAvailable).mockResolvedValue(false);
    renderWithI18n(<PasskeySignIn go={null} autofill onSuccess={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });

  it.each([
    ['a browser with WebAuthn', true],
    ['a browser without (it drops the button once hydrated)', false],
  ])('the server renders the button (%s): it is never a late largest paint', (_case, available) => {
    vi.mocked(passkeys.webAuthnAvailable).mockReturnValue(available);
    const html = renderToString(
      <I18nProvider language="EN" catalog={en}>
        <PasskeySignIn go={null} autofill={false} onSuccess={vi.fn()} />
      </I18nProvider>,
    );
    expect(html).toContain('Sign in with a passkey');
  });
});
