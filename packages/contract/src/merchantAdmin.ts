/**
 * The back office's Merchants and Theme sections (issue 30 items 3 and 4): what a staff member reads
 * of a merchant and the refusals of its saves. The calls are in the endpoint table
 * (endpoints/merchants.ts); their input schemas in schemas/merchantAdmin.ts. Secrets are write-only:
 * a view names which are set, never their values.
 */
import { contrastRatio, MIN_TEXT_CONTRAST } from './contrast.js';
import type { WhitelabelFlags } from './flags.js';
import type { LanguageCode } from './languages.js';
import type { AdPixels, MobileTemplate, SmsProviderSettings, ThemeColors } from './system.js';

export const MerchantAdminErrorCode = {
  /** A domain of the save is already another merchant's (domains are unique across merchants). */
  DOMAIN_TAKEN: 'merchant_domain_taken',
  /** A new merchant's code is already taken. */
  CODE_TAKEN: 'merchant_code_taken',
  /** A theme's text and the colour under it contrast less than WCAG AA (4.5:1). */
  CONTRAST_LOW: 'theme_contrast_low',
} as const;
export type MerchantAdminErrorCode = (typeof MerchantAdminErrorCode)[keyof typeof MerchantAdminErrorCode];

/**
 * The merchant secrets the back office may set (the `merchants.secrets` column, sealed at rest):
 * the Geetest key, the SMS API secret, the Telegram bot token, the attribution report token.
 */
export const MERCHANT_SECRET_NAMES = [
  'GEETEST_KEY',
  'SMS_API_SECRET',
  'TELEGRAM_BOT_TOKEN',
  'TRACKING_REPORT_TOKEN',
] as const;
export type MerchantSecretName = (typeof MERCHANT_SECRET_NAMES)[number];

/** The sign-in providers whose settings a merchant keeps (merchant_identity_providers). */
export const IDENTITY_PROVIDER_NAMES = ['firebase', 'line', 'telegram', 'maya'] as const;
export type IdentityProviderAdminName = (typeof IDENTITY_PROVIDER_NAMES)[number];

/** Each pair of colours a theme draws text with: [text, the colour under it]. Checked on save. */
export const THEME_TEXT_PAIRS = [
  ['text', 'background'],
  ['text', 'surface'],
  ['textMuted', 'background'],
  ['primaryContrast', 'primary'],
  ['accentContrast', 'accent'],
] as const satisfies readonly (readonly [keyof ThemeColors, keyof ThemeColors])[];

export interface ContrastFailure {
  text: keyof ThemeColors;
  under: keyof ThemeColors;
  /** Rounded down to two decimals, so a shown 4.49 never passes. */
  ratio: number;
}

/** The pairs of `colors` below WCAG AA for normal text; a colour that is not hex fails at ratio 0. */
export function themeContrastFailures(colors: ThemeColors): ContrastFailure[] {
  const failures: ContrastFailure[] = [];
  for (const [text, under] of THEME_TEXT_PAIRS) {
    const ratio = contrastRatio(colors[text], colors[under]) ?? 0;
    if (ratio < MIN_TEXT_CONTRAST) failures.push({ text, under, ratio: Math.floor(ratio * 100) / 100 });
  }
  return failures;
}

export interface StaffMerchantSummary {
  code: string;
  name: string;
}

/** A domain of a merchant: `listed` ones are those the domainRoute call hands out. */
export interface MerchantDomainView {
  domain: string;
  listed: boolean;
}

/** The public provider settings a merchant edits (the settings call sends them to its visitors). */
export interface MerchantProviderSettings {
  geetestId: string | null;
  geetestVersion: 'v3' | 'v4';
  lineClientId: string | null;
  voluumDomain: string | null;
  smsProvider: SmsProviderSettings;
  telegramSetting: { botId: string; authDomain: string } | null;
  /** A third-party chat's script: an https address or a path of the site; null: the built-in chat. */
  customerServiceScript: string | null;
  adPixels: AdPixels;
}

export interface IdentityProviderView {
  provider: IdentityProviderAdminName;
  enabled: boolean;
  /** Sent to browsers (client ids, bot id, Firebase web config). */
  publicConfig: Record<string, string | boolean>;
  /** The names of its secrets that are set; never their values. */
  secretsSet: string[];
}

export interface PaymentProviderView {
  provider: string;
  apiBase: string;
  enabled: boolean;
}

/** A merchant as the back office edits it. */
export interface StaffMerchantView {
  code: string;
  name: string;
  defaultLanguage: LanguageCode;
  languages: LanguageCode[];
  currency: string;
  currencySymbol: string;
  currencyPosition: 'before' | 'after';
  /** Its home country (dialing code, the default of the phone field). */
  countryCode: string;
  /** The countries it serves, in the picker's order. */
  countries: string[];
  jurisdictionProfileId: string;
  /** Every profile it may choose. */
  jurisdictionProfiles: { id: string; name: string }[];
  domains: MerchantDomainView[];
  mainHost: string;
  maintenanceStart: string | null;
  maintenanceEnd: string | null;
  regionBlockedCidrs: string[];
  /** null: every region not blocked is allowed. */
  regionAllowedCidrs: string[] | null;
  flags: WhitelabelFlags;
  providers: MerchantProviderSettings;
  /** The names of `MERCHANT_SECRET_NAMES` that are set; never their values. */
  secretsSet: MerchantSecretName[];
  identityProviders: IdentityProviderView[];
  paymentProviders: PaymentProviderView[];
  template: MobileTemplate;
  updatedAt: string;
}
