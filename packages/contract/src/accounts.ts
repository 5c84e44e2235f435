/**
 * Member accounts (spec sections 3, 4, 5): login, second factor, registration, captcha, SMS codes,
 * member info, password change and reset. Field names are the spec's; where the spec says "not
 * shown" the shape is this product's own.
 */

export const AccountPath = {
  logout: '/wps/session/logout',
  /** The forced (or voluntary) password change of a logged-in member. */
  changePassword: '/wps/member/password',
  /** Development mode only: the local SMS provider's outbox. */
  devSmsOutbox: '/wps/dev/sms/outbox',
} as const;

export type LoginType = 'sms' | 'firebase' | 'line' | 'telegram' | 'username';
export type LoginDevice = 'IPAD' | 'PWA' | 'WEBCLIP';

/** POST /wps/session/login (sealed). */
export interface LoginPayload {
  username?: string;
  password?: string;
  type: LoginType;
  isSms?: boolean;
  /** With type sms: the dialing code and number; the SMS code travels in `password`. */
  countryDialingCode?: string;
  mobileNum?: string;
  firebaseChannel?: string;
  firebaseIdToken?: string;
  lineSessionToken?: string;
  telegramAuth?: string;
  geetestChallenge?: string;
  geetestSeccode?: string;
  geetestValidateV4?: string;
  loginDeviceId: string;
  isOfficialAppLogin: boolean;
  device?: LoginDevice;
}

export interface LoginResult {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  id: string;
  userName: string;
  customerType: number;
}

export type SecondFactorMethod = 'email' | 'ga' | 'sms';

/** The data of a `login_verify_required` failure: what the second-factor dialog asks for. */
export interface LoginVerifyRequired {
  /** Opaque, single-use, short-lived reference to the half-done login. */
  verifyToken: string;
  methods: SecondFactorMethod[];
  /** Masked destination for email / sms codes, e.g. "a***@example.com", "+63 ••• 4567". */
  maskedEmail: string | null;
  maskedMobile: string | null;
}

/** POST /wps/session/login/verification (sealed): completes the login. */
export interface LoginVerificationPayload {
  verifyToken: string;
  method: SecondFactorMethod;
  /** Empty with method email or sms asks the server to send the code. */
  code: string;
}

export type RegisterMethod = 'APP' | 'H5' | 'WEBCLIP' | 'PWA';

/** Tracking and click ids of spec section 3; the whole object is null when every one is empty. */
export interface PixelTrack {
  tid?: string;
  kwaiPixelId?: string;
  kwaiClickId?: string;
  kw?: string;
  fbc?: string;
  fbp?: string;
  tiktok?: string;
  twitter?: string;
  gtag?: string;
  gtm?: string;
  okspi?: string;
  mgs?: string;
  phx?: string;
  devils?: string;
  macan?: string;
  voluum?: string;
  utm_source?: string;
}

/** POST /wps/member/register (ModuleId REG3) and /wps/member/register/mobile (MOBILENUMREG3), sealed. */
export interface RegistrationPayload {
  username?: string;
  password?: string;
  /** Mobile registration: the dialing code, number and the SMS code. */
  countryDialingCode?: string;
  mobileNum?: string;
  smsCode?: string;
  registerMethod: RegisterMethod;
  registerUrl: string;
  loginDeviceId: string;
  isOfficialAppLogin: boolean;
  linkId?: string;
  affiliateCode?: string;
  domain: string;
  referralCode?: string;
  /** Log the new member in at once. */
  login: boolean;
  smsTemplate?: string;
  geetestChallenge?: string;
  geetestSeccode?: string;
  geetestValidateV4?: string;
  firebaseChannel2?: string;
  firebaseIdToken2?: string;
  lineSessionToken?: string;
  telegramAuth?: string;
  pixelTrack: PixelTrack | null;
}

export interface RegistrationResult {
  token: string | null;
  customerId: string;
  userName: string;
  customerName: string;
  firstTimeLogin: boolean;
  customerType: number;
}

/** GET /wps/captcha/geetest?t= : the slider puzzle (the local provider) or a Geetest challenge. */
export interface CaptchaChallenge {
  gt: string;
  challenge: string;
  newCaptcha: boolean;
  /** The local provider's puzzle; absent for the real Geetest service. */
  puzzle?: {
    /** Background with the gap, and the piece, as data URLs. */
    background: string;
    piece: string;
    width: number;
    height: number;
    pieceY: number;
  };
}

/** POST /wps/verification/sms/noLogin. */
export interface SmsRequestPayload {
  countryDialingCode: string;
  mobileNum: string;
  purpose?: 'register' | 'login' | 'reset';
  geetestChallenge?: string;
  geetestSeccode?: string;
  geetestValidateV4?: string;
}

export interface SmsRequestResult {
  /** Seconds before another code may be requested. */
  resendAfter: number;
  /** Seconds the code is valid. */
  expiresIn: number;
}

/** GET /wps/member/info. */
export interface MemberInfo {
  id: string;
  account: string;
  /** 1 or 2: agent; 4: no language sync. */
  type: number;
  language: string;
  clubLabel: { labelName: string; type: string; rankLevel: number; labelId: string } | null;
}

export interface ChangePasswordPayload {
  oldPassword: string;
  newPassword: string;
}

export interface PasswordResetEmailPayload {
  username: string;
  email: string;
  /** Absent: send the code; present: set the new password. */
  code?: string;
  newPassword?: string;
}

export interface PasswordResetSmsPayload {
  countryDialingCode: string;
  mobileNum: string;
  code?: string;
  newPassword?: string;
}
