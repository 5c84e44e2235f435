/** Front-end paths and the route rules of spec section 2 that both the app and the server need. */
import type { LegalKind } from './trust.js';

export const BASE_PATH = '/m/';

export const AppPath = {
  home: '/m/home',
  login: '/m/login',
  register: '/m/register',
  registerHtml: '/m/register.html',
  index: '/m/index',
  indexHtml: '/m/index.html',
  game: '/m/game',
  memberHome: '/m/member/home',
  memberInbox: '/m/member/inbox',
  memberSettings: '/m/member/settings',
  changePassword: '/m/changePsw',
  launchGame: '/m/launchGame',
  inviteFriends: '/m/inviteFriends',
  agentRegister: '/m/agentRegister',
  activity: '/m/activity',
  feedback: '/m/feedback',
  /** The cashier (issue 28): deposit, withdraw, and the history of the member's money. */
  deposit: '/m/deposit',
  withdraw: '/m/withdraw',
  transactions: '/m/transactions',
  /** The member's limits, reality check, time-out and self-exclusion (issue 29). */
  responsibleGaming: '/m/responsible-gaming',
  /** The support chat (CBS_launchChat: b2c, title, backUrl, language); visitors too. */
  supportChat: '/m/supportChat',
  sports: '/m/sports',
  live: '/m/live',
  rng: '/m/rng',
  table: '/m/table',
  fish: '/m/fish',
  pvp: '/m/pvp',
  crash: '/m/crash',
  arcade: '/m/arcade',
  elott: '/m/elott',
  news: '/m/news',
  download: '/m/download',
  app: '/m/app',
} as const;
export type AppPath = (typeof AppPath)[keyof typeof AppPath];

/** A merchant's legal page (issue 29): one screen for every kind, the kind in the path. */
export function legalPath(kind: LegalKind): `/m/legal/${LegalKind}` {
  return `/m/legal/${kind}`;
}

/** The legal pages' paths, each a page of its own for the server (its shell, its preloaded screen). */
const LEGAL_SCREENS = {
  '/m/legal/terms': 'Legal',
  '/m/legal/privacy': 'Legal',
  '/m/legal/responsible-gaming': 'Legal',
  '/m/legal/licence': 'Legal',
  '/m/legal/cookies': 'Legal',
} as const satisfies Record<`/m/legal/${LegalKind}`, 'Legal'>;

/** Every path the app answers (the server's SPA fallback serves index.html for these). */
export const APP_PATHS: readonly string[] = ['/m/', ...Object.values(AppPath), ...Object.keys(LEGAL_SCREENS)];

/** Routes that need a session (a token from the query or the stored session). */
export const PROTECTED_PATHS: readonly string[] = [
  AppPath.memberHome,
  AppPath.memberInbox,
  AppPath.memberSettings,
  AppPath.changePassword,
  AppPath.launchGame,
  AppPath.agentRegister,
  AppPath.deposit,
  AppPath.withdraw,
  AppPath.transactions,
  AppPath.responsibleGaming,
];

/** Search engines may index only these paths, only on the merchant's main host, with at most 2 slashes. */
export const INDEXABLE_PATHS: readonly string[] = [
  '/m/',
  AppPath.index,
  AppPath.indexHtml,
  AppPath.home,
  AppPath.login,
  AppPath.register,
  AppPath.sports,
  AppPath.live,
  AppPath.rng,
  AppPath.table,
  AppPath.fish,
  AppPath.pvp,
  AppPath.crash,
  AppPath.arcade,
  AppPath.elott,
  AppPath.activity,
  AppPath.news,
  AppPath.download,
  AppPath.app,
];

/** Tracking and referral query parameters kept across every in-app navigation. */
export const KEPT_QUERY_PARAMS = [
  'affiliateCode',
  'referralCode',
  'r',
  'inApp',
  'fullscreen',
  'from',
  'fbclid',
  'gclid',
  'ttclid',
  'kwaiclid',
  'bbg',
  'isBgeTest',
  'cid',
  'kw',
] as const;

/** Ad-tracking query parameters read on arrival, with the field of the stored ad-tracking info. */
export const AD_TRACKING_PARAMS = {
  ad_app_token: 'adAppToken',
  gps_adid: 'gpsAdid',
  adid: 'adid',
  af_app_id: 'afAppId',
  appsflyer_id: 'appsflyerId',
  advertising_id: 'afAdvertisingId',
  oaid: 'afOaid',
  idfa: 'idfa',
  idfv: 'idfv',
} as const;

/** Query parameters that carry a credential: read once, then removed from the address bar and every URL. */
export const SENSITIVE_QUERY_PARAMS = ['token', 'tokens', 'authorization'] as const;

/** Query parameters that suppress auto-login. */
export const AUTO_LOGIN_SUPPRESSING_PARAMS = ['redirectUrl', 'backUrl'] as const;

/**
 * The screen each app path shows: the web route table renders these, and the server preloads the
 * screen's chunk with the page so the first screen does not wait for a second round trip.
 */
export const SCREEN_FOR_PATH = {
  '/m/': 'Home',
  [AppPath.home]: 'Home',
  [AppPath.index]: 'Home',
  [AppPath.indexHtml]: 'Home',
  [AppPath.login]: 'Login',
  [AppPath.register]: 'Register',
  [AppPath.registerHtml]: 'Register',
  [AppPath.game]: 'Game',
  [AppPath.memberHome]: 'MemberHome',
  [AppPath.memberInbox]: 'Inbox',
  [AppPath.memberSettings]: 'MemberSettings',
  [AppPath.changePassword]: 'ChangePassword',
  [AppPath.launchGame]: 'LaunchGame',
  [AppPath.inviteFriends]: 'InviteFriends',
  [AppPath.agentRegister]: 'AgentRegister',
  [AppPath.activity]: 'Activity',
  [AppPath.feedback]: 'Feedback',
  [AppPath.deposit]: 'Deposit',
  [AppPath.withdraw]: 'Withdraw',
  [AppPath.transactions]: 'Transactions',
  [AppPath.responsibleGaming]: 'ResponsibleGaming',
  [AppPath.supportChat]: 'SupportChat',
  [AppPath.sports]: 'Category',
  [AppPath.live]: 'Category',
  [AppPath.rng]: 'Category',
  [AppPath.table]: 'Category',
  [AppPath.fish]: 'Category',
  [AppPath.pvp]: 'Category',
  [AppPath.crash]: 'Category',
  [AppPath.arcade]: 'Category',
  [AppPath.elott]: 'Category',
  [AppPath.news]: 'News',
  [AppPath.download]: 'Download',
  [AppPath.app]: 'Download',
  ...LEGAL_SCREENS,
} as const satisfies Record<string, string>;

export type ScreenName = (typeof SCREEN_FOR_PATH)[keyof typeof SCREEN_FOR_PATH] | 'NotFound';

/** The source module of a screen, as the web build's manifest names it. */
export function screenModuleSource(screen: ScreenName): string {
  return `src/screens/${screen}/${screen}Screen.tsx`;
}

/** The source module of a language's catalog, as the web build's manifest names it. */
export function catalogModuleSource(language: string): string {
  return `src/i18n/catalogs/${language.toLowerCase()}.json`;
}
