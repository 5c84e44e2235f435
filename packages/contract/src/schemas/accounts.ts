import { z } from 'zod';
import { DIALING_CODE_PATTERN, LOCAL_CAPTCHA_MAX_SAMPLES, MOBILE_NUMBER_PATTERN } from '../accounts.js';
import { RECOVERY_CODE_PATTERN } from '../memberArea.js';
import { AD_TRACKING_PARAMS } from '../routes.js';
import { optionalText, passwordText } from './common.js';

// ---- member accounts (accounts.ts): sign-in, registration, codes, passwords -----------------------

const captchaFields = {
  geetestChallenge: optionalText(512),
  geetestSeccode: optionalText(2048),
  geetestValidateV4: optionalText(2048),
};
/** The phone rules of accounts.ts; the member's own number (schemas/memberArea.ts) uses them too. */
export const dialingCode = z.string().regex(DIALING_CODE_PATTERN, 'a dialing code of 1 to 4 digits');
export const mobileNumber = z.string().regex(MOBILE_NUMBER_PATTERN, 'a mobile number of 5 to 15 digits');
/** Opaque tokens the server hands out (base64url of 32 random bytes). */
const bindTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'a token');
const sixDigitCode = z.string().regex(/^[0-9]{6}$/);

/**
 * What a new member states about age and terms (issue 29), on every registration path: `ageConfirmed`
 * where the merchant's profile asks for a confirmation, `dateOfBirth` where it asks for the date (the
 * server checks the age on its own clock), and the terms version the member accepted. Optional here:
 * which one is required is the merchant's profile, checked by the server (refused with rg_under_age /
 * rg_terms_required).
 */
export const newMemberAttestation = {
  ageConfirmed: z.boolean().optional(),
  dateOfBirth: z
    .string()
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'a date as YYYY-MM-DD')
    .optional(),
  termsVersion: z.number().int().min(1).max(1_000_000).optional(),
};

export const loginPayloadSchema = z.object({
  username: optionalText(64),
  password: passwordText.optional(),
  type: z.enum(['sms', 'firebase', 'line', 'telegram', 'username']),
  isSms: z.boolean().optional(),
  countryDialingCode: dialingCode.optional(),
  mobileNum: mobileNumber.optional(),
  firebaseChannel: optionalText(64),
  firebaseIdToken: optionalText(4096),
  lineSessionToken: optionalText(1024),
  telegramAuth: optionalText(4096),
  /** The bind token of a bind_customer_required answer: links that sign-in to this account. */
  bindToken: bindTokenSchema.optional(),
  ...captchaFields,
  loginDeviceId: z.string().max(64),
  isOfficialAppLogin: z.boolean(),
  device: z.enum(['IPAD', 'PWA', 'WEBCLIP']).optional(),
  /** A social sign-in that registers a member carries the age and terms attestation. */
  ...newMemberAttestation,
});
/** POST /wps/session/login (sealed). */
export type LoginPayload = z.input<typeof loginPayloadSchema>;

export const loginVerificationSchema = z
  .object({
    verifyToken: z.string().min(16).max(128),
    method: z.enum(['email', 'ga', 'sms', 'recovery']),
    code: z.string().max(11),
  })
  .refine(
    (input) =>
      input.method === 'recovery'
        ? input.code === '' || RECOVERY_CODE_PATTERN.test(input.code)
        : /^([0-9]{6})?$/.test(input.code),
    { path: ['code'], message: 'empty, 6 digits, or a recovery code' },
  );
/** POST /wps/session/login/verification (sealed): completes the login. */
export type LoginVerificationPayload = z.input<typeof loginVerificationSchema>;

const pixelTrackSchema = z.record(z.string().max(64), z.string().max(512));

export const registrationPayloadSchema = z.object({
  username: optionalText(64),
  password: passwordText.optional(),
  countryDialingCode: dialingCode.optional(),
  mobileNum: mobileNumber.optional(),
  smsCode: sixDigitCode.optional(),
  registerMethod: z.enum(['APP', 'H5', 'WEBCLIP', 'PWA']),
  registerUrl: z.string().max(2048),
  loginDeviceId: z.string().max(64),
  isOfficialAppLogin: z.boolean(),
  linkId: optionalText(128),
  affiliateCode: optionalText(64),
  domain: z.string().max(253),
  referralCode: optionalText(64),
  login: z.boolean(),
  smsTemplate: optionalText(64),
  ...captchaFields,
  firebaseChannel2: optionalText(64),
  firebaseIdToken2: optionalText(4096),
  lineSessionToken: optionalText(1024),
  telegramAuth: optionalText(4096),
  /** The bind token of a bind_customer_required answer: the new account is linked to that sign-in. */
  bindToken: bindTokenSchema.optional(),
  pixelTrack: pixelTrackSchema
    .refine((track) => Object.keys(track).length <= 32, 'at most 32 entries')
    .nullable(),
  /** Ad-tracking info (spec section 3), read on arrival; absent when none was given. */
  adTracking: z
    .strictObject(
      Object.fromEntries(
        Object.values(AD_TRACKING_PARAMS).map((field) => [field, optionalText(256)]),
      ) as Record<
        (typeof AD_TRACKING_PARAMS)[keyof typeof AD_TRACKING_PARAMS],
        ReturnType<typeof optionalText>
      >,
    )
    .optional(),
  ...newMemberAttestation,
});
/** POST /wps/member/register (ModuleId REG3) and /wps/member/register/mobile (MOBILENUMREG3), sealed. */
export type RegistrationPayload = z.input<typeof registrationPayloadSchema>;

export const captchaChallengeQuerySchema = z.object({
  t: z.string().max(20).optional(),
  /** The captcha's language (a captcha language code of spec section 9). */
  lang: z.string().max(16).optional(),
});

/** One point of a slider drag: ms since the drag began, and the piece's x then (CSS px). */
const captchaSampleSchema = z.object({
  t: z.number().finite().min(0).max(3_600_000),
  x: z.number().finite().min(-1000).max(10_000),
});

export const captchaVerifySchema = z.object({
  challenge: z.string().min(8).max(128),
  x: z.number().finite().min(-1000).max(10_000),
  durationMs: z.number().int().min(0).max(3_600_000),
  /** The drag, in time order; its shape is the server's check (services/captcha/trajectory.ts). */
  samples: z.array(captchaSampleSchema).max(LOCAL_CAPTCHA_MAX_SAMPLES),
});
/**
 * POST /wps/captcha/geetest/verify: where the member dropped the piece, how long the drag took (first
 * move to release, ms), and the drag itself: points `{ t, x }`, ms since the drag began and the piece's
 * x then, in time order.
 */
export type CaptchaVerifyPayload = z.input<typeof captchaVerifySchema>;

export const captchaTextVerifySchema = z.object({
  challenge: z.string().min(8).max(128),
  /** The member's answer as typed: digits (spaces around are dropped). */
  answer: z.string().trim().max(8),
});
/** POST /wps/captcha/text/verify: the answer to the text question of `challenge`. */
export type CaptchaTextVerifyPayload = z.input<typeof captchaTextVerifySchema>;

export const smsRequestSchema = z.object({
  countryDialingCode: dialingCode,
  mobileNum: mobileNumber,
  purpose: z.enum(['register', 'login', 'reset']).optional(),
  ...captchaFields,
});
/** POST /wps/verification/sms/noLogin. */
export type SmsRequestPayload = z.input<typeof smsRequestSchema>;

export const languagePayloadSchema = z.object({
  // Two or three letters, or a regional code (PT-BR, UR-LA).
  language: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/),
  merchantCode: optionalText(32),
});
/** POST /wps/member/language. */
export type LanguagePayload = z.input<typeof languagePayloadSchema>;

/** `oldPassword` proves the member; a member registered by a social sign-in alone has none to give. */
export const changePasswordSchema = z.object({
  oldPassword: passwordText.optional(),
  newPassword: passwordText,
});
export type ChangePasswordPayload = z.input<typeof changePasswordSchema>;

export const passwordResetEmailSchema = z.object({
  username: z.string().min(1).max(64),
  email: z.string().email().max(254),
  code: sixDigitCode.optional(),
  newPassword: passwordText.optional(),
});
export type PasswordResetEmailPayload = z.input<typeof passwordResetEmailSchema>;

export const passwordResetSmsSchema = z.object({
  countryDialingCode: dialingCode,
  mobileNum: mobileNumber,
  code: sixDigitCode.optional(),
  newPassword: passwordText.optional(),
});
export type PasswordResetSmsPayload = z.input<typeof passwordResetSmsSchema>;

export const outboxQuerySchema = z.object({
  mobileNum: mobileNumber.optional(),
  email: z.string().max(254).optional(),
});
