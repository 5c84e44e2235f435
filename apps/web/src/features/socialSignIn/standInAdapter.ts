import { FIREBASE_STAND_IN, isFirebaseChannel, type FirebaseChannel } from '@wps/contract/social';
import { LOGIN_POPUP_WINDOW, POPUP_CLOSE_POLL_MS } from '@wps/contract/constants';
import type { ProviderSignIn, SocialAdapter } from './adapter';
import type { SignInMode } from './browserRules';
import { POPUP_CLOSED_CHECK_MS } from './constants';
import { ProviderError } from './errors';

/**
 * The adapter of the reference server's Firebase stand-in (docs/social-sign-in.md): a 500 × 600 popup
 * that posts a signed ID token to this page, or a redirect that comes back with it in the fragment.
 */

const ID_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 4096;

export type StandInMessage =
  { kind: 'token'; idToken: string; channel: FirebaseChannel } | { kind: 'error'; code: string };

/**
 * A message of the stand-in's popup, or null for anything else: it must come from this page's own
 * origin, from the popup this page opened, with the stand-in's type; a token must look like a JWT and
 * name the provider that was asked for.
 */
export function readStandInMessage(
  event: { origin: string; source: unknown; data: unknown },
  expected: { origin: string; popup: unknown; channel: FirebaseChannel },
): StandInMessage | null {
  if (event.origin !== expected.origin || event.source !== expected.popup || expected.popup === null)
    return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  if (Reflect.get(data, 'type') !== FIREBASE_STAND_IN.messageType) return null;
  const error: unknown = Reflect.get(data, 'error');
  if (typeof error === 'string') {
    return { kind: 'error', code: /^auth\/[a-z0-9-]{1,80}$/.test(error) ? error : 'auth/unknown' };
  }
  const idToken: unknown = Reflect.get(data, 'idToken');
  const provider: unknown = Reflect.get(data, 'provider');
  if (typeof idToken !== 'string' || idToken.length > MAX_TOKEN_LENGTH || !ID_TOKEN.test(idToken))
    return null;
  if (provider !== expected.channel) return null;
  return { kind: 'token', idToken, channel: expected.channel };
}

/** The result a stand-in redirect put in the fragment, or null. */
export function readStandInFragment(hash: string): StandInMessage | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = params.get('wpsStandinError');
  if (error !== null)
    return { kind: 'error', code: /^auth\/[a-z0-9-]{1,80}$/.test(error) ? error : 'auth/unknown' };
  const idToken = params.get(FIREBASE_STAND_IN.fragmentToken);
  const provider = params.get(FIREBASE_STAND_IN.fragmentProvider);
  if (idToken === null || provider === null) return null;
  if (idToken.length > MAX_TOKEN_LENGTH || !ID_TOKEN.test(idToken) || !isFirebaseChannel(provider))
    return null;
  return { kind: 'token', idToken, channel: provider };
}

/** The address of the stand-in's page (return: a /m/ path of this site). */
export function standInUrl(channel: FirebaseChannel, mode: SignInMode, returnPath: string): string {
  const params = new URLSearchParams({ provider: channel, mode });
  if (mode === 'redirect') params.set('return', returnPath);
  return `${FIREBASE_STAND_IN.signInPath}?${params.toString()}`;
}

/** The window features of a centred 500 × 600 popup. */
export function popupFeatures(screenSize: { width: number; height: number }): string {
  const { width, height } = LOGIN_POPUP_WINDOW;
  const left = Math.max(0, Math.round((screenSize.width - width) / 2));
  const top = Math.max(0, Math.round((screenSize.height - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable,scrollbars`;
}

type Host = Pick<
  Window,
  'open' | 'addEventListener' | 'removeEventListener' | 'history' | 'location' | 'screen'
>;

export function createStandInAdapter(win: Host): SocialAdapter {
  let cancelPending: (() => void) | null = null;

  const popupSignIn = (channel: FirebaseChannel): Promise<ProviderSignIn> =>
    new Promise<ProviderSignIn>((resolve, reject) => {
      // A second request while one is open cancels the first (silent, as Firebase's).
      cancelPending?.();
      const popup = win.open(standInUrl(channel, 'popup', ''), 'wps-standin', popupFeatures(win.screen));
      if (!popup) {
        reject(new ProviderError('auth/popup-blocked', 'The browser blocked the sign-in window.'));
        return;
      }
      let closedAt: number | null = null;
      const finish = () => {
        win.removeEventListener('message', onMessage);
        clearInterval(poll);
        cancelPending = null;
      };
      const onMessage = (event: MessageEvent) => {
        const message = readStandInMessage(event, { origin: win.location.origin, popup, channel });
        if (message === null) return;
        finish();
        if (message.kind === 'token') resolve({ idToken: message.idToken, channel });
        else reject(new ProviderError(message.code, 'The sign-in was not completed.'));
      };
      // A closed window may still deliver its message: wait POPUP_CLOSE_POLL_MS after it closes.
      const poll = setInterval(() => {
        if (!popup.closed) return;
        closedAt ??= Date.now();
        if (Date.now() - closedAt < POPUP_CLOSE_POLL_MS) return;
        finish();
        reject(new ProviderError('auth/popup-closed-by-user', 'The sign-in window was closed.'));
      }, POPUP_CLOSED_CHECK_MS);
      cancelPending = () => {
        finish();
        reject(new ProviderError('auth/cancelled-popup-request', 'Another sign-in was started.'));
      };
      win.addEventListener('message', onMessage);
    });

  return {
    signIn(channel, mode, returnPath) {
      if (mode === 'popup') return popupSignIn(channel);
      win.location.assign(standInUrl(channel, 'redirect', returnPath));
      return new Promise<ProviderSignIn>(() => undefined);
    },
    completeRedirect() {
      const message = readStandInFragment(win.location.hash);
      if (message === null) return Promise.resolve(null);
      win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}`);
      if (message.kind === 'error')
        return Promise.reject(new ProviderError(message.code, 'The sign-in was not completed.'));
      return Promise.resolve({ idToken: message.idToken, channel: message.channel });
    },
  };
}
