import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WhitelabelFlag } from '@wps/contract/flags';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from '@/platform/router';
import { settingsStore } from '@/state/settings';
import { renderWithI18n } from '@/test/renderWithI18n';
import { testSettings } from '@/test/settingsFixture';
import { LoginScreen } from './LoginScreen';

/**
 * Firebase phone auth is the SMS alternative (issue 14): where the merchant turns it on, the login
 * form's "Mobile number" tab signs in through Firebase's code instead of the server's SMS, and the
 * social section below does not offer it a second time.
 */

vi.mock('@/features/socialSignIn/incognito', () => ({ detectPrivateMode: () => Promise.resolve(false) }));
vi.mock('@/api/endpoints/accounts', () => ({
  login: vi.fn(),
  verifyLogin: vi.fn(),
  fetchCaptcha: vi.fn(),
  verifyCaptcha: vi.fn(),
  requestSmsCode: vi.fn(),
  resetPasswordByEmail: vi.fn(),
  resetPasswordBySms: vi.fn(),
}));

const SDK_CONFIG = { apiKey: 'k', authDomain: 'a.firebaseapp.com', projectId: 'p', appId: '1:2:web:3' };
type PhoneSetup = 'off' | 'sdk' | 'stand-in';

function settle(flags: WhitelabelFlag[], phone: PhoneSetup) {
  const settings = testSettings(flags);
  if (phone === 'sdk') Object.assign(settings.smsProvider, { firebase: true, ...SDK_CONFIG });
  if (phone === 'stand-in') Object.assign(settings.smsProvider, { firebase: true, standIn: true });
  settingsStore.set({ status: 'ready', settings });
}

function renderLogin() {
  renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/login']}>
      <Routes>
        <Route path="login" element={<LoginScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const phoneButtons = () => screen.queryAllByRole('button', { name: 'Continue with phone number' });

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the login form’s mobile tab and Firebase phone auth', () => {
  it.each<{
    name: string;
    flags: WhitelabelFlag[];
    phone: PhoneSetup;
    tabs: boolean;
    inTab: 'server-sms' | 'firebase-form' | 'firebase-popup' | null;
  }>([
    { name: 'neither: no tabs', flags: [], phone: 'off', tabs: false, inTab: null },
    { name: 'server SMS only', flags: ['MOBILENUMREG3'], phone: 'off', tabs: true, inTab: 'server-sms' },
    { name: 'Firebase phone (SDK) only', flags: [], phone: 'sdk', tabs: true, inTab: 'firebase-form' },
    {
      name: 'both: Firebase replaces the server SMS',
      flags: ['MOBILENUMREG3'],
      phone: 'sdk',
      tabs: true,
      inTab: 'firebase-form',
    },
    {
      name: 'Firebase phone through the stand-in',
      flags: [],
      phone: 'stand-in',
      tabs: true,
      inTab: 'firebase-popup',
    },
  ])('$name', async ({ flags, phone, tabs, inTab }) => {
    settle(flags, phone);
    renderLogin();
    // The social section has settled (its private-mode check answered).
    await waitFor(() => expect(screen.getByLabelText('Username')).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(phoneButtons()).toHaveLength(0);
    const tab = screen.queryByRole('button', { name: 'Mobile number' });
    expect(tab !== null).toBe(tabs);
    if (!tab) return;
    await userEvent.click(tab);
    if (inTab === 'server-sms') {
      const form = screen.getByRole('button', { name: 'Send code' }).closest('form');
      expect(form?.querySelector('[name="firebasePhone"]')).toBeNull();
      expect(phoneButtons()).toHaveLength(0);
    } else if (inTab === 'firebase-form') {
      await waitFor(() => expect(phoneButtons()).toHaveLength(1));
      expect(
        screen
          .getByRole('button', { name: 'Send code' })
          .closest('form')
          ?.querySelector('[name="firebasePhone"]'),
      ).not.toBeNull();
      // No second SMS route: the server's code request and its login button are not there.
      expect(screen.getAllByRole('button', { name: 'Send code' })).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    } else {
      await waitFor(() => expect(phoneButtons()).toHaveLength(1));
      expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    }
  });

  it('the stand-in: the tab offers the phone popup and no code fields', async () => {
    settle([], 'stand-in');
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Mobile number' }));
    await waitFor(() => expect(phoneButtons()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('SMS code')).not.toBeInTheDocument();
  });

  it('back on the username tab: the username form, and still no phone sign-in in the social section', async () => {
    settle(['MOBILENUMREG3'], 'sdk');
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Mobile number' }));
    await waitFor(() => expect(phoneButtons()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Username' }));
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(phoneButtons()).toHaveLength(0);
  });
});
