import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WpsError } from '@/api/client';
import * as accounts from '@/api/endpoints/accounts';
import { StorageKey, localStore } from '@/platform/storage';
import { getSession } from '@/state/session';
import { applyTestSettings } from '@/test/settingsFixture';
import { attemptAutoLogin, runAutoLogin } from './autoLoginRunner';
import { credentialStore } from './rememberedCredentials';

vi.mock('@/api/endpoints/accounts', () => ({ login: vi.fn(), verifyLogin: vi.fn(), register: vi.fn() }));
vi.mock('@/features/apiErrors/errorActions', () => ({ handleError: vi.fn() }));
const login = vi.mocked(accounts.login);

describe('auto-login runner', () => {
  beforeEach(async () => {
    vi.clearAllMocks();
    applyTestSettings(['MOBILEAUTOLOGIN3']);
    await credentialStore().save({
      type: 'username',
      username: 'alice',
      password: 'pw-1',
      merchant: 'aurora',
    });
  });
  afterEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 520));
  });

  it('logs in silently with the remembered credentials when the six conditions hold', async () => {
    login.mockResolvedValue({
      token: 'tok',
      firstTimeLogin: false,
      passwordExpired: false,
      id: '1',
      userName: 'alice',
      customerType: 0,
    });
    expect(await runAutoLogin()).toBe(true);
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'username', username: 'alice', password: 'pw-1' }),
    );
    expect(getSession()?.token).toBe('tok');
    expect(await runAutoLogin()).toBe(false); // once per page load
  });

  it.each([
    ['login.cred.err', true],
    ['not.exists.user', true],
    ['captcha_required', false],
  ])('on %s the stored credential is removed: %s', async (code, removed) => {
    login.mockRejectedValue(new WpsError(200, code, 'x'));
    expect(await attemptAutoLogin()).toBe(false);
    expect(login).toHaveBeenCalled();
    expect(localStore.getString(StorageKey.rememberedCredentials) === null).toBe(removed);
    expect(getSession()).toBeNull();
  });

  it('does not run when the stored autoLogin is 0 (token_ip_different, logout)', async () => {
    localStore.setString(StorageKey.autoLogin, '0');
    expect(await attemptAutoLogin()).toBe(false);
    expect(login).not.toHaveBeenCalled();
  });

  it('does not run with backUrl in the query', async () => {
    window.history.replaceState(null, '', '/m/home?backUrl=%2Fm%2Fgame');
    expect(await attemptAutoLogin()).toBe(false);
    expect(login).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });
});
