import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WhitelabelFlag } from '@wps/contract/flags';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import { MemoryRouter } from '@/platform/router';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { signInWithFirebase } from './flows';
import { detectPrivateMode } from './incognito';
import { SocialSignIn } from './SocialSignIn';

vi.mock('./incognito', () => ({ detectPrivateMode: vi.fn(() => Promise.resolve(false)) }));
vi.mock('./flows', () => ({
  signInWithFirebase: vi.fn(),
  startLineSignIn: vi.fn(() => Promise.resolve(true)),
  completeFirebaseRedirect: vi.fn(() => Promise.resolve(null)),
  completeLineReturn: vi.fn(() => Promise.resolve(null)),
  completeLiffArrival: vi.fn(() => Promise.resolve(null)),
  completeTelegramArrival: vi.fn(() => Promise.resolve(null)),
  loginWithTelegram: vi.fn(),
}));
vi.mock('@/api/call', () => ({
  call: vi.fn(() => Promise.resolve({ botId: '1', authDomain: 'lotus.localhost', standIn: true })),
}));

const LINE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.3.0';

function settle(
  flags: WhitelabelFlag[],
  change: (settings: ReturnType<typeof testSettings>) => void = () => undefined,
) {
  const settings = testSettings(flags);
  change(settings);
  settingsStore.set({ status: 'ready', settings });
}

const standIn = (settings: ReturnType<typeof testSettings>) => {
  settings.smsProvider.standIn = true;
};

function render() {
  const onSuccess = vi.fn();
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/login']}>
      <SocialSignIn go={null} onSuccess={onSuccess} />
    </MemoryRouter>,
  );
  return onSuccess;
}

beforeEach(() => {
  vi.mocked(detectPrivateMode).mockResolvedValue(false);
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('SocialSignIn: which buttons', () => {
  it.each<[string, WhitelabelFlag[], (settings: ReturnType<typeof testSettings>) => void, string[]]>([
    ['no flag: nothing', [], standIn, []],
    ['Google with the stand-in', ['GOOGLELOGIN3'], standIn, ['Continue with Google']],
    [
      'all three Firebase providers',
      ['GOOGLELOGIN3', 'FACEBOOKLOGIN3', 'TWITTERLOGIN3'],
      standIn,
      ['Continue with Google', 'Continue with Facebook', 'Continue with X'],
    ],
    ['Google without any Firebase configuration: nothing', ['GOOGLELOGIN3'], () => undefined, []],
    [
      'Google with a complete Firebase configuration',
      ['GOOGLELOGIN3'],
      (settings) =>
        Object.assign(settings.smsProvider, {
          apiKey: 'k',
          authDomain: 'a.firebaseapp.com',
          projectId: 'p',
          appId: '1:2:web:3',
        }),
      ['Continue with Google'],
    ],
    ['LINE without a channel: nothing', ['LINELOGIN3'], () => undefined, []],
    [
      'LINE with a channel',
      ['LINELOGIN3'],
      (settings) => (settings.gw.LINE_CLIENT_ID = '165'),
      ['Continue with LINE'],
    ],
    ['Telegram', ['TELEGRAMLOGIN3'], () => undefined, ['Continue with Telegram']],
    [
      'phone auth through the stand-in: its popup',
      [],
      (settings) => Object.assign(settings.smsProvider, { firebase: true, standIn: true }),
      ['Continue with phone number'],
    ],
    [
      'phone auth with the SDK: the code form',
      [],
      (settings) =>
        Object.assign(settings.smsProvider, {
          firebase: true,
          apiKey: 'k',
          authDomain: 'a.firebaseapp.com',
          projectId: 'p',
          appId: '1:2:web:3',
        }),
      ['Send code', 'Continue with phone number'],
    ],
    [
      'phone auth off: nothing',
      [],
      (settings) => Object.assign(settings.smsProvider, { firebase: false, standIn: true }),
      [],
    ],
  ])('%s', async (_name, flags, change, expected) => {
    settle(flags, change);
    render();
    if (expected.length === 0) {
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      return;
    }
    await waitFor(() =>
      expect(screen.getByRole('button', { name: expected[expected.length - 1] })).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('region')).toHaveAttribute('aria-busy', 'false'));
    expect(
      screen
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((name) => name !== 'Country code'),
    ).toEqual(expected);
  });
});

describe('SocialSignIn: where it cannot work', () => {
  it('a private window shows not_support_incognito and no buttons', async () => {
    vi.mocked(detectPrivateMode).mockResolvedValue(true);
    settle(['GOOGLELOGIN3', 'TELEGRAMLOGIN3'], standIn);
    render();
    expect(await screen.findByText(/not available in private \(incognito\) browsing/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('inside the LINE browser Google offers the browser instead of failing', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(LINE_UA);
    settle(['GOOGLELOGIN3', 'FACEBOOKLOGIN3'], standIn);
    render();
    expect(
      await screen.findByText(
        'Google sign-in does not work inside this app. Open this page in your browser.',
      ),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Open in your browser for Google' });
    expect(link.getAttribute('href')).toContain('openExternalBrowser=1');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeInTheDocument();
  });
});

describe('SocialSignIn: outcomes', () => {
  it('a provider error shows its text, Code and Reason', async () => {
    settle(['GOOGLELOGIN3'], standIn);
    vi.mocked(signInWithFirebase).mockRejectedValue({
      code: 'auth/popup-blocked',
      message: 'Popup blocked by the browser',
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sign-in window was blocked.');
    expect(alert).toHaveTextContent('Code: auth/popup-blocked');
    expect(alert).toHaveTextContent('Reason: Popup blocked by the browser');
  });

  it('a refused server call is left to the error catalogue', async () => {
    settle(['GOOGLELOGIN3'], standIn);
    vi.mocked(signInWithFirebase).mockRejectedValue(new WpsError(503, 'service_unavailable', 'down'));
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(signInWithFirebase).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('auth/cancelled-popup-request shows nothing', async () => {
    settle(['GOOGLELOGIN3'], standIn);
    vi.mocked(signInWithFirebase).mockRejectedValue({ code: 'auth/cancelled-popup-request', message: 'x' });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('success hands the destination on', async () => {
    settle(['GOOGLELOGIN3'], standIn);
    vi.mocked(signInWithFirebase).mockResolvedValue({ status: 'success', destination: '/m/home' });
    const onSuccess = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('/m/home'));
  });

  it('no matching account opens the confirm dialog', async () => {
    settle(['GOOGLELOGIN3'], standIn);
    vi.mocked(signInWithFirebase).mockResolvedValue({
      status: 'bind',
      pending: {
        provider: 'google.com',
        displayName: 'Alice Tan',
        bindToken: 'T'.repeat(43),
        social: {},
        expiresAt: Date.now() + 600_000,
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link your sign-in' });
    expect(dialog).toHaveTextContent('Signed in as Alice Tan');
    expect(dialog).toHaveTextContent('No account is linked to this Google sign-in yet.');
    expect(screen.getByRole('button', { name: 'Log in and link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register a new account' })).toBeInTheDocument();
  });
});
