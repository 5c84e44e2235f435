// The form kit (docs/architecture.md, "Web layers"): fields, messages, rules, the processing lock and
// what a refused request shows under its fields. No feature knowledge: features and screens build
// their forms from it. Its stylesheet (form.css) is imported where the forms are.
export { AppForm, Field } from './Field';
export { DialingCodeSelect } from './DialingCodeSelect';
export { FormMessageLine } from './FormMessageLine';
export { MethodTabs } from './MethodTabs';
export { MobileNumberField } from './MobileNumberField';
export { mobileCharactersMessage, mobileNumberMessage, mobileSendBlock, nationalNumber } from './phoneRules';
export { SendCodeButton } from './SendCodeButton';
export { PasswordPair } from './PasswordPair';
export {
  REQUIRED,
  confirmationMessage,
  emailMessage,
  loginPasswordMessage,
  loginUsernameMessage,
  newPasswordMessage,
  normalizeUsername,
  passwordRules,
  requiredMessage,
  usernameMessage,
  usernameRules,
  type FormMessage,
  type RuleCheck,
} from './formRules';
export {
  captchaAfterFailure,
  formFailureFor,
  invalidRequestFields,
  type CaptchaAfterFailure,
  type FormFailure,
  type FormField,
  type FormScene,
} from './serverErrors';
export { createSubmitLock, type SubmitLock } from './submitLock';
export { useDialingCode } from './useDialingCode';
export { useFieldMessages } from './useFieldMessages';
