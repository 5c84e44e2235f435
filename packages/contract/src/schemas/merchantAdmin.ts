import { z } from 'zod';
import { WHITELABEL_FLAGS } from '../flags.js';
import { ALL_LANGUAGES } from '../languages.js';
import { IDENTITY_PROVIDER_NAMES, MERCHANT_SECRET_NAMES } from '../merchantAdmin.js';
import { HEX_COLOR_PATTERN } from '../system.js';

/**
 * The back office's Merchants and Theme inputs (issue 30 items 3 and 4; endpoints/merchants.ts). A
 * merchant is named by its code in the path (`:code`). Every save is a whole section, so what the
 * form shows is what is stored.
 */

export const merchantCodeSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'lower-case letters, digits and dashes, at most 32');

/** A host name as a Host header names it: lower case, no port, no scheme. */
export const domainSchema = z
  .string()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/);

const languageSchema = z.enum(ALL_LANGUAGES as [string, ...string[]]);
const countrySchema = z.string().regex(/^[A-Z]{2}$/);
const currencySchema = z.string().regex(/^[A-Z]{3}$/);
const shortText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable();

/** An IPv4 or IPv6 address with an optional prefix: the region rules' entries. */
const cidrSchema = z
  .string()
  .max(64)
  .regex(/^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i);

/** An https address: what a browser may load as an icon, splash or logo. */
export const httpsUrlSchema = z
  .string()
  .max(2_048)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'an https address');
/**
 * An image in a data: address (the generated logos and backgrounds are SVG ones; an <img> or a CSS
 * background never runs a script of it), at most 64 KB, with no spaces, double quotes, backslashes or
 * angle brackets (encoded, as encodeURIComponent writes it), so it stays one quoted CSS url().
 */
const imageDataSchema = z
  .string()
  .max(65_536)
  .regex(/^data:image\/(?:png|jpeg|webp|gif|svg\+xml)(?:;base64)?,[^\s"\\<>]+$/);
/** An https address, a path of the site (a logo the merchant serves itself) or a data: image. */
const imageSchema = z
  .union([httpsUrlSchema, z.string().regex(/^\/[^\s/][^\s]{0,1023}$/), imageDataSchema])
  .nullable();

const colorSchema = z.string().regex(HEX_COLOR_PATTERN, 'a hex colour');

/** The mobile template of spec section 3 with the theme colours; contrast is checked by the server too. */
export const mobileTemplateSchema = z.strictObject({
  h5_logo: imageSchema,
  app_background: imageSchema,
  app_desc: optionalText(500),
  app_desc_font_color: colorSchema.nullable(),
  login_prompt_text: optionalText(300),
  favicon: httpsUrlSchema.nullable(),
  splash: httpsUrlSchema.nullable(),
  pwa: z.boolean(),
  desktop_app_feature: z.boolean(),
  apple_touch_icon: httpsUrlSchema.nullable(),
  colors: z.strictObject({
    primary: colorSchema,
    primaryContrast: colorSchema,
    background: colorSchema,
    surface: colorSchema,
    text: colorSchema,
    textMuted: colorSchema,
    accent: colorSchema,
    accentContrast: colorSchema,
  }),
});

const pathCode = { code: merchantCodeSchema };

/** A merchant's code in the path and nothing else. */
export const staffMerchantQuerySchema = z.object(pathCode);

/** A new merchant: the least it needs to answer on its domain; the rest is edited after. */
export const staffMerchantCreateSchema = z.strictObject({
  code: merchantCodeSchema,
  name: shortText(80),
  domain: domainSchema,
  defaultLanguage: languageSchema,
  currency: currencySchema,
  currencySymbol: shortText(8),
  countryCode: countrySchema,
  /** Its theme from the start (contrast checked as a theme save's); absent: the default theme. */
  template: mobileTemplateSchema.optional(),
});
export type StaffMerchantCreatePayload = z.input<typeof staffMerchantCreateSchema>;

const maintenanceSchema = z
  .object({
    start: z.iso.datetime({ offset: true }).nullable(),
    end: z.iso.datetime({ offset: true }).nullable(),
  })
  .refine(
    ({ start, end }) => start === null || end === null || Date.parse(end) > Date.parse(start),
    'the window ends after it starts',
  );

const smsProviderSchema = z.strictObject({
  firebase: z.boolean(),
  appId: optionalText(200),
  apiKey: optionalText(200),
  authDomain: optionalText(200),
  projectId: optionalText(200),
  messagingSenderId: optionalText(200),
  vapidKey: optionalText(200),
  facebookAppId: optionalText(200),
  googleWebClientId: optionalText(300),
});

const providersSchema = z.strictObject({
  geetestId: optionalText(100),
  geetestVersion: z.enum(['v3', 'v4']),
  lineClientId: optionalText(100),
  voluumDomain: domainSchema.nullable(),
  smsProvider: smsProviderSchema,
  telegramSetting: z.strictObject({ botId: shortText(64), authDomain: domainSchema }).nullable(),
  customerServiceScript: z.union([httpsUrlSchema, z.string().regex(/^\/[^\s]{1,500}$/)]).nullable(),
  adPixels: z.strictObject({
    meta: z
      .string()
      .regex(/^\d{5,20}$/)
      .optional(),
    tiktok: z
      .string()
      .regex(/^[A-Z0-9]{5,30}$/)
      .optional(),
    gtag: z
      .string()
      .regex(/^(?:G|AW|GT|DC)-[A-Z0-9]{4,20}$/)
      .optional(),
  }),
});

/** A secret's new value; an empty text clears it. Never answered back. */
const secretValue = z.string().max(4_096);

/**
 * A merchant's settings, by section: each present section replaces what is stored of it, an absent
 * one is left as it is.
 */
export const staffMerchantSaveSchema = z.strictObject({
  ...pathCode,
  name: shortText(80).optional(),
  defaultLanguage: languageSchema.optional(),
  languages: z.array(languageSchema).min(1).max(40).optional(),
  currency: currencySchema.optional(),
  currencySymbol: shortText(8).optional(),
  currencyPosition: z.enum(['before', 'after']).optional(),
  countryCode: countrySchema.optional(),
  countries: z.array(countrySchema).max(250).optional(),
  jurisdictionProfileId: z.string().min(1).max(64).optional(),
  domains: z
    .array(z.strictObject({ domain: domainSchema, listed: z.boolean() }))
    .min(1)
    .max(50)
    .optional(),
  mainHost: domainSchema.optional(),
  maintenance: maintenanceSchema.optional(),
  region: z
    .strictObject({
      blocked: z.array(cidrSchema).max(500),
      allowed: z.array(cidrSchema).max(500).nullable(),
    })
    .optional(),
  flags: z.partialRecord(z.enum(WHITELABEL_FLAGS), z.boolean()).optional(),
  providers: providersSchema.optional(),
  /** Secrets to set (a value) or clear (empty text); the names not given are kept. */
  secrets: z.partialRecord(z.enum(MERCHANT_SECRET_NAMES), secretValue).optional(),
  identityProviders: z
    .array(
      z.strictObject({
        provider: z.enum(IDENTITY_PROVIDER_NAMES),
        enabled: z.boolean(),
        publicConfig: z.record(z.string().max(64), z.union([z.string().max(500), z.boolean()])),
        /** Secrets to set or clear (empty text); the others kept. */
        secrets: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/), secretValue).optional(),
      }),
    )
    .max(IDENTITY_PROVIDER_NAMES.length)
    .optional(),
  paymentProviders: z
    .array(
      z.strictObject({
        provider: z.string().min(1).max(40),
        apiBase: z.string().min(1).max(500),
        enabled: z.boolean(),
        /** The provider's secrets as JSON text, replacing the sealed ones; absent: kept. */
        secrets: z.string().min(2).max(8_192).optional(),
      }),
    )
    .max(20)
    .optional(),
});
export type StaffMerchantSavePayload = z.input<typeof staffMerchantSaveSchema>;

/** The theme of a merchant: its template and colours. */
export const staffThemeSaveSchema = z.strictObject({ ...pathCode, template: mobileTemplateSchema });
export type StaffThemeSavePayload = z.input<typeof staffThemeSaveSchema>;
