import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { initializeApp, getApp, getApps, type FirebaseApp } from 'firebase/app';
import {
  browserPopupRedirectResolver,
  browserSessionPersistence,
  FacebookAuthProvider,
  getRedirectResult,
  GoogleAuthProvider,
  initializeAuth,
  RecaptchaVerifier,
  signInWithPhoneNumber,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  TwitterAuthProvider,
  type Auth,
  type AuthProvider,
  type ConfirmationResult,
  type UserCredential,
} from 'firebase/auth';
import type { FirebaseChannel } from '@wps/contract/social';
import type { FirebaseWebConfig, ProviderSignIn, SocialAdapter } from './adapter';
import { sessionStore } from '@/platform/storage';
import { codeExpiredError, ProviderError } from './errors';

/**
 * The Firebase JS SDK adapter (modular `firebase/app` + `firebase/auth`): its own chunk, loaded when a
 * member taps a provider button. The member is signed in to the app only: Firebase's own session is
 * kept for the tab and signed out once the ID token is read.
 */

const APP_NAME = 'wps-social';

function providerFor(channel: FirebaseChannel): AuthProvider {
  switch (channel) {
    case 'google.com': {
      const provider = new GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      return provider;
    }
    case 'facebook.com':
      return new FacebookAuthProvider();
    case 'twitter.com':
      return new TwitterAuthProvider();
    default:
      throw new ProviderError('auth/argument-error', `${channel} has no sign-in button`);
  }
}

function appFor(config: FirebaseWebConfig): FirebaseApp {
  return getApps().some((app) => app.name === APP_NAME) ? getApp(APP_NAME) : initializeApp(config, APP_NAME);
}

async function tokenOf(
  auth: Auth,
  credential: UserCredential,
  channel: FirebaseChannel,
): Promise<ProviderSignIn> {
  const idToken = await credential.user.getIdToken();
  await signOut(auth).catch(() => undefined);
  return { idToken, channel };
}

function isChannel(value: string | null | undefined): value is FirebaseChannel {
  return value === 'google.com' || value === 'facebook.com' || value === 'twitter.com' || value === 'phone';
}

export function createFirebaseAdapter(config: FirebaseWebConfig | null): SocialAdapter {
  if (config === null) {
    const refuse = () =>
      Promise.reject(new ProviderError('auth/invalid-api-key', 'No Firebase configuration'));
    return { signIn: refuse, completeRedirect: () => Promise.resolve(null) };
  }
  let auth: Auth | null = null;
  let verifier: RecaptchaVerifier | null = null;
  // The SMS result of the last code sent (spec section 8: none → auth/code-expired).
  let confirmation: ConfirmationResult | null = null;
  const authOf = (): Auth => {
    auth ??= initializeAuth(appFor(config), {
      persistence: browserSessionPersistence,
      popupRedirectResolver: browserPopupRedirectResolver,
    });
    return auth;
  };
  return {
    async signIn(channel, mode) {
      const current = authOf();
      const provider = providerFor(channel);
      if (mode === 'redirect') {
        sessionStore.setString(LazyStorageKey.firebaseRedirect, channel);
        await signInWithRedirect(current, provider);
        return new Promise<ProviderSignIn>(() => undefined);
      }
      return tokenOf(current, await signInWithPopup(current, provider), channel);
    },
    async completeRedirect() {
      const channel = sessionStore.getString(LazyStorageKey.firebaseRedirect);
      if (channel === null) return null;
      sessionStore.remove(LazyStorageKey.firebaseRedirect);
      const current = authOf();
      const credential = await getRedirectResult(current);
      if (credential === null || !isChannel(channel)) return null;
      return tokenOf(current, credential, channel);
    },
    async sendPhoneCode(phoneNumber, anchor) {
      const current = authOf();
      verifier?.clear();
      verifier = new RecaptchaVerifier(current, anchor, { size: 'invisible' });
      confirmation = null;
      confirmation = await signInWithPhoneNumber(current, phoneNumber, verifier);
    },
    async confirmPhoneCode(code) {
      if (confirmation === null) throw codeExpiredError();
      const pending = confirmation;
      const credential = await pending.confirm(code);
      confirmation = null;
      return tokenOf(authOf(), credential, 'phone');
    },
  };
}
