import { LOGIN_POPUP_WINDOW } from './constants.js';

/**
 * Social sign-in (issue 14; spec sections 3 to 8): the providers a member signs in with, the account
 * binding of a sign-in that matches no member, the member's linked sign-ins, and the development
 * stand-in of Firebase Auth. The protocol is described in docs/social-sign-in.md.
 */

/** The Firebase sign-in providers, as Firebase names them (`firebase.sign_in_provider`, `firebaseChannel`). */
export const FIREBASE_CHANNELS = ['google.com', 'facebook.com', 'twitter.com', 'phone'] as const;
export type FirebaseChannel = (typeof FIREBASE_CHANNELS)[number];

/** Every provider a member's sign-in can come from. */
export const SOCIAL_PROVIDERS = [...FIREBASE_CHANNELS, 'line', 'telegram', 'maya'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isFirebaseChannel(value: string): value is FirebaseChannel {
  return (FIREBASE_CHANNELS as readonly string[]).includes(value);
}

/** How long the bind token of `bind_customer_required` can be used (once). */
export const SOCIAL_BIND_TOKEN_TTL_MS = 10 * 60_000;

/**
 * The data of a `bind_customer_required` failure: a verified sign-in that matches no member. The
 * confirm dialog sends `bindToken` with a login (link to an existing account) or a registration
 * (a new account linked to it). Single use, 10 minutes, this merchant only.
 */
export interface BindCustomerRequired {
  bindToken: string;
  provider: SocialProvider;
  /** As the provider gave it, for the dialog ("Continue as …"); may be null. */
  displayName: string | null;
  pictureUrl: string | null;
  /** Seconds the bind token stays valid. */
  expiresIn: number;
}

/** One linked sign-in of the member (GET /wps/member/signIns). */
export interface LinkedSignIn {
  /** Opaque id for the unlink call. */
  id: string;
  provider: SocialProvider;
  displayName: string | null;
  pictureUrl: string | null;
  /** ISO 8601. */
  linkedAt: string;
  lastUsedAt: string;
}

export interface LinkedSignIns {
  /** False for an account registered by a social sign-in alone: its last sign-in cannot be unlinked. */
  hasPassword: boolean;
  identities: LinkedSignIn[];
}

/**
 * The Firebase stand-in of development and e2e (reference server, only for a merchant whose Firebase
 * settings say `standIn`, and never with NODE_ENV=production): a sign-in page that mints RS256 ID
 * tokens of Firebase's shape for the merchant's project, and its key set.
 */
export const FIREBASE_STAND_IN = {
  /** GET ?provider=google.com|facebook.com|twitter.com|phone&mode=popup|redirect[&return=/m/…] */
  signInPath: '/wps/dev/firebase/signin',
  /** The stand-in's public keys (a JWKS, as Google's securetoken key set). */
  jwksPath: '/wps/dev/firebase/jwks',
  /** `window.opener.postMessage({ type, idToken, provider }, origin)` in popup mode. */
  messageType: 'wps-standin-idtoken',
  /** Redirect mode: `return#wpsStandinIdToken=…&provider=…`. */
  fragmentToken: 'wpsStandinIdToken',
  fragmentProvider: 'provider',
  /** Popup size (spec: 500 × 600). */
  popupWidth: LOGIN_POPUP_WINDOW.width,
  popupHeight: LOGIN_POPUP_WINDOW.height,
} as const;

/**
 * Social sign-in's error codes (part of the ErrorCode type): a table of their own, so that the first
 * load's error table does not carry them (the contract's social module loads with social sign-in).
 */
export const SocialErrorCode = {
  /** The bind token of bind_customer_required is unknown, used, expired or another merchant's. */
  BIND_TOKEN_INVALID: 'bind_token_invalid',
  /** A provider's token (Firebase ID token, …) failed verification: signature, audience, age, replay. */
  SOCIAL_TOKEN_INVALID: 'social_token_invalid',
  /** The sign-in is already linked to another member of this merchant. */
  SOCIAL_IDENTITY_TAKEN: 'social_identity_taken',
  /** Unlinking would leave an account without a password no way to sign in. */
  SOCIAL_LAST_SIGN_IN: 'social_last_sign_in',
} as const;
export type SocialErrorCode = (typeof SocialErrorCode)[keyof typeof SocialErrorCode];
