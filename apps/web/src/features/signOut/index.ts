// Signing out's face (docs/architecture.md, "Web layers"). The please-login flow of the error catalogue
// loads signOut.ts on demand, as a lazy entry.
export { SIGNED_OUT_GRACE_MS, signOut, type SignOutOptions, type SignOutReason } from './signOut';
