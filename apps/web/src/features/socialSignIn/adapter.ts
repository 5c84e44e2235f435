import type { FirebaseChannel } from '@wps/contract/social';
import type { SmsProviderSettings } from '@wps/contract/system';
import type { SignInMode } from './browserRules';

/**
 * The provider interface of Firebase sign-in: `signIn(channel)` → `{ idToken, channel }`. Two
 * adapters, each its own chunk loaded only when the member taps a provider button: the Firebase JS SDK
 * (`firebaseAdapter.ts`) and the reference server's stand-in (`standInAdapter.ts`, when the public
 * settings say `smsProvider.standIn`). Errors are `{ code: 'auth/…', message }` either way.
 */

export interface ProviderSignIn {
  idToken: string;
  channel: FirebaseChannel;
}

export interface SocialAdapter {
  /**
   * Popup: resolves with the ID token. Redirect: leaves the page for the provider (the promise never
   * settles); the login page picks the result up on return (`completeRedirect`).
   * `returnPath` is the /m/ address to come back to.
   */
  signIn(channel: FirebaseChannel, mode: SignInMode, returnPath: string): Promise<ProviderSignIn>;
  /** The result of a redirect sign-in this page returned from, or null. */
  completeRedirect(): Promise<ProviderSignIn | null>;
  /**
   * Firebase phone auth (the SDK only; the stand-in signs in by its popup): sends the SMS code to an
   * E.164 number, the invisible reCAPTCHA anchored on `anchor`.
   */
  sendPhoneCode?(phoneNumber: string, anchor: HTMLElement): Promise<void>;
  /** The code of the last `sendPhoneCode`; `auth/code-expired` when there is none. */
  confirmPhoneCode?(code: string): Promise<ProviderSignIn>;
}

/** The Firebase web configuration of the merchant, or null when it has none. */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  messagingSenderId?: string;
}

export function firebaseWebConfig(settings: SmsProviderSettings): FirebaseWebConfig | null {
  const { apiKey, authDomain, projectId, appId, messagingSenderId } = settings;
  if (!apiKey || !authDomain || !projectId || !appId) return null;
  return messagingSenderId
    ? { apiKey, authDomain, projectId, appId, messagingSenderId }
    : { apiKey, authDomain, projectId, appId };
}

/** Firebase sign-in is available: the stand-in, or a complete Firebase configuration. */
export function firebaseAvailable(settings: SmsProviderSettings | undefined): boolean {
  if (!settings) return false;
  return settings.standIn === true || firebaseWebConfig(settings) !== null;
}

/** Firebase phone auth, the SMS alternative, is on (the login form's mobile tab uses it). */
export function firebasePhoneOn(settings: SmsProviderSettings | undefined): boolean {
  return Boolean(settings?.firebase) && firebaseAvailable(settings);
}

/** The adapter for these settings, loaded on demand. */
export async function loadAdapter(settings: SmsProviderSettings): Promise<SocialAdapter> {
  if (settings.standIn === true) {
    const { createStandInAdapter } = await import('./standInAdapter');
    return createStandInAdapter(window);
  }
  const config = firebaseWebConfig(settings);
  const { createFirebaseAdapter } = await import('./firebaseAdapter');
  return createFirebaseAdapter(config);
}
