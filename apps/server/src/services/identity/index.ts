/**
 * The identity domain (docs/architecture.md, "Server"): who the member is — login and its second
 * factor, sessions, registration, passwords and their hashes, verification codes, passkeys, social and
 * provider sign-ins, the login throttle. Its public face: other folders import the domain from here
 * only (the linter refuses a deep import); tests inside the domain may import its inside.
 */
export { createIdentityServices, type IdentityServiceOptions, type IdentityServices } from './services.js';
export { STAND_IN_API_SCHEME, type IdentityStandIns } from './stand-in-port.js';
export { dataCheckString } from './providers/telegram.js';
export type { Caller } from './context.js';
export type { RelyingParty } from './passkeys/index.js';
export { PasswordHasher } from './password-hasher.js';
export { LINE_STAND_IN_API_BASE } from './providers/line-signin.js';
export { LINE_ISSUER } from './providers/line.js';
export { MAYA_STAND_IN_API_BASE } from './providers/maya.js';
export type { ProviderFetch } from './providers/provider-http.js';
export { SealedTokens } from './providers/sealed-token.js';
export { totpAad } from './second-factor.js';
export { SessionStore, type AuthenticatedSession, type Customer } from './sessions.js';
export { SocialTokenInvalid } from './social/firebase.js';
export type { KeyResolver } from './social/jwks.js';
export { providerOrigins } from './social/page-policy.js';
export { configFlag, configString } from './social/providers.js';
export type { SocialLoginMeta } from './social/types.js';
export { attestationOf } from './social/binding.js';
export { type LoginAttempt, LoginThrottle, type ThrottleLimits } from './throttle.js';
export { base32Decode, hotp, totp, TOTP_STEP_SECONDS } from './totp.js';
export { customerByUsername } from './customers.js';
