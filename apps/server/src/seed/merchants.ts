import { CS_CHAT_PATH } from '@wps/contract/customerService';
import { systemIconUrl, type MobileTemplate, type ThemeColors } from '@wps/contract/system';
import type { MerchantPublicSettings } from '../db/json-types.js';
import type { merchants } from '../db/schema/index.js';
import { backgroundSvg, logoSvg } from '../services/games/artwork.js';
import { NO_SMS_PROVIDER } from '../services/merchants/settings.js';

export interface MerchantSeed {
  merchant: typeof merchants.$inferInsert;
  domains: { domain: string; listed: boolean }[];
  /** Country codes in picker order. */
  countries: string[];
}

const MAINTENANCE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function template(name: string, colors: ThemeColors, extra: Partial<MobileTemplate> = {}): MobileTemplate {
  return {
    h5_logo: logoSvg(name, colors),
    app_background: backgroundSvg(colors),
    app_desc: `${name}: lottery and games on your phone.`,
    app_desc_font_color: colors.text,
    login_prompt_text: null,
    // The front end only accepts https favicons and splashes; null lets the server's generated icon stand.
    favicon: null,
    splash: null,
    pwa: true,
    desktop_app_feature: false,
    apple_touch_icon: null,
    colors,
    ...extra,
  };
}

type Entry = MerchantPublicSettings['customerService'][number];

/**
 * Customer-service entries of the demo merchants (issue 16), in plain text here: the seed seals each
 * path with the key-encryption key as it writes the merchant (seed/index.ts). `CHAT` opens the
 * product's own chat (through CBS_launchChat); see the contract's customerService.ts for the values.
 */
function chatEntry(csPosition: Entry['csPosition'], labelIds: string[] = [], title?: string): Entry {
  const path = title === undefined ? CS_CHAT_PATH : `${CS_CHAT_PATH}?title=${encodeURIComponent(title)}`;
  return { path, csType: 'CHAT', csPosition, labelIds };
}

function publicSettings(extra: Partial<MerchantPublicSettings>): MerchantPublicSettings {
  return {
    description: null,
    gw: {},
    smsProvider: NO_SMS_PROVIDER,
    resources: [],
    customerService: [],
    promotions: { APP_DOWNLOAD: { enabled: false }, REFERRAL: { enabled: false } },
    promoCodeEnable: false,
    telegramSetting: null,
    imageCDNs: [],
    gameVendor: { mapping: {}, sorting: [], vendorSorting: {}, display: {}, ordinal: {}, allVendors: [] },
    ...extra,
  };
}

const AURORA_COLORS: ThemeColors = {
  primary: '#1d3a8a',
  primaryContrast: '#ffffff',
  background: '#0f1a3a',
  surface: '#17254d',
  text: '#f5f7ff',
  textMuted: '#aab4d4',
  accent: '#f5b531',
  accentContrast: '#111111',
};

const LOTUS_COLORS: ThemeColors = {
  primary: '#1f7a4d',
  primaryContrast: '#ffffff',
  background: '#f3faf6',
  surface: '#ffffff',
  text: '#12261b',
  textMuted: '#587062',
  // A deep pink: the accent is also link and active-tab text on Lotus's light background, where the
  // lighter #e8488a reached only 3.46:1 (WCAG AA asks 4.5:1).
  accent: '#c2185b',
  accentContrast: '#ffffff',
};

const ORBIT_COLORS: ThemeColors = {
  primary: '#5b2bd6',
  primaryContrast: '#ffffff',
  background: '#120d24',
  surface: '#1e1738',
  text: '#f2efff',
  textMuted: '#a59cc8',
  accent: '#2ed3c6',
  accentContrast: '#000000',
};

/** The demo merchants written into an empty database. `now` opens Orbit's maintenance window. */
export function demoMerchants(now: Date): MerchantSeed[] {
  return [
    {
      merchant: {
        code: 'aurora',
        name: 'Aurora Play',
        defaultLanguage: 'EN',
        // Hindi and Arabic members get their own catalogs, not English.
        languages: ['EN', 'CN', 'TW', 'TH', 'JA', 'KO', 'ID', 'HI', 'AR'],
        currency: 'PHP',
        currencySymbol: '₱',
        currencyPosition: 'before',
        countryCode: 'PH',
        jurisdictionProfileId: 'pagcor-like',
        flags: {
          MOBILEAUTOLOGIN3: true,
          LOGINCAPTCHA3: true,
          SMSCAPTCHA3: true,
          REGCAPTCHA3: true,
          MOBILENUMREG3: true,
          PWDEXPFORCECHANGE3: true,
          CBS3: true,
          // Social sign-in through the Firebase stand-in (seed/identity-providers.ts); a new sign-in
          // registers a member by itself.
          GOOGLELOGIN3: true,
          FACEBOOKLOGIN3: true,
          TWITTERLOGIN3: true,
          // LINE through its stand-in (seed/identity-providers.ts).
          LINELOGIN3: true,
          FIREBASECREATEACC3: true,
          SSOAUTOREG3: true,
        },
        template: template('Aurora Play', AURORA_COLORS, {
          login_prompt_text: 'Log in after installing to receive your ₱88 app bonus.',
        }),
        publicSettings: publicSettings({
          description: 'Aurora Play: lottery, slots and live games.',
          // The SMS captcha needs v4 (spec section 5).
          gw: { GEETEST_ID: 'demo-aurora-captcha-id', GEETEST_VERSION: 'v4', PROFILE_ICON_COUNT: 12 },
          resources: [
            {
              resourceType: 'Android',
              url: 'https://play.google.com/store/apps/details?id=com.example.auroraplay',
            },
            { resourceType: 'IOS', url: 'https://apps.apple.com/app/id0000000001' },
          ],
          // The product's own chat (issue 16): on the member page Gold members (VIP2) get the VIP
          // desk, others the unlabelled entry; the same in the header; everyone gets the floating button.
          customerService: [
            chatEntry('HOME', ['VIP2'], 'VIP desk'),
            chatEntry('HOME'),
            chatEntry('HEADER', ['VIP2'], 'VIP desk'),
            chatEntry('HEADER'),
            chatEntry('FLOATING'),
          ],
          promotions: { APP_DOWNLOAD: { enabled: true }, REFERRAL: { enabled: true } },
          promoCodeEnable: true,
          // Every demo vendor but the Vietnam lottery and the player-versus-player house (seed/games.ts).
          // SEA_LOTT has no ordinal of its own: it sits at the lottery's +5 (spec section 9). RNG's
          // explicit 250 puts the slots before LIVE (300 from its place in sorting); E-lottery is hidden.
          gameVendor: {
            mapping: {
              LOTT: 'Lottery',
              SEA_LOTT: 'SEA Lottery',
              SPORTS: 'Sports',
              LIVE: 'Live Casino',
              RNG: 'Slots',
              TABLE: 'Table Games',
              FISH: 'Fishing',
              CRASH: 'Crash',
              ARCADE: 'Arcade',
              ELOTT: 'E-Lottery',
            },
            sorting: ['LOTT', 'SPORTS', 'LIVE', 'RNG', 'TABLE', 'FISH', 'CRASH', 'ARCADE', 'ELOTT'],
            vendorSorting: {
              LOTT: ['PRISM_LOTTO', 'NOVA_LOTTO'],
              RNG: ['MOONSPIN', 'STARLIGHT'],
              LIVE: ['HALO_LIVE'],
            },
            display: { LOTT: true, RNG: true, LIVE: true, ELOTT: false },
            ordinal: { LOTT: 100, RNG: 250 },
            allVendors: [
              'NOVA_LOTTO',
              'PRISM_LOTTO',
              'TIDE_LOTTO',
              'PIXEL_ELOTT',
              'ARENA_SPORTS',
              'KICKOFF_SPORTS',
              'VELVET_LIVE',
              'HALO_LIVE',
              'STARLIGHT',
              'LUCKY_REELS',
              'MOONSPIN',
              'OAK_TABLE',
              'CORAL_FISH',
              'ROCKET_RUN',
              'NEON_ARCADE',
              'RETRO_ARCADE',
            ],
          },
        }),
        // No GEETEST_KEY: the demo uses the server's own slider captcha (services/captcha).
        secrets: {
          SMS_API_SECRET: 'aurora-sms-api-secret-demo',
          TRACKING_REPORT_TOKEN: 'aurora-report-token-demo',
        },
        // Referral (issue 15): both programs on in the backend, with their bonuses.
        promotionPrograms: [
          { code: 'REFERRAL', enabled: true, bonus: 50 },
          { code: 'APP_DOWNLOAD', enabled: true, bonus: 20 },
        ],
        mainHost: 'localhost',
      },
      domains: [
        { domain: 'localhost', listed: true },
        { domain: '127.0.0.1', listed: false },
        { domain: 'aurora.localhost', listed: true },
      ],
      countries: ['PH', 'SG', 'MY', 'TH', 'ID', 'JP', 'KR', 'HK', 'TW'],
    },
    {
      merchant: {
        code: 'lotus',
        name: 'Lotus Lotto',
        defaultLanguage: 'VI',
        languages: ['VI', 'EN', 'CN'],
        currency: 'VND',
        currencySymbol: '₫',
        currencyPosition: 'after',
        countryCode: 'VN',
        jurisdictionProfileId: 'mga-like',
        flags: {
          STARTGAMEINAPP3: true,
          TELEGRAMLOGIN3: true,
          // Google through the Firebase stand-in; a new sign-in asks (the confirm dialog: log in and
          // link, or register a linked account).
          GOOGLELOGIN3: true,
          FIREBASECREATEACC3: true,
          // Auto-login with no login captcha: a silent login needs no slider.
          MOBILEAUTOLOGIN3: true,
          LOGINCAPTCHA3: false,
          SMSCAPTCHA3: false,
          REGCAPTCHA3: false,
        },
        template: template('Lotus Lotto', LOTUS_COLORS, {
          login_prompt_text: 'Đăng nhập để chơi',
          app_desc: 'Lotus Lotto: xổ số và trò chơi ngay trên điện thoại.',
        }),
        publicSettings: publicSettings({
          description: 'Lotus Lotto: Vietnam lottery every day.',
          telegramSetting: { botId: '1000000001', authDomain: 'lotus.localhost' },
          // The member page and the header (its pages' floating spot is the widget's "Chat" button);
          // with the third-party widget on the page, a tap opens the widget.
          customerService: [chatEntry('HOME'), chatEntry('HEADER'), chatEntry('MAINTENANCE')],
          // A third-party chat widget too (issue 16): the local stand-in where stand-ins run.
          customerServiceScript: '/wps/dev/cs-widget.js',
          // The support chat is staffed on weekdays, 09:00 to 18:00 in Vietnam (issue 16).
          supportHours: {
            timeZone: 'Asia/Ho_Chi_Minh',
            days: [1, 2, 3, 4, 5],
            open: '09:00',
            close: '18:00',
          },
          promotions: { APP_DOWNLOAD: { enabled: false }, REFERRAL: { enabled: true } },
          promoCodeEnable: true,
          // Members are told to start games from the home-screen icon: the download bar offers it,
          // to logged-in members (spec section 4).
          downloadBar: {
            bannerImage: systemIconUrl(192, 'lotus'),
            loginRequired: true,
            hasVip: false,
            vipRankLevel: 0,
          },
          // The lotteries only, the Vietnam lottery first among them; no ordinals, so VN_LOTT and
          // SEA_LOTT take the lottery's +1 and +5 (spec section 9).
          gameVendor: {
            mapping: {
              LOTT: 'Xổ số',
              VN_LOTT: 'Xổ số Việt Nam',
              SEA_LOTT: 'Xổ số Đông Nam Á',
              ELOTT: 'Xổ số điện tử',
            },
            sorting: ['LOTT', 'ELOTT'],
            vendorSorting: { LOTT: ['NOVA_LOTTO'] },
            display: { LOTT: true, VN_LOTT: true, SEA_LOTT: true, ELOTT: true },
            ordinal: {},
            allVendors: ['TCG_LOTTO_VN', 'NOVA_LOTTO', 'TIDE_LOTTO', 'PIXEL_ELOTT'],
          },
        }),
        secrets: { TELEGRAM_BOT_TOKEN: 'lotus-telegram-bot-token-demo' },
        // Referral on in the settings but off in the backend: the referral page opens customer service.
        promotionPrograms: [{ code: 'REFERRAL', enabled: false, bonus: null }],
        mainHost: 'lotus.localhost',
      },
      domains: [{ domain: 'lotus.localhost', listed: true }],
      countries: ['VN'],
    },
    {
      merchant: {
        code: 'orbit',
        name: 'Orbit Games',
        defaultLanguage: 'AR',
        languages: ['AR', 'EN'],
        currency: 'USD',
        currencySymbol: '$',
        currencyPosition: 'before',
        countryCode: 'AE',
        jurisdictionProfileId: 'curacao-like',
        flags: {
          GOOGLELOGIN3: true,
          LOGINCAPTCHA3: true,
          REGCAPTCHA3: true,
          MOBILENUMREG3: true,
          MOBILENUMPWD3: true,
        },
        template: template('Orbit Games', ORBIT_COLORS, {
          app_desc: 'أوربت: ألعاب الأركيد والطاولة على هاتفك.',
          login_prompt_text: 'سجل الدخول بعد التثبيت لتحصل على مكافأتك.',
        }),
        publicSettings: publicSettings({
          description: 'Orbit Games: arcade, crash and table games.',
          // The member page, and the maintenance page's Contact Us (orbit is in a maintenance window):
          // the support chat stays open during maintenance (issue 16).
          customerService: [chatEntry('HOME'), chatEntry('MAINTENANCE')],
          promoCodeEnable: true,
          // A few vendors, ordered by sorting alone (no ordinals, no titles for PVP: its code shows).
          gameVendor: {
            mapping: { ARCADE: 'أركيد', CRASH: 'كراش', TABLE: 'طاولة' },
            sorting: ['ARCADE', 'CRASH', 'TABLE', 'PVP'],
            vendorSorting: {},
            display: {},
            ordinal: {},
            allVendors: ['NEON_ARCADE', 'ROCKET_RUN', 'OAK_TABLE', 'DUEL_HOUSE'],
          },
        }),
        secrets: { ORBIT_API_SECRET: 'orbit-api-secret-demo' },
        maintenanceStart: now,
        maintenanceEnd: new Date(now.getTime() + MAINTENANCE_DAYS * DAY_MS),
        mainHost: 'orbit.localhost',
      },
      domains: [{ domain: 'orbit.localhost', listed: true }],
      countries: ['AE', 'SA', 'EG', 'US'],
    },
  ];
}
