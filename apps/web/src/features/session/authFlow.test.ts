import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { LoginPayload, RegistrationPayload } from '@wps/contract/schemas/accounts';
import type { LoginResult } from '@wps/contract/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import * as errorActions from '@/features/apiErrors';
import { StorageKey, localStore, sessionStore } from '@/platform/storage';
import { getSession } from '@/state/session';
import { applyTestSettings } from '@/test/settingsFixture';
import { submitLogin, submitLoginVerification, submitRegistration } from './authFlow';
import { isPasswordChangeForced } from '@/state/forcedPasswordChange';

vi.mock('@/api/endpoints/accounts', () => ({
  login: vi.fn(),
  verifyLogin: vi.fn(),
  register: vi.fn(),
}));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn(), performErrorAction: vi.fn() }));

const login = vi.mocked(accounts.login);
const verifyLogin = vi.mocked(accounts.verifyLogin);
const register = vi.mocked(accounts.register);
const handleError = vi.mocked(errorActions.handleError);
const performErrorAction = vi.mocked(errorActions.performErrorAction);

const payload: LoginPayload = {
  type: 'username',
  username: 'alice',
  password: 'pw-1',
  geetestValidateV4: 'proof',
  loginDeviceId: 'd'.repeat(36),
  isOfficialAppLogin: false,
};

const result: LoginResult = {
  token: 'tok-1',
  firstTimeLogin: false,
  passwordExpired: false,
  id: '42',
  userName: 'alice',
  customerType: 0,
};

describe('login flow', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    applyTestSettings(['PWDEXPFORCECHANGE3']);
    vi.clearAllMocks();
  });
  afterEach(async () => {
    // release the lock (500 ms after the end) before the next test
    await vi.advanceTimersByTimeAsync(600);
    vi.useRealTimers();
  });

  it('stores the token and session for this tab (Remember me off by default) and goes to the safe go target', async () => {
    login.mockResolvedValue(result);
    const outcome = await submitLogin(payload, { go: '/m/game' });
    expect(outcome).toEqual({ status: 'success', destination: '/m/game' });
    expect(getSession()).toMatchObject({
      token: 'tok-1',
      id: '42',
      userName: 'alice',
      merchantCode: 'aurora',
      type: 0,
    });
    expect(localStore.getString(StorageKey.rememberedSession)).toBeNull();
    expect(localStore.getString(LazyStorageKey.rememberedName)).toBe('alice');
  });

  it('ignores a second submit while processing', async () => {
    let resolve: (value: LoginResult) => void = () => undefined;
    login.mockReturnValue(new Promise((done) => (resolve = done)));
    const first = submitLogin(payload);
    expect(await submitLogin(payload)).toEqual({ status: 'ignored' });
    resolve(result);
    expect((await first).status).toBe('success');
    expect(login).toHaveBeenCalledTimes(1);
  });

  it('sends a hostile go target home', async () => {
    login.mockResolvedValue(result);
    expect(await submitLogin(payload, { go: 'https://evil.example' })).toEqual({
      status: 'success',
      destination: '/m/home',
    });
  });

  it.each([
    ['first-time login', { firstTimeLogin: true }],
    ['an expired password with PWDEXPFORCECHANGE3', { passwordExpired: true }],
  ])('goes to /m/changePsw on %s and keeps the member there', async (_name, change) => {
    login.mockResolvedValue({ ...result, ...change });
    expect(await submitLogin(payload, { go: '/m/game' })).toEqual({
      status: 'success',
      destination: '/m/changePsw',
    });
    expect(isPasswordChangeForced()).toBe(true);
  });

  it('opens the second factor on login_verify_required, and its completion completes the login', async () => {
    const required = { verifyToken: 'v1', methods: ['ga'], maskedEmail: null, maskedMobile: null };
    login.mockRejectedValue(new WpsError(200, 'login_verify_required', 'verify', { data: required }));
    const outcome = await submitLogin(payload, { go: '/m/game' });
    expect(outcome).toEqual({ status: 'verify', required, payload });
    expect(handleError).not.toHaveBeenCalled();
    verifyLogin.mockResolvedValue(result);
    expect(
      await submitLoginVerification({ verifyToken: 'v1', method: 'ga', code: '123456' }, payload, {
        go: '/m/game',
      }),
    ).toEqual({
      status: 'success',
      destination: '/m/game',
    });
    expect(getSession()?.token).toBe('tok-1');
  });

  it('an email/sms second factor asks for the code first', async () => {
    verifyLogin.mockResolvedValue(null);
    expect(await submitLoginVerification({ verifyToken: 'v1', method: 'email', code: '' }, payload)).toEqual({
      status: 'sent',
    });
    expect(getSession()).toBeNull();
  });

  it.each(['login.cred.err', 'not.exists.user'])(
    'alerts one translated message for %s (both the same) and stores nothing',
    async (code) => {
      const error = new WpsError(200, code, 'bad', { serverMessage: 'The account does not exist.' });
      login.mockRejectedValue(error);
      expect(await submitLogin(payload)).toEqual({
        status: 'failed',
        error,
        failure: { fields: {}, form: { key: 'auth_login_failed' }, captcha: null },
      });
      expect(localStore.getString(LazyStorageKey.rememberedName)).toBeNull();
      expect(performErrorAction).toHaveBeenCalledWith({
        kind: 'alert',
        message: { key: 'auth_login_failed' },
      });
      expect(handleError).not.toHaveBeenCalled();
      expect(getSession()).toBeNull();
    },
  );

  it('leaves a failure that is not about the form to the error catalogue (no answer)', async () => {
    const error = new WpsError(0, 'network_error', 'offline');
    login.mockRejectedValue(error);
    expect(await submitLogin(payload)).toEqual({ status: 'failed', error, failure: null });
    expect(handleError).toHaveBeenCalledWith(error);
    expect(performErrorAction).not.toHaveBeenCalled();
  });

  it('shows nothing when asked not to', async () => {
    login.mockRejectedValue(new WpsError(200, 'login.cred.err', 'bad'));
    const outcome = await submitLogin(payload, { alertOnFailure: false });
    expect(outcome.status).toBe('failed');
    expect(handleError).not.toHaveBeenCalled();
    expect(performErrorAction).not.toHaveBeenCalled();
  });
});

describe('registration flow', () => {
  const registration: RegistrationPayload = {
    username: 'bob',
    password: 'pw',
    registerMethod: 'H5',
    registerUrl: 'http://localhost/m/register',
    loginDeviceId: 'd'.repeat(36),
    isOfficialAppLogin: false,
    domain: 'localhost',
    login: true,
    pixelTrack: null,
  };

  beforeEach(async () => {
    vi.useFakeTimers();
    applyTestSettings();
    vi.clearAllMocks();
  });
  afterEach(async () => {
    // release the lock (500 ms after the end) before the next test
    await vi.advanceTimersByTimeAsync(600);
    vi.useRealTimers();
  });

  it('logs in on success and goes to the stored go target', async () => {
    sessionStore.setString(LazyStorageKey.goTarget, '/m/game');
    register.mockResolvedValue({
      token: 'tok-2',
      customerId: '7',
      userName: 'bob',
      customerName: 'Bob',
      firstTimeLogin: true,
      customerType: 0,
    });
    const outcome = await submitRegistration(registration, false);
    expect(outcome).toMatchObject({ status: 'success', destination: '/m/game' });
    expect(register).toHaveBeenCalledWith(registration, false);
    expect(getSession()).toMatchObject({ token: 'tok-2', id: '7', userName: 'bob', firstTimeLogin: true });
    expect(sessionStore.getString(LazyStorageKey.goTarget)).toBeNull();
  });

  it('goes home without a stored target, and ignores a second submit while processing', async () => {
    let resolve: (value: Awaited<ReturnType<typeof accounts.register>>) => void = () => undefined;
    register.mockReturnValue(new Promise((done) => (resolve = done)));
    const first = submitRegistration(registration, true);
    expect(await submitRegistration(registration, true)).toEqual({ status: 'ignored' });
    resolve({
      token: 't',
      customerId: '1',
      userName: 'b',
      customerName: 'b',
      firstTimeLogin: false,
      customerType: 0,
    });
    expect(await first).toMatchObject({ status: 'success', destination: '/m/home' });
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('alerts the server message on failure; line_invalid_token drops the stored line token', async () => {
    localStore.setString(LazyStorageKey.lineSessionToken, 'line');
    const error = new WpsError(200, 'line_invalid_token', 'bad line', { serverMessage: 'bad line' });
    register.mockRejectedValue(error);
    expect(await submitRegistration(registration, false)).toEqual({ status: 'failed', error, failure: null });
    expect(handleError).toHaveBeenCalledWith(error);
    expect(localStore.getString(LazyStorageKey.lineSessionToken)).toBeNull();
    expect(getSession()).toBeNull();
  });

  it.each([
    [
      'a taken username',
      new WpsError(409, 'username.exists', 'x', { serverMessage: 'This username is already taken.' }),
      { username: { key: 'auth_username_taken' } },
    ],
    [
      'a schema refusal, never shown as the server wrote it',
      new WpsError(400, 'invalid_request', 'x', {
        serverMessage: 'Invalid request. username: Too big: expected string to have <=64 characters',
      }),
      { username: { key: 'auth_username_invalid', params: { min: 4, max: 20 } } },
    ],
  ])('%s comes back as a field message, without an alert', async (_name, error, fields) => {
    register.mockRejectedValue(error);
    const outcome = await submitRegistration(registration, false);
    expect(outcome).toMatchObject({ status: 'failed', failure: { fields, form: null } });
    expect(handleError).not.toHaveBeenCalled();
    expect(performErrorAction).not.toHaveBeenCalled();
  });
});
