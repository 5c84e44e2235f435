import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import type { CommonSettings } from '@wps/contract/system';
import type { FirebaseChannel } from '@wps/contract/social';
import type { LoginPayload } from '@wps/contract/schemas/accounts';
import { call } from '@/api/call';
import { ageRulesOf, currentRegistrationContext, socialAttestation } from '@/features/session';
import { getDeviceId } from '@/platform/deviceId';
import { currentEnvironment, loginDeviceFor, readTelegramInitData } from '@/platform/environment';
import { localStore, sessionStore } from '@/platform/storage';
import { getToken } from '@/state/session';
import { currentSettings } from '@/state/settings';
import { showConfirm } from '@/ui/notices';
import { firebaseWebConfig, loadAdapter, type ProviderSignIn } from './adapter';
import { googleBlockedWebView, signInModeFor } from './browserRules';
import {
  isLinePending,
  lineAuthorizeUrl,
  pkceChallenge,
  randomToken,
  readLineReturn,
  withoutLineReturn,
  type LinePending,
} from './line';
import { socialLogin, type SocialLoginOutcome } from './socialLogin';

/**
 * The provider flows of the login page: Firebase (popup or redirect), LINE's redirect with state and
 * PKCE, Telegram's auth data. Each ends in `socialLogin`.
 */

/**
 * What every social login carries: the device, and the age confirmation and terms the sign-in
 * buttons' line states (issue 29), for a sign-in the merchant registers by itself.
 */
function loginBase(): Pick<
  LoginPayload,
  'loginDeviceId' | 'isOfficialAppLogin' | 'device' | 'ageConfirmed' | 'termsVersion'
> {
  const env = currentEnvironment();
  const device = loginDeviceFor(env);
  return {
    loginDeviceId: getDeviceId(),
    isOfficialAppLogin: env.isNativeApp,
    ...(device ? { device } : {}),
    ...socialAttestation(ageRulesOf(currentSettings())),
  };
}

/** The page to come back to after a redirect: this /m/ page with its query. */
function returnPath(): string {
  const { pathname, search } = window.location;
  return pathname.startsWith('/m/') ? `${pathname}${search}` : '/m/login';
}

/** Firebase sign-in with a provider, then the login. A popup the browser blocked makes the next one a redirect. */
export async function signInWithFirebase(
  settings: CommonSettings,
  channel: FirebaseChannel,
  go: string | null,
): Promise<SocialLoginOutcome> {
  const adapter = await loadAdapter(settings.smsProvider);
  const blockedBefore = sessionStore.getString(LazyStorageKey.socialPopupBlocked) === '1';
  const inWebView = googleBlockedWebView(navigator.userAgent) !== null;
  const mode = signInModeFor(currentEnvironment(), blockedBefore, inWebView);
  let result: ProviderSignIn;
  try {
    result = await adapter.signIn(channel, mode, returnPath());
  } catch (error) {
    if (typeof error === 'object' && error !== null && Reflect.get(error, 'code') === 'auth/popup-blocked')
      sessionStore.setString(LazyStorageKey.socialPopupBlocked, '1');
    throw error;
  }
  return loginWithIdToken(result, go);
}

export function loginWithIdToken(result: ProviderSignIn, go: string | null): Promise<SocialLoginOutcome> {
  return socialLogin({
    provider: result.channel,
    payload: {
      ...loginBase(),
      type: 'firebase',
      firebaseChannel: result.channel,
      firebaseIdToken: result.idToken,
    },
    social: { firebaseChannel2: result.channel, firebaseIdToken2: result.idToken },
    go,
  });
}

/** A Firebase redirect sign-in this page came back from: completes it (null when there is none). */
export async function completeFirebaseRedirect(
  settings: CommonSettings,
  go: string | null,
): Promise<SocialLoginOutcome | null> {
  const standIn = settings.smsProvider.standIn === true;
  const hash = window.location.hash;
  const pending = standIn
    ? /[#&](?:wpsStandinIdToken|wpsStandinError)=/.test(hash)
    : sessionStore.getString(LazyStorageKey.firebaseRedirect) !== null &&
      firebaseWebConfig(settings.smsProvider) !== null;
  if (!pending) return null;
  const adapter = await loadAdapter(settings.smsProvider);
  const result = await adapter.completeRedirect();
  return result === null ? null : loginWithIdToken(result, go);
}

// ---- LINE ------------------------------------------------------------------------------------

/** LINE's redirect URI: the login page of this site. */
export function lineRedirectUri(): string {
  return `${window.location.origin}/m/login`;
}

/** Leaves for LINE's authorize page with a fresh state and PKCE verifier kept in this tab. */
export async function startLineSignIn(settings: CommonSettings, go: string | null): Promise<boolean> {
  const clientId = settings.gw.LINE_CLIENT_ID;
  if (!clientId) return false;
  const random = (bytes: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(bytes);
  const pending: LinePending = {
    state: randomToken(random),
    verifier: randomToken(random, 48),
    redirectUri: lineRedirectUri(),
    go,
    createdAt: Date.now(),
  };
  const url = lineAuthorizeUrl({
    clientId,
    redirectUri: pending.redirectUri,
    state: pending.state,
    challenge: await pkceChallenge(pending.verifier),
    authorizeUrl: settings.gw.LINE_AUTHORIZE_URL,
    origin: window.location.origin,
  });
  if (url === null) return false;
  if (!sessionStore.setJSON(LazyStorageKey.linePending, pending)) return false;
  window.location.assign(url);
  return true;
}

export type LineReturnOutcome = SocialLoginOutcome | { status: 'mismatch' } | { status: 'refused' };

/**
 * The return from LINE on this page: the state checked against this tab's, the code exchanged for a
 * LINE session token (kept), then the login. Null when the address is not a return from LINE.
 */
export async function completeLineReturn(): Promise<LineReturnOutcome | null> {
  const pending = sessionStore.getJSON(LazyStorageKey.linePending, isLinePending);
  const found = readLineReturn(new URLSearchParams(window.location.search), pending, Date.now());
  if (found.kind === 'none') return null;
  // Used once, whatever happens next; the code leaves the address bar.
  sessionStore.remove(LazyStorageKey.linePending);
  window.history.replaceState(window.history.state, '', withoutLineReturn(window.location.href));
  if (found.kind === 'mismatch') return { status: 'mismatch' };
  if (found.kind === 'refused') return { status: 'refused' };
  const exchange = await call('verifyLineCode', {
    code: found.code,
    redirectUri: found.pending.redirectUri,
    codeVerifier: found.pending.verifier,
  });
  localStore.setString(LazyStorageKey.lineSessionToken, exchange.lineSessionToken);
  return loginWithLineToken(exchange.lineSessionToken, found.pending.go);
}

const LIFF_ACCESS_TOKEN = /^[A-Za-z0-9_.~+/=-]{1,2048}$/;

/**
 * Inside the LINE app (LIFF-style, spec section 4): the access token LINE hands the page in the
 * fragment (`#access_token=…`) is exchanged for a LINE session token, then the login. Only in the LINE
 * in-app browser with LINELOGIN3 on; the fragment leaves the address bar first.
 */
export async function completeLiffArrival(
  settings: CommonSettings,
  go: string | null,
): Promise<SocialLoginOutcome | null> {
  if (!settings.whitelabelVal.LINELOGIN3 || currentEnvironment().inAppBrowser !== 'line') return null;
  const { hash, pathname, search } = window.location;
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const accessToken = params.get('access_token');
  if (accessToken === null) return null;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  if (!LIFF_ACCESS_TOKEN.test(accessToken) || getToken() !== null) return null;
  const exchange = await call('verifyLineCode', { accessToken });
  // The LINE app opens the page with the token, so no flow of this tab vouches for it: anyone's link
  // could carry theirs. The member confirms the account LINE names before it becomes theirs here.
  const confirmed = await showConfirm(
    { key: 'line_continue_as', params: { name: exchange.name } },
    { key: 'confirmation' },
    { confirm: { key: 'social_continue_with', params: { provider: 'LINE' } } },
  );
  if (!confirmed) return null;
  localStore.setString(LazyStorageKey.lineSessionToken, exchange.lineSessionToken);
  return loginWithLineToken(exchange.lineSessionToken, go);
}

/** The LINE login with a session token (a fresh one, or the stored one). */
export function loginWithLineToken(lineSessionToken: string, go: string | null): Promise<SocialLoginOutcome> {
  const base = loginBase();
  return socialLogin({
    provider: 'line',
    payload: { ...base, type: 'line', lineSessionToken },
    send: () => call('loginLine', { lineSessionToken, ...base }, { handleErrors: false }),
    social: { lineSessionToken },
    go,
  });
}

// ---- Telegram --------------------------------------------------------------------------------

/** The Telegram login with the widget's auth data (JSON text) or the mini app's initData. */
export function loginWithTelegram(telegramAuth: string, go: string | null): Promise<SocialLoginOutcome> {
  const base = loginBase();
  const context = currentRegistrationContext();
  const registration = {
    registerUrl: context.registerUrl,
    domain: context.domain,
    ...(context.affiliateCode ? { affiliateCode: context.affiliateCode } : {}),
    ...(context.referralCode ? { referralCode: context.referralCode } : {}),
    ...(context.tid ? { linkId: context.tid } : {}),
  };
  return socialLogin({
    provider: 'telegram',
    payload: { ...base, type: 'telegram', telegramAuth },
    send: () => call('loginTelegram', { telegramAuth, ...registration, ...base }, { handleErrors: false }),
    social: { telegramAuth },
    go,
  });
}

let telegramMiniAppTried = false;

/**
 * Telegram on arrival (spec section 4): the auth result in the URL hash (valid base64 JSON, else
 * ignored with a warning), else inside the mini app with TELEGRAMLOGIN3 on, its initData. A refused
 * auth is cleared (the hash is already gone; the mini app's is not retried this page).
 */
export async function completeTelegramArrival(
  settings: CommonSettings,
  go: string | null,
): Promise<SocialLoginOutcome | null> {
  const { telegramAuthFromHash, hashWithoutTelegramAuth, takeTelegramRedirect, TELEGRAM_HASH_PARAM } =
    await import('./telegram');
  const { hash, pathname, search } = window.location;
  if (hash.includes(`${TELEGRAM_HASH_PARAM}=`)) {
    const auth = telegramAuthFromHash(hash);
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${search}${hashWithoutTelegramAuth(hash)}`,
    );
    const started = takeTelegramRedirect(Date.now());
    if (auth === null) return null;
    if (!started || getToken() !== null) {
      console.warn('Telegram auth result ignored: no Telegram sign-in was started in this tab');
      return null;
    }
    return loginWithTelegram(JSON.stringify(auth), go);
  }
  if (!settings.whitelabelVal.TELEGRAMLOGIN3 || getToken() !== null) return null;
  const initData = readTelegramInitData(window);
  if (initData === null || telegramMiniAppTried) return null;
  telegramMiniAppTried = true;
  return loginWithTelegram(initData, go);
}
