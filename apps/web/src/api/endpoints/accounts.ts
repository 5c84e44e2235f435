import {
  AccountPath,
  CaptchaPath,
  MemberPath,
  ModuleId,
  RelayPath,
  SessionPath,
  VerificationPath,
  type CaptchaChallenge,
  type CaptchaVerifyPayload,
  type CaptchaVerifyResult,
  type ChangePasswordPayload,
  type LoginPayload,
  type LoginResult,
  type LoginVerificationPayload,
  type MemberInfo,
  type PasswordResetEmailPayload,
  type PasswordResetSmsPayload,
  type PlayerRankProgress,
  type RegistrationPayload,
  type RegistrationResult,
  type SmsRequestPayload,
  type SmsRequestResult,
  type UnreadCount,
} from '@wps/contract';
import { get, post } from '../client';

/**
 * The account calls (spec sections 4, 6, 7). Login, registration and the second factor handle their
 * errors themselves (`handleErrors: false`): the flows decide what a failure shows.
 */

export function login(payload: LoginPayload): Promise<LoginResult> {
  return post<LoginResult>(SessionPath.login, payload, { encrypt: true, handleErrors: false });
}

export function verifyLogin(payload: LoginVerificationPayload): Promise<LoginResult | null> {
  return post<LoginResult | null>(SessionPath.loginVerification, payload, {
    encrypt: true,
    handleErrors: false,
  });
}

export function register(payload: RegistrationPayload, mobile: boolean): Promise<RegistrationResult> {
  return post<RegistrationResult>(mobile ? MemberPath.registerMobile : MemberPath.register, payload, {
    encrypt: true,
    moduleId: mobile ? ModuleId.MOBILE_REGISTER : ModuleId.REGISTER,
    handleErrors: false,
  });
}

/** `lang` is a captcha language code of spec section 9 (see captchaLanguageFor). */
export function fetchCaptcha(lang: string): Promise<CaptchaChallenge> {
  return get<CaptchaChallenge>(CaptchaPath.geetest, {
    query: { t: String(Date.now()), lang },
    noCache: true,
    handleErrors: false,
  });
}

/** The local slider provider's check of a drag; answers the pass sent with the login or registration. */
export type CaptchaVerifyRequest = CaptchaVerifyPayload;
export type CaptchaProofResult = Partial<CaptchaVerifyResult>;

export function verifyCaptcha(request: CaptchaVerifyRequest): Promise<CaptchaVerifyResult> {
  return post<CaptchaVerifyResult>(AccountPath.captchaVerify, request, { handleErrors: false });
}

export function requestSmsCode(payload: SmsRequestPayload): Promise<SmsRequestResult> {
  return post<SmsRequestResult>(VerificationPath.smsNoLogin, payload, { handleErrors: false });
}

export function fetchMemberInfo(): Promise<MemberInfo> {
  return get<MemberInfo>(MemberPath.info, { noCache: true });
}

export function fetchRankProgress(): Promise<PlayerRankProgress> {
  return get<PlayerRankProgress>(RelayPath.playerRankProgress, { noCache: true });
}

export function fetchUnreadCount(): Promise<UnreadCount> {
  return get<UnreadCount>(RelayPath.unreadCount, { noCache: true });
}

export function logout(): Promise<null> {
  return post<null>(AccountPath.logout, {}, { handleErrors: false });
}

export function changePassword(payload: ChangePasswordPayload): Promise<null> {
  return post<null>(AccountPath.changePassword, payload, { encrypt: true, handleErrors: false });
}

export function resetPasswordByEmail(payload: PasswordResetEmailPayload): Promise<null> {
  return post<null>(MemberPath.passwordResetEmail, payload, { encrypt: true, handleErrors: false });
}

export function resetPasswordBySms(payload: PasswordResetSmsPayload): Promise<null> {
  return post<null>(MemberPath.passwordResetSms, payload, { encrypt: true, handleErrors: false });
}
