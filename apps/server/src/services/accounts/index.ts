import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { CaptchaService } from '../captcha/index.js';
import type { HttpPost } from '../captcha/geetest.js';
import { LocalSliderCaptcha } from '../captcha/local.js';
import { VerificationCodes } from './codes.js';
import { OutboxProvider, type MailProvider, type SmsProvider } from './messaging.js';
import { PasswordHasher } from './passwords.js';
import { SessionStore } from './sessions.js';
import { LoginThrottle } from './throttle.js';
import { CodeHasher } from './tokens.js';

/** Everything the account routes use, built once per app. */
export interface AccountServices {
  passwords: PasswordHasher;
  sessions: SessionStore;
  codes: VerificationCodes;
  throttle: LoginThrottle;
  sms: SmsProvider;
  mail: MailProvider;
  captcha: CaptchaService;
  /** Seals TOTP secrets at rest (AAD: `totp:{customer id}`). */
  kek: KeyEncryptionKey;
}

export interface AccountServiceOptions {
  config: ServerConfig;
  db: Db;
  secretKey: string;
  kek: KeyEncryptionKey;
  now: () => number;
  geetestPost?: HttpPost;
  logError: (error: unknown) => void;
}

export function createAccountServices(options: AccountServiceOptions): AccountServices {
  const { config, db, now } = options;
  return {
    passwords: new PasswordHasher(config.passwordHashing),
    sessions: new SessionStore(db, config.sessionTtlHours * 3_600_000, now),
    codes: new VerificationCodes(db, new CodeHasher(options.secretKey), now, config.devMode),
    throttle: new LoginThrottle(db, config.loginThrottle, now),
    sms: new OutboxProvider(db, 'sms', now),
    mail: new OutboxProvider(db, 'email', now),
    captcha: new CaptchaService(
      db,
      new LocalSliderCaptcha(db, now, config.devMode),
      config.devMode,
      options.geetestPost,
      options.logError,
    ),
    kek: options.kek,
  };
}

export function totpAad(customerId: number): string {
  return `totp:${customerId}`;
}
