export { attestationOf, bindingOutcome, SocialSignInService, type BindingOutcome } from './binding.js';
export { FirebaseSignIn } from './firebase-sign-in.js';
export { FirebaseTokenVerifier } from './firebase.js';
export { SocialLinks } from './identities.js';
export { IdentityProviders, type IdentityProviderRow } from './providers.js';
export { TokenUses } from './token-uses.js';
export type { SocialLoginMeta, VerifiedSocialIdentity } from './types.js';
