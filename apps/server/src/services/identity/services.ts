import { allowedHostPorts, type ServerConfig } from '../../config.js';
import type { TrustGate } from '../trust/index.js';
import type { Db } from '../../db/client.js';
import { CodeHasher } from '../../lib/tokens.js';
import { CaptchaService, type HttpPost, LocalSliderCaptcha, TextCaptcha } from '../captcha/index.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { MERCHANT_CACHE_TTL_MS, MerchantDirectory } from '../merchants/directory.js';
import { VerificationCodes } from './codes.js';
import { ContactService } from './contacts.js';
import type { IdentityDeps } from './context.js';
import { LoginService } from './login.js';
import { OutboxProvider } from './messaging.js';
import { PasskeyService } from './passkeys/index.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordService } from './passwords.js';
import { createProviderSignIns, type ProviderSignIns } from './providers/index.js';
import type { ProviderFetch } from './providers/provider-http.js';
import { RecoveryCodes } from './recovery.js';
import { RegistrationService } from './registration.js';
import { SecondFactor } from './second-factor.js';
import { SecurityService } from './security.js';
import { SessionStore } from './sessions.js';
import {
  FirebaseSignIn,
  FirebaseTokenVerifier,
  IdentityProviders,
  SocialLinks,
  SocialSignInService,
  TokenUses,
} from './social/index.js';
import type { IdentityStandIns } from './stand-in-port.js';
import { LoginThrottle } from './throttle.js';
import { VerificationService } from './verification.js';

/**
 * Who the member is, built once per app: login and its second factor, sessions, registration,
 * passwords, codes, passkeys, social and provider sign-ins. Each service takes the parsed input, the
 * merchant, the caller or the session, and returns the answer or throws a DomainError; none knows HTTP.
 */
export interface IdentityServices {
  /** Login by username or SMS code, its second step, logout. */
  login: LoginService;
  /** Members' passkeys: adding, listing, renaming, removing, and signing in with one (docs/passkeys.md). */
  passkeys: PasskeyService;
  /** Registration by username or mobile number, the username suggestion. */
  registration: RegistrationService;
  /** Settings and security: the authenticator and its recovery codes, the email and SMS factors. */
  security: SecurityService;
  /** The member's own email address and mobile number: added with a code, changed, removed. */
  contacts: ContactService;
  /** Password change and reset by email or SMS. */
  passwords: PasswordService;
  /** SMS codes asked for before login. */
  verification: VerificationService;
  /** The captcha challenge, the local slider's verify, and the passes the other calls consume. */
  captcha: CaptchaService;
  /** The session of a token: the routes read the token from Authorization (spec section 6). */
  sessions: SessionStore;
  /** The failed-login counters, swept on a timer by the routes. */
  throttle: LoginThrottle;
  /** Social sign-in (issue 14): the binding entry point of every provider, Firebase, linked sign-ins. */
  social: SocialSignInService;
  /** The merchants' identity provider settings (ids, public settings, server-only secrets). */
  identityProviders: IdentityProviders;
  /** Linked sign-ins and bind tokens; its sweep runs with the throttle's. */
  socialLinks: SocialLinks;
  /** Provider tokens already used (replay), swept with the throttle. */
  socialTokenUses: TokenUses;
  /** LINE, Telegram and the Maya wallet (providers/). */
  providerSignIns: ProviderSignIns;
}

export interface IdentityServiceOptions {
  config: ServerConfig;
  db: Db;
  secretKey: string;
  kek: KeyEncryptionKey;
  now: () => number;
  /**
   * What the development stand-ins lend (stand-in-port.ts): the Firebase stand-in's keys, the LINE
   * and Maya stand-ins' APIs. Null where the server runs none (NODE_ENV=production).
   */
  standIns: IdentityStandIns | null;
  /** The responsible-gaming gate every sign-in passes (services/trust). */
  trust: TrustGate;
  geetestPost?: HttpPost;
  logError: (error: unknown) => void;
  /** Why a social sign-in was refused (never its token or secret); absent: not logged. */
  logNotice?: (details: Record<string, unknown>, message: string) => void;
  /** How the server reaches LINE and the Maya wallet (tests fake it); default: fetch. */
  providerFetch?: ProviderFetch;
}

export function createIdentityServices(options: IdentityServiceOptions): IdentityServices {
  const { config, db, now } = options;
  const deps: IdentityDeps = {
    db,
    now,
    passwordExpiryDays: config.passwordExpiryDays,
    hasher: new PasswordHasher(config.passwordHashing),
    sessions: new SessionStore(db, config.sessionTtlHours * 3_600_000, now, (merchantId, customer) =>
      options.trust.breakRefusalFor(merchantId, customer),
    ),
    codes: new VerificationCodes(db, new CodeHasher(options.secretKey), now, config.devMode),
    throttle: new LoginThrottle(db, config.loginThrottle, now),
    sms: new OutboxProvider(db, 'sms', now),
    mail: new OutboxProvider(db, 'email', now),
    captcha: new CaptchaService(
      db,
      new LocalSliderCaptcha(db, now, config.devMode),
      new TextCaptcha(db, now),
      config.devMode,
      options.geetestPost,
      options.logError,
      options.kek,
    ),
    kek: options.kek,
    links: new SocialLinks(db, now),
    trust: options.trust,
  };
  const identityProviders = new IdentityProviders(db);
  const socialTokenUses = new TokenUses(db, now);
  const firebase = new FirebaseSignIn(
    identityProviders,
    new FirebaseTokenVerifier(socialTokenUses, now),
    options.standIns?.firebaseKeys ?? null,
    now,
  );
  const recovery = new RecoveryCodes(db, new CodeHasher(options.secretKey), now);
  const login = new LoginService(deps, new SecondFactor(deps, recovery));
  const registration = new RegistrationService(deps, firebase);
  const security = new SecurityService(deps, recovery);
  return {
    login,
    registration,
    passkeys: new PasskeyService(deps, login),
    security,
    contacts: new ContactService(deps, security),
    passwords: new PasswordService(deps),
    verification: new VerificationService(deps),
    captcha: deps.captcha,
    sessions: deps.sessions,
    throttle: deps.throttle,
    social: new SocialSignInService(deps, login, registration, firebase),
    identityProviders,
    socialLinks: deps.links,
    socialTokenUses,
    providerSignIns: createProviderSignIns({
      db,
      secretKey: options.secretKey,
      now,
      standInApi: options.standIns?.providerApi ?? null,
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
