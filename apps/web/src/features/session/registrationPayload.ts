import type { PixelTrack, RegisterMethod } from '@wps/contract/accounts';
import type { RegistrationPayload } from '@wps/contract/schemas/accounts';

/** What the visitor typed or verified on the registration form. */
export type RegistrationForm =
  | { kind: 'username'; username: string; password: string }
  | {
      kind: 'mobile';
      countryDialingCode: string;
      mobileNum: string;
      smsCode: string;
      password: string | null;
    };

/** The captcha's pass, as a registration (and a login, an SMS request) carries it. */
export type CaptchaProof = Pick<
  RegistrationPayload,
  'geetestChallenge' | 'geetestSeccode' | 'geetestValidateV4'
>;

/**
 * Social sign-in fields, added only when the firebase-create-account flag is on (spec section 5);
 * `bindToken`: the bind token of bind_customer_required, the new account is linked to that sign-in.
 */
export type SocialRegistrationFields = Pick<
  RegistrationPayload,
  'firebaseChannel2' | 'firebaseIdToken2' | 'lineSessionToken' | 'telegramAuth' | 'bindToken'
>;

/** Facts of the environment and arrival the payload carries. */
export interface RegistrationContext {
  registerMethod: RegisterMethod;
  registerUrl: string;
  loginDeviceId: string;
  isOfficialAppLogin: boolean;
  tid: string | null;
  affiliateCode: string | null;
  referralCode: string | null;
  /** originalDomain from the registration info, else the current host. */
  domain: string;
  pixelTrack: PixelTrack | null;
  /** Ad-tracking info read on arrival (spec section 3), null when none. */
  adTracking?: Record<string, string> | null;
  firebaseCreateAccount: boolean;
  /** MOBILENUMPWD3: mobile registration asks for a password. */
  mobilePasswordRequired: boolean;
  defaultMobilePassword: string;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value ? value : undefined;
}

/** The registration payload of spec section 3 (login: true logs the new member in at once). */
export function buildRegistrationPayload(
  form: RegistrationForm,
  context: RegistrationContext,
  captcha: CaptchaProof = {},
  social: SocialRegistrationFields = {},
  /** The age and terms the member stated (issue 29; features/session/ageTerms.ts). */
  attestation: Pick<RegistrationPayload, 'ageConfirmed' | 'dateOfBirth' | 'termsVersion'> = {},
): RegistrationPayload {
  const payload: RegistrationPayload = {
    ...attestation,
    registerMethod: context.registerMethod,
    registerUrl: context.registerUrl,
    loginDeviceId: context.loginDeviceId,
    isOfficialAppLogin: context.isOfficialAppLogin,
    domain: context.domain,
    login: true,
    pixelTrack: context.pixelTrack,
  };
  if (context.adTracking && Object.keys(context.adTracking).length > 0)
    payload.adTracking = context.adTracking;
  if (form.kind === 'username') {
    payload.username = form.username;
    payload.password = form.password;
  } else {
    payload.countryDialingCode = form.countryDialingCode;
    payload.mobileNum = form.mobileNum;
    payload.smsCode = form.smsCode;
    payload.password =
      context.mobilePasswordRequired && form.password ? form.password : context.defaultMobilePassword;
  }
  const optional = {
    linkId: nonEmpty(context.tid),
    affiliateCode: nonEmpty(context.affiliateCode),
    referralCode: nonEmpty(context.referralCode),
    geetestChallenge: nonEmpty(captcha.geetestChallenge),
    geetestSeccode: nonEmpty(captcha.geetestSeccode),
    geetestValidateV4: nonEmpty(captcha.geetestValidateV4),
    ...(context.firebaseCreateAccount
      ? {
          firebaseChannel2: nonEmpty(social.firebaseChannel2),
          firebaseIdToken2: nonEmpty(social.firebaseIdToken2),
          lineSessionToken: nonEmpty(social.lineSessionToken),
          telegramAuth: nonEmpty(social.telegramAuth),
          bindToken: nonEmpty(social.bindToken),
        }
      : {}),
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) Object.assign(payload, { [key]: value });
  }
  return payload;
}
