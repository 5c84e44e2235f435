import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { CaptchaService } from '../captcha/index.js';
import type { HttpPost } from '../captcha/geetest.js';
import { LocalSliderCaptcha } from '../captcha/local.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { VerificationCodes } from './codes.js';
import type { AccountDeps } from './context.js';
import { FeedbackService } from './feedback.js';
import { InboxService } from './inbox.js';
import { LoginService } from './login.js';
import { MemberService } from './member.js';
import { OutboxProvider } from './messaging.js';
import { DevOutbox } from './outbox.js';
import { PasswordHasher } from './password-hasher.js';
import { PasskeyService } from './passkeys.js';
import { PasswordService } from './passwords.js';
import { RecoveryCodes } from './recovery.js';
import { RegistrationService } from './registration.js';
import { SecondFactor } from './second-factor.js';
import { SecurityService } from './security.js';
import { SessionStore } from './sessions.js';
import { LoginThrottle } from './throttle.js';
import { CodeHasher } from './tokens.js';
import { VerificationService } from './verification.js';

/**
 * Member accounts, built once per app. Each service takes the parsed input, the merchant, the
 * caller or the session, and returns the answer or throws a DomainError; none knows HTTP.
 */
export interface AccountServices {
  /** Login by username or SMS code, its second step, logout. */
  login: LoginService;
  /** Members' passkeys: adding, listing, renaming, removing, and signing in with one (docs/passkeys.md). */
  passkeys: PasskeyService;
  /** Registration by username or mobile number, the username suggestion. */
  registration: RegistrationService;
  /** Member info and language, rank progress, unread count. */
  member: MemberService;
  /** Feedback from members (issue 15). */
  feedback: FeedbackService;
  /** The member's inbox: messages page by page, marking one read. */
  inbox: InboxService;
  /** Settings and security: the authenticator and its recovery codes, the email and SMS factors. */
  security: SecurityService;
  /** Password change and reset by email or SMS. */
  passwords: PasswordService;
  /** SMS codes asked for before login. */
  verification: VerificationService;
  /** The captcha challenge, the local slider's verify, and the passes the other calls consume. */
  captcha: CaptchaService;
  /** Development mode's SMS and mail outboxes. */
  outbox: DevOutbox;
  /** The session of a token: the routes read the token from Authorization (spec section 6). */
  sessions: SessionStore;
  /** The failed-login counters, swept on a timer by the routes. */
  throttle: LoginThrottle;
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
  const deps: AccountDeps = {
    db,
    now,
    passwordExpiryDays: config.passwordExpiryDays,
    hasher: new PasswordHasher(config.passwordHashing),
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
  const recovery = new RecoveryCodes(db, new CodeHasher(options.secretKey), now);
  const login = new LoginService(deps, new SecondFactor(deps, recovery));
  return {
    login,
    passkeys: new PasskeyService(deps, login),
    inbox: new InboxService(deps),
    security: new SecurityService(deps, recovery),
    registration: new RegistrationService(deps),
    member: new MemberService(deps),
    feedback: new FeedbackService(deps),
    passwords: new PasswordService(deps),
    verification: new VerificationService(deps),
    captcha: deps.captcha,
    outbox: new DevOutbox(db),
    sessions: deps.sessions,
    throttle: deps.throttle,
  };
}
