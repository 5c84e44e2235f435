import type { Db } from '../../db/client.js';
import type { CaptchaService } from '../captcha/index.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import type { VerificationCodes } from './codes.js';
import type { MailProvider, SmsProvider } from './messaging.js';
import type { PasswordHasher } from './password-hasher.js';
import type { SessionStore } from './sessions.js';
import type { SocialLinks } from './social/identities.js';
import type { LoginThrottle } from './throttle.js';
import type { TrustGate } from '../trust/index.js';

/** What the identity services are built from: the database, the clock, one rule of the configuration and the building blocks. */
export interface IdentityDeps {
  db: Db;
  now: () => number;
  /** PASSWORD_EXPIRY_DAYS; 0 for passwords that never expire. */
  passwordExpiryDays: number;
  hasher: PasswordHasher;
  sessions: SessionStore;
  codes: VerificationCodes;
  throttle: LoginThrottle;
  sms: SmsProvider;
  mail: MailProvider;
  captcha: CaptchaService;
  /** Seals TOTP secrets at rest (AAD: `totp:{customer id}`). */
  kek: KeyEncryptionKey;
  /** Linked social sign-ins and the bind tokens of sign-ins that matched no member (issue 14). */
  links: SocialLinks;
  /** Refuses a sign-in while the member's break runs (issue 29), on every path. */
  trust: TrustGate;
}

/** The caller as the account rules see it: only its address (sessions bind to it, throttles count it). */
export interface Caller {
  /** The client's address, normalised (IPv4-mapped IPv6 as IPv4). */
  ip: string;
  /** The browser's User-Agent, kept with a new session (the member's list of sessions shows it). */
  userAgent?: string;
}
