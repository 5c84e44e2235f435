import { allFlagsOff, isWhitelabelFlag, type WhitelabelFlags } from '@wps/contract/flags';
import { DEFAULT_GEETEST_VERSION, DEFAULT_PROFILE_ICON_COUNT } from '@wps/contract/constants';
import { LINE_AUTHORIZE_URL, LINE_STAND_IN } from '@wps/contract/socialProviders';
import type {
  CommonSettings,
  Country,
  CustomerServiceEntry,
  GatewaySettings,
  SmsProviderSettings,
} from '@wps/contract/system';
import type { Merchant } from './repository.js';
import { publicTemplate } from './theme.js';
import { withWebClipProfile } from './webclip.js';

/** A merchant with no SMS or Firebase sign-in configured (a new merchant's, the seeds' without one). */
export const NO_SMS_PROVIDER: SmsProviderSettings = {
  firebase: false,
  appId: null,
  apiKey: null,
  authDomain: null,
  projectId: null,
  messagingSenderId: null,
  vapidKey: null,
  facebookAppId: null,
  googleWebClientId: null,
};

/** Every flag present: the stored ones laid over all-off; unknown names and non-booleans dropped. */
export function completeFlags(stored: Record<string, unknown>): WhitelabelFlags {
  const flags = allFlagsOff();
  for (const [name, value] of Object.entries(stored)) {
    if (isWhitelabelFlag(name) && typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}

function gateway(stored: Partial<GatewaySettings>): GatewaySettings {
  return {
    GEETEST_ID: stored.GEETEST_ID ?? null,
    GEETEST_VERSION: stored.GEETEST_VERSION ?? DEFAULT_GEETEST_VERSION,
    LINE_CLIENT_ID: stored.LINE_CLIENT_ID ?? null,
    ...(stored.LINE_AUTHORIZE_URL === undefined ? {} : { LINE_AUTHORIZE_URL: stored.LINE_AUTHORIZE_URL }),
    VOLUUM_DOMAIN: stored.VOLUUM_DOMAIN ?? null,
    PROFILE_ICON_COUNT: stored.PROFILE_ICON_COUNT ?? DEFAULT_PROFILE_ICON_COUNT,
    ...(stored.TOKEN_SYNC_URL === undefined ? {} : { TOKEN_SYNC_URL: stored.TOKEN_SYNC_URL }),
    ...(stored.DEVICE_ID_IFRAME_URL === undefined
      ? {}
      : { DEVICE_ID_IFRAME_URL: stored.DEVICE_ID_IFRAME_URL }),
  };
}

/**
 * The public configs of a merchant's enabled identity providers (merchant_identity_providers), and
 * whether this server runs the providers' stand-ins (docs/social-sign-in.md).
 */
export interface PublicIdentityProviders {
  configs: Partial<Record<'firebase' | 'line' | 'telegram' | 'maya', Record<string, unknown>>>;
  standIns: boolean;
}

function text(config: Record<string, unknown>, name: string): string | null {
  const value = config[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** smsProvider with the Firebase row's public fields, named one by one (nothing else of the row). */
function smsProviderOf(stored: SmsProviderSettings, identity: PublicIdentityProviders): SmsProviderSettings {
  const firebase = identity.configs.firebase;
  if (firebase === undefined) return stored;
  const standIn = firebase.standIn === true && identity.standIns;
  return {
    ...stored,
    firebase: firebase.phoneAuth === true,
    appId: text(firebase, 'appId'),
    apiKey: text(firebase, 'apiKey'),
    authDomain: text(firebase, 'authDomain'),
    projectId: text(firebase, 'projectId'),
    messagingSenderId: text(firebase, 'messagingSenderId') ?? stored.messagingSenderId,
    ...(standIn ? { standIn: true } : {}),
  };
}

function telegramOf(
  stored: CommonSettings['telegramSetting'],
  identity: PublicIdentityProviders,
): CommonSettings['telegramSetting'] {
  const telegram = identity.configs.telegram;
  if (telegram === undefined) return stored;
  const botId = text(telegram, 'botId');
  const authDomain = text(telegram, 'authDomain');
  return botId === null || authDomain === null ? null : { botId, authDomain };
}

/** Where the browser starts a LINE sign-in: the stand-in's page, the row's `authorizeUrl`, or LINE's. */
function lineAuthorizeUrl(identity: PublicIdentityProviders): string {
  const line = identity.configs.line ?? {};
  if (line.standIn === true && identity.standIns) return LINE_STAND_IN.authorizePath;
  const configured = text(line, 'authorizeUrl');
  return configured !== null && configured.startsWith('https://') ? configured : LINE_AUTHORIZE_URL;
}

const NO_IDENTITY_PROVIDERS: PublicIdentityProviders = { configs: {}, standIns: false };

/** The settings call's answer. Built field by field so nothing stored slips through unnamed. */
export function buildCommonSettings(
  merchant: Merchant,
  countries: Country[],
  home: Country | null,
  identity: PublicIdentityProviders = NO_IDENTITY_PROVIDERS,
  /** The customer-service entries, opened and checked (customer-service/entries.ts); none by default. */
  customerService: CustomerServiceEntry[] = [],
  /** The minimum age of the merchant's jurisdiction profile (issue 29); absent: no footer facts. */
  minAge?: number,
  /** The age check and the current terms version of issue 29; absent: not named. */
  registration: Pick<CommonSettings, 'ageCheck' | 'termsVersion'> = {},
): CommonSettings {
  const flags = completeFlags(merchant.flags);
  const settings = merchant.settings;
  const lineChannel = identity.configs.line === undefined ? null : text(identity.configs.line, 'channelId');
  return {
    merchantCode: merchant.code,
    merchantName: merchant.name,
    mainHost: merchant.mainHost,
    defaultLanguage: merchant.defaultLanguage,
    languages: merchant.languages,
    register: { captcha: { enabled: flags.REGCAPTCHA3 } },
    whitelabelVal: flags,
    imageCDNs: settings.imageCDNs,
    smsProvider: smsProviderOf(settings.smsProvider, identity),
    gw: gateway(
      lineChannel === null
        ? settings.gw
        : { ...settings.gw, LINE_CLIENT_ID: lineChannel, LINE_AUTHORIZE_URL: lineAuthorizeUrl(identity) },
    ),
    resources: withWebClipProfile(settings.resources, merchant.code),
    mobileTemplate: publicTemplate(merchant.template),
    customerService,
    countries,
    countryCode: merchant.countryCode,
    countryDialingCode: home?.dialingCode ?? '',
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    currencyPosition: merchant.currencyPosition,
    gameVendor: settings.gameVendor,
    promotions: settings.promotions,
    promoCodeEnable: settings.promoCodeEnable,
    telegramSetting: telegramOf(settings.telegramSetting, identity),
    ...(settings.downloadBar ? { downloadBar: settings.downloadBar } : {}),
    ...(settings.adPixels ? { adPixels: settings.adPixels } : {}),
    // Named, not the stored object: only the two fields the footer shows go out.
    ...(minAge === undefined
      ? {}
      : {
          trust: {
            minAge,
            licence: settings.licence
              ? { authority: settings.licence.authority, number: settings.licence.number }
              : null,
          },
        }),
    ...registration,
  };
}

/**
 * The settings answer of each merchant, built once and kept for `ttlMs` while the merchant is the
 * very object the directory hands out: a merchant the directory reloaded (changed or not) builds it
 * anew, so the answer is never older than the directory's own TTL plus this one. Concurrent misses
 * share one build; a failed build is not kept. A TTL of 0 builds on every call (tests that edit a
 * merchant between calls).
 */
export class CommonSettingsCache {
  private readonly entries = new Map<
    number,
    { merchant: Merchant; settings: Promise<CommonSettings>; expiresAt: number }
  >();

  constructor(
    private readonly build: (merchant: Merchant) => Promise<CommonSettings>,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(merchant: Merchant): Promise<CommonSettings> {
    const now = this.now();
    const entry = this.entries.get(merchant.id);
    if (entry !== undefined && entry.merchant === merchant && now < entry.expiresAt) return entry.settings;
    const settings = this.build(merchant);
    if (this.ttlMs <= 0) return settings;
    // One entry per merchant id, so the map is as big as the merchants table.
    this.entries.set(merchant.id, { merchant, settings, expiresAt: now + this.ttlMs });
    settings.catch(() => {
      if (this.entries.get(merchant.id)?.settings === settings) this.entries.delete(merchant.id);
    });
    return settings;
  }
}
