/**
 * Whitelabel flags: per-merchant feature switches, delivered in `whitelabelVal` of the settings call.
 * The first group is named by the spec (section 6); the second names switches the spec describes
 * without naming them.
 */
export const SPEC_WHITELABEL_FLAGS = [
  'STARTGAMEINAPP3',
  'MOBILEAUTOLOGIN3',
  'PWDEXPFORCECHANGE3',
  'GOOGLELOGIN3',
  'FACEBOOKLOGIN3',
  'TWITTERLOGIN3',
  'LINELOGIN3',
  'TELEGRAMLOGIN3',
  'FIREBASECREATEACC3',
  'SSOMANUALREG3',
  'UPDATEMOBILEICC3',
  'CBS3',
] as const;

export const PRODUCT_WHITELABEL_FLAGS = [
  /** Slider captcha shown on login. */
  'LOGINCAPTCHA3',
  /** Slider captcha shown before an SMS code is sent. */
  'SMSCAPTCHA3',
  /** Slider captcha shown on registration. */
  'REGCAPTCHA3',
  /** Registration by mobile number and SMS code. */
  'MOBILENUMREG3',
  /** Mobile registration asks for a password (otherwise the default mobile-registration password). */
  'MOBILENUMPWD3',
  /** App updates in the native shell are mandatory (the upgrade modal has no close button). */
  'MANDATORYAPPUPDATE3',
  /** Auto-register social sign-ins that match no account. */
  'SSOAUTOREG3',
] as const;

export const WHITELABEL_FLAGS = [...SPEC_WHITELABEL_FLAGS, ...PRODUCT_WHITELABEL_FLAGS] as const;

export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export type WhitelabelFlags = Record<WhitelabelFlag, boolean>;

export function isWhitelabelFlag(name: string): name is WhitelabelFlag {
  return (WHITELABEL_FLAGS as readonly string[]).includes(name);
}

/** Every flag off: the base a merchant's stored flags are laid over. */
export function allFlagsOff(): WhitelabelFlags {
  return Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, false])) as WhitelabelFlags;
}

/** Module ids sent in the `ModuleId` header of calls that name one. */
export const ModuleId = {
  REGISTER: 'REG3',
  MOBILE_REGISTER: 'MOBILENUMREG3',
} as const;
export type ModuleId = (typeof ModuleId)[keyof typeof ModuleId];
