import { allowedHostPorts, type ServerConfig } from '../../config.js';
import { MERCHANT_CACHE_TTL_MS, MerchantDirectory } from '../merchants/directory.js';
import type { Db } from '../../db/client.js';
import { CaptchaService } from '../captcha/index.js';
import type { HttpPost } from '../captcha/geetest.js';
import { LocalSliderCaptcha } from '../captcha/local.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { VerificationCodes } from './codes.js';
import type { AccountDeps } from './context.js';
import { FeedbackService } from '../member/feedback.js';
import { InboxService } from '../member/inbox.js';
import { LoginService } from './login.js';
import { MemberService } from '../member/member.js';
import { OutboxProvider } from './messaging.js';
import { DevOutbox } from '../../stand-ins/outbox/outbox.js';
import { PasswordHasher } from './password-hasher.js';
import { PasskeyService } from './passkeys.js';
import { PasswordService } from './passwords.js';
import { RecoveryCodes } from './recovery.js';
import { ReferralService } from '../referral/referral.js';
import { RegistrationService } from './registration.js';
import { SecondFactor } from './second-factor.js';
import { SecurityService } from './security.js';
import { SessionStore } from './sessions.js';
import {
  FirebaseSignIn,
  FirebaseStandIn,
  FirebaseTokenVerifier,
  IdentityProviders,
  SocialLinks,
  SocialSignInService,
  TokenUses,
} from './social/index.js';
import { createProviderSignIns, type ProviderSignIns } from './providers/index.js';
import type { ProviderFetch } from './providers/provider-http.js';
import { LoginThrottle } from './throttle.js';
import { CodeHasher } from '../../lib/tokens.js';
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
  /** Referral and agents: promotions, the member's referral code and friends, an agent's sub-accounts. */
  referral: ReferralService;
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
  /** Social sign-in (issue 14): the binding entry point of every provider, Firebase, linked sign-ins. */
  social: SocialSignInService;
  /** The merchants' identity provider settings (ids, public settings, server-only secrets). */
  identityProviders: IdentityProviders;
  /** The Firebase stand-in of development and e2e; null with NODE_ENV=production. */
  firebaseStandIn: FirebaseStandIn | null;
  /** Linked sign-ins and bind tokens; its sweep runs with the throttle's. */
  socialLinks: SocialLinks;
  /** Provider tokens already used (replay), swept with the throttle. */
  socialTokenUses: TokenUses;
  /** LINE, Telegram and the Maya wallet, and their stand-ins (providers/). */
  providerSignIns: ProviderSignIns;
}

export interface AccountServiceOptions {
  config: ServerConfig;
  db: Db;
  secretKey: string;
  kek: KeyEncryptionKey;
  now: () => number;
  geetestPost?: HttpPost;
  logError: (error: unknown) => void;
  /** Why a social sign-in was refused (never its token or secret); absent: not logged. */
  logNotice?: (details: Record<string, unknown>, message: string) => void;
  /** How the server reaches LINE and the Maya wallet (tests fake it); default: fetch. */
  providerFetch?: ProviderFetch;
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
    links: new SocialLinks(db, now),
  };
  const identityProviders = new IdentityProviders(db);
  const socialTokenUses = new TokenUses(db, now);
  const firebaseStandIn = config.identityStandIns ? new FirebaseStandIn(now) : null;
  const firebase = new FirebaseSignIn(
    identityProviders,
    new FirebaseTokenVerifier(socialTokenUses, now),
    firebaseStandIn,
    now,
  );
  const recovery = new RecoveryCodes(db, new CodeHasher(options.secretKey), now);
  const login = new LoginService(deps, new SecondFactor(deps, recovery));
  const registration = new RegistrationService(deps, firebase);
  return {
    login,
    registration,
    passkeys: new PasskeyService(deps, login),
    inbox: new InboxService(deps),
    referral: new ReferralService(deps),
    security: new SecurityService(deps, recovery),
    member: new MemberService(deps),
    feedback: new FeedbackService(deps),
    passwords: new PasswordService(deps),
    verification: new VerificationService(deps),
    captcha: deps.captcha,
    outbox: new DevOutbox(db),
    sessions: deps.sessions,
    throttle: deps.throttle,
    social: new SocialSignInService(deps, login, registration, firebase),
    identityProviders,
    firebaseStandIn,
    socialLinks: deps.links,
    socialTokenUses,
    providerSignIns: createProviderSignIns({
      db,
      secretKey: options.secretKey,
      now,
      standIns: config.identityStandIns,
      providers: identityProviders,
      tokenUses: socialTokenUses,
      merchants: new MerchantDirectory(
        db,
        config.defaultMerchant,
        MERCHANT_CACHE_TTL_MS,
        allowedHostPorts(config),
      ),
      ...(options.providerFetch === undefined ? {} : { fetch: options.providerFetch }),
      logRefusal: (merchant, reason) => options.logNotice?.({ merchant, reason }, 'telegram sign-in refused'),
    }),
  };
}
