/**
 * The member area (issue 15): the inbox of customer-service messages, and settings and security —
 * the authenticator second factor with its recovery codes, the email and SMS second factors, and
 * the member's active sessions. The shapes are this product's own (spec section 7 names only
 * CBS_unreadCount's call).
 */

/** Messages per inbox page (the default) and the most one page may ask for. */
export const MEMBER_MESSAGES_PAGE_SIZE = 10;
export const MEMBER_MESSAGES_MAX_PAGE_SIZE = 50;

/** A customer-service message to the member. */
export interface MemberMessage {
  id: number;
  title: string;
  body: string;
  /** ISO 8601. */
  createdAt: string;
  read: boolean;
}

/** How many recovery codes an authenticator set-up hands out, each good for one sign-in. */
export const RECOVERY_CODE_COUNT = 10;
/** The characters of a recovery code: no 0/O or 1/I to mix up. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A recovery code as shown (`ABCDE-23456`); typed in any case, with or without the hyphen. */
export const RECOVERY_CODE_PATTERN = /^[A-HJ-NP-Za-hj-np-z2-9]{5}-?[A-HJ-NP-Za-hj-np-z2-9]{5}$/;

/** The second factors a member has (GET /wps/member/security). */
export interface SecurityStatus {
  /** An authenticator app is set up (login asks for its code). */
  authenticator: boolean;
  /** Unused recovery codes of the authenticator. */
  recoveryCodesLeft: number;
  /**
   * Codes by email: on or off, and where they go (masked); null destination: no address on the
   * account. An address or number on the account is a verified one: the server writes it only when
   * a code sent to it came back (POST /wps/member/contact/verify, or mobile registration's code).
   */
  email: { enabled: boolean; destination: string | null };
  /** Codes by SMS, likewise for the mobile number. */
  sms: { enabled: boolean; destination: string | null };
}

/** The member's own contacts: an email address, a mobile number (the email and SMS second factors). */
export type ContactMethod = 'email' | 'sms';

/** POST /wps/member/security/totp: a new authenticator secret, waiting for its first code. */
export interface TotpSetup {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** `otpauth://totp/…`, for the QR code. */
  uri: string;
}

/** POST /wps/member/security/totp/confirm: the recovery codes, shown this once. */
export interface TotpConfirmed {
  recoveryCodes: string[];
}

/** One of the member's live sessions (GET /wps/member/sessions). */
export interface MemberSession {
  id: number;
  /** What the browser said it was at login (its User-Agent), or null. */
  userAgent: string | null;
  ip: string;
  /** ISO 8601: the login, and the last request. */
  createdAt: string;
  lastSeenAt: string;
  /** The session of the request itself. */
  current: boolean;
}

export interface EndedSessions {
  ended: number;
}
