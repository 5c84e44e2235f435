/**
 * Passkeys (WebAuthn) of members: the answers of the passkey calls (issue 14, item 7). The option
 * shapes are the WebAuthn JSON forms the browser library takes as they are (`startRegistration`,
 * `startAuthentication`), written here without the library so the contract stays dependency-free.
 */

/** How a browser may reach an authenticator (WebAuthn's AuthenticatorTransport, with the newer ones). */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

/** A passkey's name as the member sees it (rename). */
export const PASSKEY_NAME_MAX_LENGTH = 40;
/** Passkeys one member may keep on one merchant. */
export const PASSKEY_MAX_PER_MEMBER = 10;
/** How long a challenge handed out for a registration or a sign-in stays usable. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

export interface PasskeyCredentialDescriptor {
  id: string;
  type: 'public-key';
  transports?: PasskeyTransport[];
}

/** `PublicKeyCredentialCreationOptionsJSON` (the parts the server sets). */
export interface PasskeyCreationOptions {
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  challenge: string;
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout?: number;
  excludeCredentials?: PasskeyCredentialDescriptor[];
  authenticatorSelection?: {
    authenticatorAttachment?: 'cross-platform' | 'platform';
    requireResidentKey?: boolean;
    residentKey?: 'discouraged' | 'preferred' | 'required';
    userVerification?: 'discouraged' | 'preferred' | 'required';
  };
  attestation?: 'direct' | 'enterprise' | 'indirect' | 'none';
}

/** `PublicKeyCredentialRequestOptionsJSON` (the parts the server sets). */
export interface PasskeyRequestOptions {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: PasskeyCredentialDescriptor[];
  userVerification?: 'discouraged' | 'preferred' | 'required';
}

/** One of the member's passkeys as the member area lists it (never the key itself). */
export interface PasskeyInfo {
  /** The credential id (base64url). */
  id: string;
  name: string;
  /** `multiDevice`: synced (a password manager, the platform's keychain); `singleDevice`: bound to one authenticator. */
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  transports: PasskeyTransport[];
  /** ISO 8601. */
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * The passkey calls' own error codes (part of the `ErrorCode` type). Kept out of the `ErrorCode`
 * table so they travel only with the code that uses them, not in every page's first load.
 */
export const PasskeyErrorCode = {
  /** 403: this address cannot be a relying party (an IP address, a host the merchant has not registered). */
  UNAVAILABLE: 'passkey_unavailable',
  /** 400: the challenge is unknown, used or expired: ask for new options. */
  CHALLENGE_EXPIRED: 'passkey_challenge_expired',
  /** 400: the authenticator's answer does not verify (origin, relying party, signature, counter, user verification, an unknown passkey). */
  INVALID: 'passkey_invalid',
  /** 404: the member has no passkey of that id. */
  NOT_FOUND: 'passkey_not_found',
  /** 409: the passkey is registered already, or the member has as many as allowed. */
  CONFLICT: 'passkey_conflict',
} as const;
export type PasskeyErrorCode = (typeof PasskeyErrorCode)[keyof typeof PasskeyErrorCode];
