import type {
  CaptchaChallenge,
  CaptchaTextChallenge,
  CaptchaVerifyResult,
  LoginResult,
  MemberInfo,
  PlayerRankProgress,
  RegistrationResult,
  SmsRequestResult,
  UnreadCount,
} from '@wps/contract/accounts';
import type {
  CaptchaTextVerifyPayload,
  CaptchaVerifyPayload,
  ChangePasswordPayload,
  LanguagePayload,
  LoginPayload,
  LoginVerificationPayload,
  PasswordResetEmailPayload,
  PasswordResetSmsPayload,
  RegistrationPayload,
  SmsRequestPayload,
} from '@wps/contract/schemas/accounts';
import type { FeedbackPayload } from '@wps/contract/schemas/feedback';
import type { FeedbackReceipt } from '@wps/contract/feedback';
import { call } from '@/api/call';

/**
 * The account calls (spec sections 4, 6, 7). Login, registration and the second factor handle their
 * errors themselves (`handleErrors: false`): the flows decide what a failure shows.
 */

const inline = { handleErrors: false } as const;

export function login(payload: LoginPayload): Promise<LoginResult> {
  return call('login', payload, inline);
}

export function verifyLogin(payload: LoginVerificationPayload): Promise<LoginResult | null> {
  return call('loginVerification', payload, inline);
}

export function register(payload: RegistrationPayload, mobile: boolean): Promise<RegistrationResult> {
  return call(mobile ? 'registerMobile' : 'register', payload, inline);
}

/** `lang` is a captcha language code of spec section 9 (see captchaLanguageFor). */
export function fetchCaptcha(lang: string): Promise<CaptchaChallenge> {
  return call('captcha', { t: String(Date.now()), lang }, { noCache: true, ...inline });
}

/** The local slider provider's check of a drag; answers the pass sent with the login or registration. */
export type CaptchaVerifyRequest = CaptchaVerifyPayload;
export type CaptchaProofResult = Partial<CaptchaVerifyResult>;

export function verifyCaptcha(request: CaptchaVerifyRequest): Promise<CaptchaVerifyResult> {
  return call('captchaVerify', request, inline);
}

/** The slider's text alternative (a question in words), for a person who cannot see the picture. */
export function fetchCaptchaText(lang: string): Promise<CaptchaTextChallenge> {
  return call('captchaText', { t: String(Date.now()), lang }, { noCache: true, ...inline });
}

export function verifyCaptchaText(request: CaptchaTextVerifyPayload): Promise<CaptchaVerifyResult> {
  return call('captchaTextVerify', request, inline);
}

export function requestSmsCode(payload: SmsRequestPayload): Promise<SmsRequestResult> {
  return call('smsCode', payload, inline);
}

export function fetchMemberInfo(): Promise<MemberInfo> {
  return call('memberInfo', {}, { noCache: true });
}

export function fetchRankProgress(): Promise<PlayerRankProgress> {
  return call('rankProgress', {}, { noCache: true });
}

export function fetchUnreadCount(): Promise<UnreadCount> {
  return call('unreadCount', {}, { noCache: true });
}

/** Keeps the member's interface language on the server (spec section 7). */
export function saveMemberLanguage(payload: LanguagePayload): Promise<null> {
  return call('memberLanguage', payload, inline);
}

/** A member's feedback; the feedback screen shows what a refusal means. */
export function sendFeedback(payload: FeedbackPayload): Promise<FeedbackReceipt> {
  return call('feedback', payload, inline);
}

/**
 * Ends the session of `token` on the server. It carries the token itself and is kept alive, so the
 * caller can end the tab's session at once: the revoke still reaches the server when the member
 * leaves the page straight after.
 */
export function logout(token: string): Promise<null> {
  return call('logout', {}, { ...inline, token, keepalive: true });
}

export function changePassword(payload: ChangePasswordPayload): Promise<null> {
  return call('changePassword', payload, inline);
}

export function resetPasswordByEmail(payload: PasswordResetEmailPayload): Promise<null> {
  return call('passwordResetEmail', payload, inline);
}

export function resetPasswordBySms(payload: PasswordResetSmsPayload): Promise<null> {
  return call('passwordResetSms', payload, inline);
}
