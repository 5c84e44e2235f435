// The session's face (docs/architecture.md, "Web layers"): signing in (login, registration, second
// factor, passkeys, Remember me), the forms and dialogs that do it, the token's effects. Signing out is
// features/signOut. The shell's parts are first-load entries too.
export { ForcedPasswordChange } from './ForcedPasswordChange';
export { loginLock, registrationLock, submitLogin } from './authFlow';
export { forgetLegacyCredentials } from './legacyCredentials';
export { captchaRequired } from './captcha';
export { CaptchaProof } from './components/CaptchaProof';
export { AgeTermsFields } from './components/AgeTermsFields';
export { ageRulesOf, NO_AGE_TERMS, socialAttestation } from './ageTerms';
export { useAgeTerms } from './useAgeTerms';
export { MobileCodeFields } from './components/MobileCodeFields';
export { PasskeySignIn } from './components/PasskeySignIn';
export { RegisterForm } from './components/RegisterForm';
export { SecondFactorDialog } from './components/SecondFactorDialog';
export {
  addPasskey,
  isCancelled,
  passkeyErrorKey,
  passkeysQuery,
  removeOwnPasskey,
  renameOwnPasskey,
  webAuthnAvailable,
} from './passkeys';
export {
  choosePendingBind,
  clearPendingBind,
  currentPendingBind,
  isBindCustomerRequired,
  pendingBindStore,
  type PendingBind,
} from './pendingBind';
export { closeRegisterDialog, openRegisterDialog, registerDialogStore } from './registerDialog';
export { currentRegistrationContext } from './registrationContext';
export { signIn } from './signIn';
export { useCaptchaProof } from './useCaptchaProof';
export { watchTokenLater } from './watchTokenLater';
