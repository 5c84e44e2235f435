import { allFlagsOff, type WhitelabelFlag } from '@wps/contract/flags';
import type { CommonSettings } from '@wps/contract/system';
import { settingsStore } from '@/state/settings';

/** Common settings of a test merchant, with the given whitelabel flags on. */
export function testSettings(flagsOn: WhitelabelFlag[] = []): CommonSettings {
  const whitelabelVal = allFlagsOff();
  for (const flag of flagsOn) whitelabelVal[flag] = true;
  const none = null;
  return {
    merchantCode: 'aurora',
    merchantName: 'Aurora Play',
    mainHost: 'localhost',
    defaultLanguage: 'EN',
    languages: ['EN'],
    register: { captcha: { enabled: flagsOn.includes('REGCAPTCHA3') } },
    whitelabelVal,
    imageCDNs: [],
    smsProvider: {
      firebase: false,
      appId: none,
      apiKey: none,
      authDomain: none,
      projectId: none,
      messagingSenderId: none,
      vapidKey: none,
      facebookAppId: none,
      googleWebClientId: none,
    },
    gw: {
      GEETEST_ID: none,
      GEETEST_VERSION: 'v4',
      LINE_CLIENT_ID: none,
      VOLUUM_DOMAIN: none,
      PROFILE_ICON_COUNT: 9,
    },
    resources: [],
    mobileTemplate: {
      h5_logo: none,
      app_background: none,
      app_desc: none,
      app_desc_font_color: none,
      login_prompt_text: none,
      favicon: none,
      splash: none,
      pwa: false,
      desktop_app_feature: false,
      apple_touch_icon: none,
      colors: {
        primary: '#123',
        primaryContrast: '#fff',
        background: '#000',
        surface: '#111',
        text: '#fff',
        textMuted: '#ccc',
        accent: '#fc0',
        accentContrast: '#000',
      },
    },
    customerService: [],
    countries: [{ code: 'PH', name: 'Philippines', dialingCode: '63' }],
    countryCode: 'PH',
    countryDialingCode: '63',
    currency: 'PHP',
    currencySymbol: '₱',
    currencyPosition: 'before',
    gameVendor: { mapping: {}, sorting: [], vendorSorting: {}, display: {}, ordinal: {}, allVendors: [] },
    promotions: { APP_DOWNLOAD: { enabled: false }, REFERRAL: { enabled: false } },
    promoCodeEnable: false,
    telegramSetting: null,
  };
}

export function applyTestSettings(flagsOn: WhitelabelFlag[] = []): void {
  settingsStore.set({ status: 'ready', settings: testSettings(flagsOn) });
}
