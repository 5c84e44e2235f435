import { z } from 'zod';
import { WHITELABEL_FLAGS } from './flags.js';
import { COLLECT_VALUE_MAX_BYTES } from './system.js';

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Runtime schemas of the /wps calls, for the server to validate what arrives. A separate entry
 * (`@wps/contract/schemas`) keeps zod out of the web app's bundle, which needs only the types.
 */

export const statusQuerySchema = z.object({
  device: z.enum(['MOBILE', 'PC']).optional(),
  track: z.string().max(200).optional(),
  originalDomain: z.string().max(253).optional(),
  url: z.string().max(2048).optional(),
});

export const manifestQuerySchema = z.object({
  merchantCode: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/i)
    .optional(),
});

export const domainRouteQuerySchema = z.object({ device: z.enum(['MOBILE', 'PC']).optional() });

/** Runtime schema of the flags map, for the client to check what it stores. */
export const whitelabelFlagsSchema = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    (typeof WHITELABEL_FLAGS)[number],
    z.ZodBoolean
  >,
);

/**
 * POST /wps/system/collect, sent with navigator.sendBeacon: JSON as application/json, or as
 * text/plain (what sendBeacon sends for a string).
 */
export const collectBodySchema = z
  .object({
    merchant: z.string().max(64).nullish(),
    value: z.union([z.string(), z.record(z.string(), z.unknown())]),
  })
  .refine(
    (body) =>
      utf8Length(typeof body.value === 'string' ? body.value : JSON.stringify(body.value)) <=
      COLLECT_VALUE_MAX_BYTES,
    {
      message: `value must be at most ${COLLECT_VALUE_MAX_BYTES} bytes`,
      path: ['value'],
    },
  );

export type StatusQuery = z.infer<typeof statusQuerySchema>;
export type CollectBody = z.infer<typeof collectBodySchema>;

// ---- Member accounts (accounts.ts) ----

const optionalText = (max: number) => z.string().max(max).optional();
const captchaFields = {
  geetestChallenge: optionalText(512),
  geetestSeccode: optionalText(2048),
  geetestValidateV4: optionalText(2048),
};
const dialingCode = z.string().regex(/^\+?[0-9]{1,4}$/, 'a dialing code of 1 to 4 digits');
const mobileNumber = z.string().regex(/^[0-9]{5,15}$/, 'a mobile number of 5 to 15 digits');
const password = z.string().min(1).max(128);

export const loginPayloadSchema = z.object({
  username: optionalText(64),
  password: password.optional(),
  type: z.enum(['sms', 'firebase', 'line', 'telegram', 'username']),
  isSms: z.boolean().optional(),
  countryDialingCode: dialingCode.optional(),
  mobileNum: mobileNumber.optional(),
  firebaseChannel: optionalText(64),
  firebaseIdToken: optionalText(4096),
  lineSessionToken: optionalText(1024),
  telegramAuth: optionalText(4096),
  ...captchaFields,
  loginDeviceId: z.string().max(64),
  isOfficialAppLogin: z.boolean(),
  device: z.enum(['IPAD', 'PWA', 'WEBCLIP']).optional(),
});

export const loginVerificationSchema = z.object({
  verifyToken: z.string().min(16).max(128),
  method: z.enum(['email', 'ga', 'sms']),
  code: z.string().regex(/^([0-9]{6})?$/, 'empty or 6 digits'),
});

const pixelTrackSchema = z.record(z.string().max(64), z.string().max(512));

export const registrationPayloadSchema = z.object({
  username: optionalText(64),
  password: password.optional(),
  countryDialingCode: dialingCode.optional(),
  mobileNum: mobileNumber.optional(),
  smsCode: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
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
  pixelTrack: pixelTrackSchema
    .refine((track) => Object.keys(track).length <= 32, 'at most 32 entries')
    .nullable(),
});

export const captchaChallengeQuerySchema = z.object({ t: z.string().max(20).optional() });

export const captchaVerifySchema = z.object({
  challenge: z.string().min(8).max(128),
  x: z.number().finite().min(-1000).max(10_000),
  durationMs: z.number().int().min(0).max(3_600_000),
});

export const smsRequestSchema = z.object({
  countryDialingCode: dialingCode,
  mobileNum: mobileNumber,
  purpose: z.enum(['register', 'login', 'reset']).optional(),
  ...captchaFields,
});

export const languagePayloadSchema = z.object({
  language: z.string().regex(/^[A-Za-z]{2,3}$/),
  merchantCode: optionalText(32),
});

export const changePasswordSchema = z.object({ oldPassword: password, newPassword: password });

export const passwordResetEmailSchema = z.object({
  username: z.string().min(1).max(64),
  email: z.string().email().max(254),
  code: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
  newPassword: password.optional(),
});

export const passwordResetSmsSchema = z.object({
  countryDialingCode: dialingCode,
  mobileNum: mobileNumber,
  code: z
    .string()
    .regex(/^[0-9]{6}$/)
    .optional(),
  newPassword: password.optional(),
});

export const outboxQuerySchema = z.object({
  mobileNum: mobileNumber.optional(),
  email: z.string().max(254).optional(),
});
