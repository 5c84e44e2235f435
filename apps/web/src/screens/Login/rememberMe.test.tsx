import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { LoginResult } from '@wps/contract/accounts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '@/platform/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { StorageKey } from '@/platform/storage';
import { clearSession, getSession, subscribe, watchOtherTabs } from '@/state/session';
import { renderWithI18n } from '@/test/renderWithI18n';
import { applyTestSettings } from '@/test/settingsFixture';
import { LoginScreen } from './LoginScreen';

vi.mock('@/api/endpoints/accounts', () => ({
  login: vi.fn(),
  verifyLogin: vi.fn(),
  fetchCaptcha: vi.fn(),
  verifyCaptcha: vi.fn(),
  requestSmsCode: vi.fn(),
  resetPasswordByEmail: vi.fn(),
  resetPasswordBySms: vi.fn(),
}));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));

const login = vi.mocked(accounts.login);
const PASSWORD = 'Pw-remember-1';
const result: LoginResult = {
  token: 'tok-remember',
  firstTimeLogin: false,
  passwordExpired: false,
  id: '1',
  userName: 'alice',
  customerType: 0,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`/m${location.pathname}`}</p>;
}

function renderLogin() {
  return renderWithI18n(
    <MemoryRouter basename="/m" initialEntries={['/m/login']}>
      <Routes>
        <Route path="login" element={<LoginScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function logIn(tick: boolean): Promise<void> {
  login.mockResolvedValue(result);
  renderLogin();
  await userEvent.type(screen.getByLabelText('Username'), 'alice');
  await userEvent.type(screen.getByLabelText('Password'), PASSWORD);
  if (tick) await userEvent.click(screen.getByLabelText('Remember me'));
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByTestId('where')).toHaveTextContent('/m/home');
}

/** Every key and value this origin keeps, in both storages. */
function storedText(): string {
  return [window.localStorage, window.sessionStorage]
    .flatMap((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`))
    .join('\n');
}

/** What the browser gives another tab: the same local storage, a session storage of its own. */
function openNewTab(): void {
  window.sessionStorage.clear();
}

/** Another tab signs out: it removes the remembered session; this tab hears the storage event. */
function signOutInOtherTab(): void {
  const old = window.localStorage.getItem(StorageKey.rememberedSession);
  window.localStorage.removeItem(StorageKey.rememberedSession);
  window.dispatchEvent(
    new StorageEvent('storage', { key: StorageKey.rememberedSession, oldValue: old, newValue: null }),
  );
}

// Each test waits out the 500 ms lock release of the previous one.
const waitLock = () => new Promise((resolve) => setTimeout(resolve, 520));

// The app listens to other tabs once its first screen is up (app/afterStart.ts): here, from the start.
watchOtherTabs(window);

describe('Remember me: stay signed in on this device (a token, never the password)', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    applyTestSettings(['MOBILEAUTOLOGIN3']);
    await waitLock();
  });
  afterEach(() => clearSession());

  it('is offered unticked where the merchant has auto-login, and not at all where it has not', () => {
    const { unmount } = renderLogin();
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
    unmount();
    applyTestSettings([]);
    renderLogin();
    expect(screen.queryByLabelText('Remember me')).not.toBeInTheDocument();
  });

  // [Remember me, what happens next, signed in after it, how]
  it.each<[boolean, string, boolean, () => void]>([
    [true, 'a new tab', true, openNewTab],
    [true, 'a reload of this tab', true, () => undefined],
    [true, 'a sign-out in another tab', false, signOutInOtherTab],
    [false, 'a new tab', false, openNewTab],
    [false, 'a reload of this tab', true, () => undefined],
    [false, 'a sign-out in another tab', true, signOutInOtherTab],
  ])('ticked %s, then %s: signed in %s', async (tick, _next, signedIn, next) => {
    await logIn(tick);
    const heard = vi.fn();
    const stop = subscribe(heard);
    act(next);
    stop();
    expect(getSession()?.token ?? null).toBe(signedIn ? 'tok-remember' : null);
    // The tab that lost its session was told (its screens and data follow the session store).
    if (tick && !signedIn) expect(heard).toHaveBeenCalled();
    // Never the password, in any form; never a sealed record; the username only as the name to fill.
    expect(storedText()).not.toContain(PASSWORD);
    expect(storedText()).not.toContain(btoa(PASSWORD));
    expect(storedText()).not.toContain(btoa(btoa(PASSWORD)));
    expect(storedText()).not.toMatch(/"password"|sealed|rememberedCredentials/i);
    expect(window.localStorage.getItem(LazyStorageKey.rememberedName)).toBe('alice');
  });

  it.each<[string, string | null, string, string]>([
    ['the last name that signed in', 'alice', '', 'alice'],
    ['nothing remembered', null, '', ''],
    ['a hostile stored name stays text', '<img src=x onerror=alert(1)>', '', '<img src=x onerror=alert(1)>'],
    ['a name typed before the fill is kept', 'alice', 'bob', 'bob'],
  ])('fills the username: %s', async (_name, stored, typed, shown) => {
    if (stored !== null) window.localStorage.setItem(LazyStorageKey.rememberedName, stored);
    renderLogin();
    if (typed) {
      const field = screen.getByLabelText('Username');
      await userEvent.clear(field);
      await userEvent.type(field, typed);
    }
    expect(screen.getByLabelText('Username')).toHaveValue(shown);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(document.querySelector('img')).toBeNull();
  });
});
