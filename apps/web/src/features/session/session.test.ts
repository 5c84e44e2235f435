import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { LoginPayload } from '@wps/contract/schemas/accounts';
import type { MemberInfo } from '@wps/contract/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '@/api/endpoints/accounts';
import { setSupportChat, type SupportChat } from '@/features/supportChat';
import { StorageKey, localStore, sessionStore } from '@/platform/storage';
import { getSession, sessionPlace, type SessionPlace } from '@/state/session';
import { signIn as signInFixture } from '@/test/sessionFixture';
import { applyTestSettings } from '@/test/settingsFixture';
import { isPasswordChangeForced, setPasswordChangeForced } from '@/state/forcedPasswordChange';
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

/** Everything this origin keeps in local and session storage, keys and values. */
function storedText(): string {
  return [window.localStorage, window.sessionStorage]
    .flatMap((storage) => Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`))
    .join('\n');
}

/** A new tab: its own session storage is empty. */
function clearTabSession(): void {
  window.sessionStorage.clear();
}

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
    // [caller, result changes, context, destination, forced change, where the session is kept]
    const cases: [string, Partial<SignInResult>, SignInContext, string, boolean, SessionPlace][] = [
      [
        'login form',
        {},
        { source: 'login', payload: typed, remember: true, go: '/m/game' },
        '/m/game',
        false,
        'device',
      ],
      [
        'login form, Remember me off',
        {},
        { source: 'login', payload: typed, remember: false, go: null },
        '/m/home',
        false,
        'tab',
      ],
      [
        'login form, hostile go',
        {},
        { source: 'login', payload: typed, remember: true, go: 'https://evil.example' },
        '/m/home',
        false,
        'device',
      ],
      [
        'login form, first-time login',
        { firstTimeLogin: true },
        { source: 'login', payload: typed, remember: true, go: '/m/game' },
        '/m/changePsw',
        true,
        'tab',
      ],
      [
        'login form, expired password (PWDEXPFORCECHANGE3)',
        { passwordExpired: true },
        { source: 'login', payload: typed, remember: true },
        '/m/changePsw',
        true,
        'tab',
      ],
      [
        'second factor',
        {},
        { source: 'secondFactor', payload: typed, remember: true, go: '/m/game' },
        '/m/game',
        false,
        'device',
      ],
      [
        'second factor, Remember me off',
        {},
        { source: 'secondFactor', payload: typed, remember: false },
        '/m/home',
        false,
        'tab',
      ],
      ['passkey, Remember me on', {}, { source: 'passkey', remember: true }, '/m/home', false, 'device'],
      ['passkey, Remember me absent', {}, { source: 'passkey' }, '/m/home', false, 'tab'],
      [
        'registration with login',
        { firstTimeLogin: true },
        { source: 'registration' },
        '/m/game',
        false,
        'tab',
      ],
    ];

    let signIns = 0;

    it.each(cases)('%s', async (_caller, changes, context, destination, forced, place) => {
      // A token of its own: the member data of one sign-in is not another's.
      signIns += 1;
      const token = `tok-${signIns}`;
      sessionStore.setString(LazyStorageKey.goTarget, '/m/game');
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
      expect(isPasswordChangeForced()).toBe(forced);
      // Remember me keeps the session for the device (every tab), else for this tab only.
      expect(sessionPlace()).toBe(place);
      expect(localStore.getString(StorageKey.rememberedSession) !== null).toBe(place === 'device');
      expect(sessionStore.getString(StorageKey.sessionInfo) !== null).toBe(place === 'tab');
      // Never a password, in any form, in either storage.
      expect(storedText()).not.toContain('Secret-12');
      expect(storedText()).not.toContain(btoa('Secret-12'));
      expect(storedText()).not.toMatch(/"password"|sealed/i);
      // The go-to target of the register page is used up by a registration only.
      expect(sessionStore.getString(LazyStorageKey.goTarget) === null).toBe(
        context.source === 'registration',
      );
      // Token presence (spec section 4): member info, rank progress and unread count; the chat is told.
      await settle();
      expect(loaders.memberInfo).toHaveBeenCalledTimes(1);
      expect(loaders.rankProgress).toHaveBeenCalledTimes(1);
      expect(loaders.unreadCount).toHaveBeenCalledTimes(1);
      expect(chat.identify).toHaveBeenCalledWith('alice', 'aurora_42');
      expect(logout).not.toHaveBeenCalled();
    });

    it('a sign-in not remembered forgets the device session of an earlier one', async () => {
      await signIn({ ...result, token: 'tok-kept' }, { source: 'login', payload: typed, remember: true });
      expect(localStore.getString(StorageKey.rememberedSession)).toContain('tok-kept');
      clearTabSession();
      await signIn({ ...result, token: 'tok-tab' }, { source: 'login', payload: typed, remember: false });
      expect(localStore.getString(StorageKey.rememberedSession)).toBeNull();
      expect(getSession()?.token).toBe('tok-tab');
    });
  });

  describe('signOut: every reason', () => {
    // [reason, revoked on the server, where to, replace, signed-out mark]
    const cases: [SignOutReason, boolean, string, boolean, boolean][] = [
      ['logout', true, '/m/home', true, true],
      ['forcedChangeLogout', true, '/m/home', true, true],
      ['sessionLost', false, '/m/login?go=%2Fm%2Fgame%3Fid%3D7', false, false],
    ];

    it.each(cases)('%s', async (reason, revoked, href, replace, marked) => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      try {
        window.history.replaceState(null, '', '/m/game?id=7');
        signInFixture('tok-9');
        setPasswordChangeForced(true);
        localStore.setString(LazyStorageKey.rememberedName, 'alice');
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
        expect(isPasswordChangeForced()).toBe(false);
        // The name that fills the login form stays.
        expect(localStore.getString(LazyStorageKey.rememberedName)).toBe('alice');
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
