import type { CsPosition, CsType } from './customerService.js';
import type { WhitelabelFlags } from './flags.js';
import type { ALL_LANGUAGES } from './languages.js';
import type { TrustSettings } from './trust.js';

/**
 * System resources: fetched by the browser itself (the manifest link, icons), not through the
 * client, so they answer the file rather than the envelope and sit outside the endpoint table.
 */
export const SystemResourcePath = {
  manifest: '/wps/system/manifest.json',
  iconPrefix: '/wps/system/icon/',
  /** The per-merchant iOS web-clip profile (the MOBILECONFIG download resource). */
  webClipProfile: '/wps/system/webclip.mobileconfig',
} as const;

// ---- GET /wps/v2/system/status ---------------------------------------------------------------

export interface SystemStatus {
  maintenance: boolean;
  /** ISO 8601 end of the current maintenance window, null when none or open-ended. */
  maintenanceEnd: string | null;
  regionRestriction: boolean;
  /** The caller's address as the server sees it. */
  ip: string;
  merchantCode: string;
}

/** The data of a domain_not_available failure. */
export interface DomainNotAvailableData {
  domain: string;
  /** The operator's official site (https), when the server names one: the popup's way out. */
  officialUrl?: string;
}

// ---- GET /wps/system/manifest.json -----------------------------------------------------------

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

export interface RelatedApplication {
  platform: 'play' | 'itunes' | 'webapp';
  url: string;
  id?: string;
}

/** The web app manifest (answered bare, not in the envelope: browsers read it directly). */
export interface WebManifest {
  name: string;
  short_name: string;
  description?: string;
  start_url: string;
  scope: string;
  display: 'standalone' | 'fullscreen' | 'minimal-ui' | 'browser';
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
  related_applications: RelatedApplication[];
  prefer_related_applications: boolean;
}

// ---- GET /wps/system/country -----------------------------------------------------------------

export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** Dialing code without the plus sign, e.g. "63". */
  dialingCode: string;
}

// ---- GET /wps/system/domainRoute -------------------------------------------------------------

export interface DomainRoute {
  domainList: string[];
}

// ---- the settings call (common store) ---------------------------------------------------------

export interface ThemeColors {
  primary: string;
  /** Text drawn on `primary`. When a merchant stores none: black or white, whichever contrasts more. */
  primaryContrast: string;
  background: string;
  surface: string;
  text: string;
  textMuted: string;
  accent: string;
  /** Text drawn on `accent` (accent buttons, badges, the skip link); defaulted like `primaryContrast`. */
  accentContrast: string;
}

export interface MobileTemplate {
  h5_logo: string | null;
  app_background: string | null;
  app_desc: string | null;
  app_desc_font_color: string | null;
  login_prompt_text: string | null;
  favicon: string | null;
  splash: string | null;
  pwa: boolean;
  desktop_app_feature: boolean;
  apple_touch_icon: string | null;
  colors: ThemeColors;
}

export type DownloadResourceType = 'IOS' | 'MOBILECONFIG' | 'Android' | 'AppDownloadIcon';
export interface DownloadResource {
  resourceType: DownloadResourceType;
  url: string;
}

/**
 * A customer-service entry (spec section 3). Stored with its path sealed by the server's
 * key-encryption key; the settings answer carries the opened, checked path. The values of `csType`
 * and `csPosition` are documented in `customerService.ts`.
 */
export interface CustomerServiceEntry {
  /** The chat's in-app address or the support link (at rest: sealed). */
  path: string;
  csType: CsType;
  csPosition: CsPosition;
  /** VIP labels that see this entry; empty: members without an entry of their label, and visitors. */
  labelIds: string[];
}

export interface SmsProviderSettings {
  firebase: boolean;
  appId: string | null;
  apiKey: string | null;
  authDomain: string | null;
  projectId: string | null;
  messagingSenderId: string | null;
  vapidKey: string | null;
  facebookAppId: string | null;
  googleWebClientId: string | null;
  /**
   * The product's own (issue 14): sign in through the reference server's Firebase stand-in
   * (`FIREBASE_STAND_IN`) instead of the Firebase SDK. Development and e2e only; absent otherwise.
   */
  standIn?: boolean;
}

export interface GatewaySettings {
  GEETEST_ID: string | null;
  GEETEST_VERSION: 'v3' | 'v4';
  LINE_CLIENT_ID: string | null;
  /**
   * The product's own (issue 14): where the browser starts a LINE sign-in. LINE's
   * (`LINE_AUTHORIZE_URL` of socialProviders.ts) unless the merchant uses the stand-in
   * (`LINE_STAND_IN.authorizePath`); absent without LINE.
   */
  LINE_AUTHORIZE_URL?: string;
  VOLUUM_DOMAIN: string | null;
  PROFILE_ICON_COUNT: number;
  /** Issue 17: the same-origin path of the token-sync request (POST with a Bearer token, DELETE on sign-out). */
  TOKEN_SYNC_URL?: string;
  /** Issue 17: the https page of the device-id iframe (loaded once, not in the app shell or Safari). */
  DEVICE_ID_IFRAME_URL?: string;
}

export interface GameVendorSettings {
  mapping: Record<string, string>;
  sorting: string[];
  vendorSorting: Record<string, string[]>;
  display: Record<string, boolean>;
  ordinal: Record<string, number>;
  allVendors: string[];
}

export interface CommonSettings {
  merchantCode: string;
  merchantName: string;
  /** The host where search engines may index (spec section 2). */
  mainHost: string;
  defaultLanguage: (typeof ALL_LANGUAGES)[number];
  languages: (typeof ALL_LANGUAGES)[number][];
  register: { captcha: { enabled: boolean } };
  whitelabelVal: WhitelabelFlags;
  imageCDNs: string[];
  smsProvider: SmsProviderSettings;
  gw: GatewaySettings;
  resources: DownloadResource[];
  mobileTemplate: MobileTemplate;
  customerService: CustomerServiceEntry[];
  countries: Country[];
  countryCode: string;
  countryDialingCode: string;
  currency: string;
  currencySymbol: string;
  currencyPosition: 'before' | 'after';
  gameVendor: GameVendorSettings;
  promotions: { APP_DOWNLOAD: { enabled: boolean }; REFERRAL: { enabled: boolean } };
  promoCodeEnable: boolean;
  telegramSetting: { botId: string; authDomain: string } | null;
  /** The download bar (spec section 4); absent: no bar. */
  downloadBar?: DownloadBarSettings;
  /** Issue 17: the merchant's ad-platform pixels (public ids); absent: none loaded. */
  adPixels?: AdPixels;
  /** Issue 29: the footer's age badge (the jurisdiction's minimum age) and licence line. */
  trust?: TrustSettings;
  /** How registration asks for the age (issue 29): a confirmation tick box or the date of birth; the
   * minimum age is the one `trust.minAge` names (the footer's badge), never a second copy. */
  ageCheck?: 'confirm' | 'date_of_birth';
  /** The current terms version a registration accepts; 0: the merchant publishes no terms. */
  termsVersion?: number;
}

/** Ad-platform pixel ids a merchant configures; each loads its platform's tag after the first paint. */
export interface AdPixels {
  meta?: string;
  tiktok?: string;
  /** A Google tag id (G-…, AW-…). */
  gtag?: string;
}

/** The origins each pixel's tag loads from and reports to (added to that merchant's CSP only). */
export const AD_PIXEL_ORIGINS: Readonly<Record<keyof AdPixels, { script: string[]; connect: string[] }>> = {
  meta: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com'] },
  tiktok: { script: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'] },
  gtag: {
    script: ['https://www.googletagmanager.com'],
    connect: [
      'https://www.google-analytics.com',
      'https://region1.google-analytics.com',
      'https://www.googletagmanager.com',
    ],
  },
};

/** The download bar's merchant settings: its banner and who may see it. */
export interface DownloadBarSettings {
  /** The banner image; without one the bar is not shown. */
  bannerImage: string | null;
  /** Shown only to a logged-in member. */
  loginRequired: boolean;
  /** Shown only from the VIP rank `vipRankLevel` up. */
  hasVip: boolean;
  vipRankLevel: number;
}

// ---- added with the reference server -----------------------------------------------------------

/** Sizes of the generated icons: 180 the apple-touch-icon, 192 and 512 the manifest icons. */
export const APP_ICON_SIZES = [180, 192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];

export function systemIconUrl(size: AppIconSize, merchantCode: string): string {
  return `${SystemResourcePath.iconPrefix}${size}.png?merchantCode=${encodeURIComponent(merchantCode)}`;
}

export function webClipProfileUrl(merchantCode: string): string {
  return `${SystemResourcePath.webClipProfile}?merchantCode=${encodeURIComponent(merchantCode)}`;
}

export function manifestUrl(merchantCode: string): string {
  return `${SystemResourcePath.manifest}?merchantCode=${encodeURIComponent(merchantCode)}`;
}

/** The largest request body any /wps call accepts. */
export const WPS_BODY_LIMIT_BYTES = 64 * 1024;

/** The largest `value` of a collect beacon, measured as UTF-8 JSON. */
export const COLLECT_VALUE_MAX_BYTES = 8 * 1024;

/** The CSS custom property of each theme colour; the server paints them into the HTML shell. */
export const THEME_CSS_VARIABLES: Record<keyof ThemeColors, string> = {
  primary: '--color-primary',
  primaryContrast: '--color-primary-contrast',
  background: '--color-background',
  surface: '--color-surface',
  text: '--color-text',
  textMuted: '--color-text-muted',
  accent: '--color-accent',
  accentContrast: '--color-accent-contrast',
};

/** Colours the server accepts for a theme: #rgb, #rrggbb or #rrggbbaa. */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
