import type { LoginPayload } from '@wps/contract/schemas/accounts';
import type { MemberInfo } from '@wps/contract/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { setSupportChat, type SupportChat } from '@/features/supportChat';
import { StorageKey, localStore, sessionStore } from '@/platform/storage';
import { getSession } from '@/state/session';
import { signIn as signInFixture } from '@/test/sessionFixture';
import { applyTestSettings } from '@/test/settingsFixture';
import { isPasswordChangeForced, setPasswordChangeForced } from '@/state/forcedPasswordChange';
import { credentialStore } from './rememberedCredentials';
import { signIn, type SignInContext, type SignInResult } from './signIn';
import { SIGNED_OUT_GRACE_MS, signOut, type SignOutReason } from '@/features/signOut';
import { markSignedOut, wasSignedOut } from '@/state/signedOut';
import { watchToken, type TokenLoaders } from './tokenEffects';

vi.mock('@/api/endpoints/accounts', () => ({
  logout: vi.fn(),
  fetchMemberInfo: vi.fn(),
  fetchRankProgress: vi.fn(),
  fetchUnreadCount: vi.fn(),
}));

const logout = vi.mocked(accounts.logout);

const info: MemberInfo = { id: '42', account: 'alice', type: 0, language: 'EN', clubLabel: null };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const typed: LoginPayload = {
  type: 'username',
  username: 'alice',
  password: 'Secret-12',
  geetestValidateV4: 'pass',
  loginDeviceId: 'd'.repeat(36),
  isOfficialAppLogin: false,
};

const result: SignInResult = {
  token: 'tok-1',
  id: '42',
  userName: 'alice',
  customerType: 0,
  firstTimeLogin: false,
  passwordExpired: false,
};

describe('the sign-in and sign-out owner', () => {
  const chat = { identify: vi.fn<SupportChat['identify']>(), logout: vi.fn<SupportChat['logout']>() };
  const loaders = {
    memberInfo: vi.fn<TokenLoaders['memberInfo']>(),
    rankProgress: vi.fn<TokenLoaders['rankProgress']>(),
    unreadCount: vi.fn<TokenLoaders['unreadCount']>(),
  };
  let stopWatching: () => void = () => undefined;

  beforeEach(() => {
    vi.clearAllMocks();
    applyTestSettings(['PWDEXPFORCECHANGE3']);
    loaders.memberInfo.mockResolvedValue(info);
    loaders.rankProgress.mockResolvedValue({
      currentProgress: { completedConditions: 1, totalExpectedConditions: 2 },
      playerRankProgress: { labelId: null },
    });
    loaders.unreadCount.mockResolvedValue({ count: 3 });
    setSupportChat(chat);
    // The start-up's token watcher (main.tsx): the token effects follow the session store. The
    // response cache and the member's data go with the data scope (queries/store.ts, tested there).
    stopWatching = watchToken(loaders);
    markSignedOut(false);
  });
  afterEach(() => {
    stopWatching();
    setSupportChat(null);
    window.history.replaceState(null, '', '/');
  });

  describe('signIn: every caller, the same effects', () => {
    // [caller, result changes, context, destination, forced change, credentials remembered]
    const cases: [string, Partial<SignInResult>, SignInContext, string, boolean, boolean][] = [
      [
        'login form',
        {},
        { source: 'login', payload: typed, remember: true, go: '/m/game' },
        '/m/game',
        false,
        true,
      ],
      [
        'login form, Remember me off',
        {},
        { source: 'login', payload: typed, remember: false, go: null },
        '/m/home',
        false,
        false,
      ],
      [
        'login form, hostile go',
        {},
        { source: 'login', payload: typed, remember: true, go: 'https://evil.example' },
        '/m/home',
        false,
        true,
      ],
      [
        'login form, first-time login',
        { firstTimeLogin: true },
        { source: 'login', payload: typed, remember: true, go: '/m/game' },
        '/m/changePsw',
        true,
        true,
      ],
      [
        'login form, expired password (PWDEXPFORCECHANGE3)',
        { passwordExpired: true },
        { source: 'login', payload: typed, remember: true },
        '/m/changePsw',
        true,
        true,
      ],
      [
        'second factor',
        {},
        { source: 'secondFactor', payload: typed, remember: true, go: '/m/game' },
        '/m/game',
        false,
        true,
      ],
      ['auto-login', {}, { source: 'autoLogin', payload: typed, remember: true }, '/m/home', false, true],
      [
        'registration with login',
        { firstTimeLogin: true },
        { source: 'registration' },
        '/m/game',
        false,
        false,
      ],
    ];

    let signIns = 0;

    it.each(cases)('%s', async (_caller, changes, context, destination, forced, remembered) => {
      // A token of its own: the member data of one sign-in is not another's.
      signIns += 1;
      const token = `tok-${signIns}`;
      sessionStore.setString(StorageKey.goTarget, '/m/game');
      localStore.setString(StorageKey.autoLogin, '0');
      markSignedOut(true);
      expect(await signIn({ ...result, ...changes, token }, context)).toBe(destination);
      // The session store, with a new span id and the merchant of the visit.
      expect(getSession()).toMatchObject({
        token,
        id: '42',
        userName: 'alice',
        merchantCode: 'aurora',
        type: 0,
      });
      expect(getSession()?.spanId).not.toBe('');
      expect(wasSignedOut()).toBe(false);
      expect(localStore.getString(StorageKey.autoLogin)).toBe('1');
      expect(isPasswordChangeForced()).toBe(forced);
      expect(localStore.getString(StorageKey.rememberedCredentials) !== null).toBe(remembered);
      if (remembered)
        expect(await credentialStore().load()).toMatchObject({ username: 'alice', password: 'Secret-12' });
      // The go-to target of the register page is used up by a registration only.
      expect(sessionStore.getString(StorageKey.goTarget) === null).toBe(context.source === 'registration');
      // Token presence (spec section 4): member info, rank progress and unread count; the chat is told.
      await settle();
      expect(loaders.memberInfo).toHaveBeenCalledTimes(1);
      expect(loaders.rankProgress).toHaveBeenCalledTimes(1);
      expect(loaders.unreadCount).toHaveBeenCalledTimes(1);
      expect(chat.identify).toHaveBeenCalledWith('alice', 'aurora_42');
      expect(logout).not.toHaveBeenCalled();
    });

    it('a credential store that fails does not fail the sign-in', async () => {
      const save = vi.spyOn(credentialStore(), 'save').mockRejectedValue(new Error('quota'));
      expect(
        await signIn({ ...result, token: 'tok-store' }, { source: 'login', payload: typed, remember: true }),
      ).toBe('/m/home');
      expect(getSession()?.token).toBe('tok-store');
      save.mockRestore();
    });
  });

  describe('signOut: every reason', () => {
    // [reason, revoked on the server, auto-login after, where to, replace, signed-out mark]
    const cases: [SignOutReason, boolean, string, string, boolean, boolean][] = [
      ['logout', true, '0', '/m/home', true, true],
      ['forcedChangeLogout', true, '0', '/m/home', true, true],
      ['sessionLost', false, '1', '/m/login?go=%2Fm%2Fgame%3Fid%3D7', false, false],
    ];

    it.each(cases)('%s', async (reason, revoked, autoLogin, href, replace, marked) => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      try {
        window.history.replaceState(null, '', '/m/game?id=7');
        signInFixture('tok-9');
        setPasswordChangeForced(true);
        localStore.setString(StorageKey.autoLogin, '1');
        await credentialStore().save({
          type: 'username',
          username: 'alice',
          password: 'pw',
          merchant: 'aurora',
        });
        chat.logout.mockClear();
        logout.mockResolvedValue(null);
        const events: string[] = [];
        const navigate = vi.fn((to: string) => events.push(`navigate ${to}`));
        const notice = vi.fn(() => {
          events.push(`notice, session ${getSession() === null ? 'gone' : 'there'}`);
          return Promise.resolve();
        });

        await signOut(reason, { navigate, notice });

        expect(logout).toHaveBeenCalledTimes(revoked ? 1 : 0);
        // The revoke carries the session's token itself.
        if (revoked) expect(logout).toHaveBeenCalledWith('tok-9');
        expect(getSession()).toBeNull();
        expect(localStore.getString(StorageKey.autoLogin)).toBe(autoLogin);
        expect(isPasswordChangeForced()).toBe(false);
        // Remembered credentials are removed only by the login failures of spec section 4.
        expect(localStore.getString(StorageKey.rememberedCredentials)).not.toBeNull();
        // Token loss (spec section 4): the support chat logs out.
        expect(chat.logout).toHaveBeenCalledTimes(1);
        // The notice shows once the session is gone, then the navigation.
        expect(events).toEqual(['notice, session gone', `navigate ${href}`]);
        expect(navigate).toHaveBeenCalledWith(href, replace);
        expect(wasSignedOut()).toBe(marked);
        vi.advanceTimersByTime(SIGNED_OUT_GRACE_MS);
        expect(wasSignedOut()).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });

    it('a revoke that fails still signs the member out', async () => {
      signInFixture('tok-9');
      logout.mockRejectedValue(new Error('offline'));
      const navigate = vi.fn();
      await signOut('logout', { navigate });
      expect(getSession()).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/m/home', true);
    });

    it.each(['logout', 'forcedChangeLogout'] as const)(
      "%s ends the tab's session at once, without waiting for the revoke (the member may leave)",
      async (reason) => {
        signInFixture('tok-9');
        logout.mockImplementation(() => new Promise<null>(() => undefined));
        const navigate = vi.fn();
        await signOut(reason, { navigate });
        expect(logout).toHaveBeenCalledWith('tok-9');
        expect(getSession()).toBeNull();
        expect(localStore.getString(StorageKey.autoLogin)).toBe('0');
        expect(navigate).toHaveBeenCalledWith('/m/home', true);
      },
    );

    it('a lost session on the login page replaces it', async () => {
      window.history.replaceState(null, '', '/m/login?go=%2Fm%2Fgame');
      signInFixture('tok-9');
      const navigate = vi.fn();
      await signOut('sessionLost', { navigate });
      expect(navigate).toHaveBeenCalledWith('/m/login', true);
    });
  });
});
