import { SessionKeyPath } from './encryption.js';
import { GameRelayPath } from './games.js';
import { SystemPath } from './system.js';

/**
 * The request rules every /wps call follows (spec sections 6, 7 and 9): header names, which paths
 * go without a login token, which never carry Authorization, which the client caches, and the few
 * numbers of the transport that section 9 does not list.
 */

/** Request headers of every /wps call (spec section 7). */
export const TransportHeader = {
  merchant: 'Merchant',
  language: 'Language',
  /** The session token as-is, no scheme (`Authorization: {token}`). */
  authorization: 'Authorization',
  /** The browser's user agent (a WebView or proxy may rewrite `User-Agent`). */
  realUserAgent: 'X-Real-UA',
  moduleId: 'ModuleId',
} as const;

/** Session calls. */
export const SessionPath = {
  login: '/wps/session/login',
  loginVerification: '/wps/session/login/verification',
  loginMaya: '/wps/session/login/maya',
  loginLine: '/wps/session/login/line',
  loginTelegram: '/wps/session/login/telegram',
  key: SessionKeyPath,
} as const;

/** Member calls. */
export const MemberPath = {
  register: '/wps/member/register',
  registerMobile: '/wps/member/register/mobile',
  registerAutoUsername: '/wps/member/register/autoUsername',
  passwordResetEmail: '/wps/member/password/reset/email',
  passwordResetSms: '/wps/member/password/reset/sms',
  info: '/wps/member/info',
  language: '/wps/member/language',
} as const;

export const CaptchaPath = { geetest: '/wps/captcha/geetest' } as const;

export const VerificationPath = { smsNoLogin: '/wps/verification/sms/noLogin' } as const;

export const GamePath = { launchGame: '/wps/game/launchGame' } as const;

/** System calls outside `SystemPath` and `SystemExtraPath`. */
export const SystemMiscPath = {
  location: '/wps/system/location',
  ping: '/wps/system/test/ping',
} as const;

/** Relay calls (spec section 7: "the relay calls sit under /wps/relay/"). */
export const RelayPath = {
  affiliate: '/wps/relay/affiliate',
  availablePromotions: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
  /** The app-download announcements (types PR, platform M, category app_download) and other lists. */
  listAnnouncements: GameRelayPath.announcements,
  gameList: GameRelayPath.gameList,
  hotGames: GameRelayPath.hotGames,
  gameVendor: GameRelayPath.gameVendor,
  newGameVendor: GameRelayPath.newGameVendor,
  gameTrialLaunch: GameRelayPath.trialLaunch,
  /** The logged-in member's VIP rank progress (PlayerRankProgress). */
  playerRankProgress: '/wps/relay/MCSFE_getPlayerRankProgress',
  /** The logged-in member's unread customer-service messages (UnreadCount). */
  unreadCount: '/wps/relay/CBS_unreadCount',
} as const;

/** The game list: its own, lower concurrency limit. */
export const GAME_LIST_PATH = RelayPath.gameList;

/**
 * Paths sent without a login token even when the member is logged in (spec section 6): the session
 * login (every variant: a login never carries an older token), registration, captcha, system settings, status, domain route, SMS verification, password
 * reset by email or SMS, and the affiliate call.
 */
export const NO_TOKEN_PATHS: readonly string[] = [
  SessionPath.login,
  SessionPath.loginVerification,
  SessionPath.loginMaya,
  SessionPath.loginLine,
  SessionPath.loginTelegram,
  MemberPath.register,
  MemberPath.registerMobile,
  MemberPath.registerAutoUsername,
  CaptchaPath.geetest,
  SystemPath.settings,
  SystemPath.status,
  SystemPath.domainRoute,
  VerificationPath.smsNoLogin,
  MemberPath.passwordResetEmail,
  MemberPath.passwordResetSms,
  RelayPath.affiliate,
];

/**
 * Calls that never carry Authorization, whatever the caller asks (spec section 6): the available
 * promotions, the app-download announcements and the session key.
 */
export const UNAUTHORIZED_PATHS: readonly string[] = [
  RelayPath.availablePromotions,
  RelayPath.listAnnouncements,
  SessionPath.key,
];

/**
 * GET answers the client keeps in its expiring cache (spec section 6), keyed by path and query,
 * language and merchant: location, country, domain route, game lists and announcement lists.
 */
export const CACHED_PATHS: readonly string[] = [
  SystemMiscPath.location,
  SystemPath.country,
  SystemPath.domainRoute,
  RelayPath.gameList,
  RelayPath.hotGames,
  RelayPath.gameVendor,
  RelayPath.newGameVendor,
  RelayPath.listAnnouncements,
  GameRelayPath.gameMatches,
  GameRelayPath.rankList,
  GameRelayPath.banners,
  GameRelayPath.popupAnnouncement,
];

/** The path of a URL or path-with-query, without query or fragment. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  const withoutQuery = end < 0 ? url : url.slice(0, end);
  const scheme = withoutQuery.indexOf('://');
  if (scheme < 0) return withoutQuery;
  const slash = withoutQuery.indexOf('/', scheme + 3);
  return slash < 0 ? '/' : withoutQuery.slice(slash);
}

export const isNoTokenPath = (path: string): boolean => NO_TOKEN_PATHS.includes(pathOf(path));
export const isUnauthorizedPath = (path: string): boolean => UNAUTHORIZED_PATHS.includes(pathOf(path));
export const isCachedPath = (path: string): boolean => CACHED_PATHS.includes(pathOf(path));

/** The token an `Authorization` header carries: the bare token, or a `Bearer` one; null when empty. */
export function tokenFromAuthorization(value: string | undefined | null): string | null {
  const token = value?.replace(/^Bearer\s+/i, '').trim() ?? '';
  return token === '' ? null : token;
}

/** The constants/settings call refreshes when the tab becomes visible again, debounced (spec section 7). */
export const SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS = 300;

/** The network-error toast is cleared each second, up to 3 times (spec section 8). */
export const NETWORK_TOAST_SWEEP = { intervalMs: 1_000, times: 3 } as const;

/** A POST refused with `encryption_unknown_key` is sealed again with a fresh key and retried this often. */
export const ENCRYPTION_KEY_RETRIES = 1;
