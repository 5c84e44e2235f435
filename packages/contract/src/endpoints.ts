import type { z } from 'zod';
import type {
  AutoUsernameResult,
  CaptchaChallenge,
  CaptchaVerifyResult,
  LoginResult,
  MemberInfo,
  OutboxMessage,
  PlayerRankProgress,
  RegistrationResult,
  SmsRequestResult,
  UnreadCount,
} from './accounts.js';
import type { ChatAuthKey, ChatLaunch, CustomerServiceScript } from './chat.js';
import type { RsaPublicKey } from './encryption.js';
import type {
  EndedSessions,
  MemberMessage,
  MemberSession,
  SecurityStatus,
  TotpConfirmed,
  TotpSetup,
} from './memberArea.js';
import type { DownloadSetting, PromoCodeClaim, PromoCodeEnable, PromotionCategory } from './content.js';
import { FEEDBACK_BODY_LIMIT_BYTES, type FeedbackReceipt } from './feedback.js';
import type { ModuleId } from './flags.js';
import type { PasskeyCreationOptions, PasskeyInfo, PasskeyRequestOptions } from './passkeys.js';
import type {
  AgentInfo,
  AvailablePromotion,
  CreatedSubAccount,
  ReferralInfo,
  ReferredFriend,
  SubAccount,
} from './referral.js';
import type { LinkedSignIns } from './social.js';
import type { LineSessionExchange, MayaTokens, TelegramLoginSetting } from './socialProviders.js';
import { pathOf } from './transport.js';
import type {
  Announcement,
  AnnouncementPopup,
  Banner,
  FavouriteToggle,
  GameCard,
  GameCategoryCard,
  GameLaunchValue,
  GameMatch,
  GameVendorInfo,
  Paged,
  RankEntry,
} from './games.js';
// Type-only: the schemas (and zod) stay out of the web bundle; `@wps/contract/schemas` pairs each
// endpoint with its schema at run time for the server.
import type * as schemas from './schemas.js';
import type { CommonSettings, Country, DomainRoute, SystemStatus } from './system.js';
import type { AttributionReport, PushPublicKey, PushSendOutcome } from './tracking.js';

/**
 * The /wps endpoint table: every call the client makes and the server answers with the envelope,
 * once. Each entry names its method and path, the schema its input must pass (the request type is
 * derived from it, never written twice), its answer type, and the transport facts both sides act on.
 *
 *   web:    call('login', payload)                       → Promise<LoginResult>
 *   server: route(app, 'login', async (input, request) => …) with input parsed by the schema
 *
 * GET input is the query string; POST input is the JSON body.
 */
export interface EndpointFacts {
  readonly method: 'GET' | 'POST';
  readonly path: `/wps/${string}`;
  /** The body is sealed with the session key (Encryption, X-Digest, X-RSA). */
  readonly sealed?: true;
  /** The `ModuleId` header the call carries and the server requires. */
  readonly moduleId?: ModuleId;
  /** Sent without the login token even when the member is logged in (spec section 6). */
  readonly noToken?: true;
  /** Never carries Authorization, whatever the caller asks (spec section 6). */
  readonly unauthorized?: true;
  /** The client keeps the answer in its expiring cache (spec section 6). */
  readonly cached?: true;
  /** The concurrency lane's limit: the game list has its own, lower one (spec section 7). */
  readonly concurrency?: 'gameList';
  /** The time-out class: game launches 10 s (spec section 9). */
  readonly timeout?: 'gameLaunch' | 'ping';
  /** The server accepts a larger body than WPS_BODY_LIMIT_BYTES for this call (the feedback screenshot). */
  readonly bodyLimit?: number;
}

/** Type-only markers of an entry: its input schema and its answer; never present at run time. */
interface EndpointTypes<Schema extends z.ZodType, Answer> {
  readonly __schema?: Schema;
  readonly __answer?: Answer;
}

const define =
  <Schema extends z.ZodType, Answer>() =>
  <const Facts extends EndpointFacts>(facts: Facts): Facts & EndpointTypes<Schema, Answer> =>
    facts;

type Schemas = typeof schemas;

export const endpoints = {
  // ---- session --------------------------------------------------------------------------------
  sessionKey: define<Schemas['sessionKeyQuerySchema'], RsaPublicKey>()({
    method: 'GET',
    path: '/wps/session/key/rsa',
    unauthorized: true,
  }),
  login: define<Schemas['loginPayloadSchema'], LoginResult>()({
    method: 'POST',
    path: '/wps/session/login',
    sealed: true,
    noToken: true,
  }),
  /** Completes a login that answered `login_verify_required`; an empty code asks for the code (null). */
  loginVerification: define<Schemas['loginVerificationSchema'], LoginResult | null>()({
    method: 'POST',
    path: '/wps/session/login/verification',
    sealed: true,
    noToken: true,
  }),
  logout: define<Schemas['emptyBodySchema'], null>()({ method: 'POST', path: '/wps/session/logout' }),
  /** LINE sign-in with the session token of `verifyLineCode` (issue 14). */
  loginLine: define<Schemas['lineLoginSchema'], LoginResult>()({
    method: 'POST',
    path: '/wps/session/login/line',
    noToken: true,
  }),
  /** Telegram sign-in: the login widget's result or the mini app's initData (issue 14). */
  loginTelegram: define<Schemas['telegramLoginSchema'], LoginResult>()({
    method: 'POST',
    path: '/wps/session/login/telegram',
    noToken: true,
  }),
  /** Sign-in inside the Maya wallet app with the session it opened the site with (issue 14). */
  loginMaya: define<Schemas['mayaLoginSchema'], LoginResult>()({
    method: 'POST',
    path: '/wps/session/login/maya',
    noToken: true,
  }),
  /** The LINE authorization code (or the in-app access token) exchanged for a LINE session token. */
  verifyLineCode: define<Schemas['verifyLineCodeSchema'], LineSessionExchange>()({
    method: 'POST',
    path: '/wps/relay/WPS3RD_verifyLineCode',
    noToken: true,
  }),
  /** A fresh wallet access token for the member's linked Maya account. */
  refreshMayaTokens: define<Schemas['refreshMayaTokensSchema'], MayaTokens>()({
    method: 'POST',
    path: '/wps/relay/WPS3RD_refreshMayaTokens',
  }),
  /** The merchant's third-party chat script, if it uses one instead of the built-in chat (issue 16). */
  customerServiceScript: define<Schemas['emptyQuerySchema'], CustomerServiceScript>()({
    method: 'GET',
    path: '/wps/relay/WPSCORE_getCustomerServiceScript',
    noToken: true,
  }),
  /** The merchant's Telegram bot id and auth domain for the login widget (never its token). */
  telegramLoginSetting: define<Schemas['emptyQuerySchema'], TelegramLoginSetting>()({
    method: 'GET',
    path: '/wps/relay/WPSCORE_getTelegramLoginSetting',
    noToken: true,
  }),

  // ---- member ---------------------------------------------------------------------------------
  register: define<Schemas['registrationPayloadSchema'], RegistrationResult>()({
    method: 'POST',
    path: '/wps/member/register',
    sealed: true,
    moduleId: 'REG3',
    noToken: true,
  }),
  registerMobile: define<Schemas['registrationPayloadSchema'], RegistrationResult>()({
    method: 'POST',
    path: '/wps/member/register/mobile',
    sealed: true,
    moduleId: 'MOBILENUMREG3',
    noToken: true,
  }),
  registerAutoUsername: define<Schemas['emptyBodySchema'], AutoUsernameResult>()({
    method: 'POST',
    path: '/wps/member/register/autoUsername',
    noToken: true,
  }),
  memberInfo: define<Schemas['emptyQuerySchema'], MemberInfo>()({ method: 'GET', path: '/wps/member/info' }),
  memberLanguage: define<Schemas['languagePayloadSchema'], null>()({
    method: 'POST',
    path: '/wps/member/language',
  }),
  /** A member's feedback (category, text, optional screenshot), kept by the server. */
  feedback: define<Schemas['feedbackSchema'], FeedbackReceipt>()({
    method: 'POST',
    path: '/wps/member/feedback',
    bodyLimit: FEEDBACK_BODY_LIMIT_BYTES,
  }),
  /** The member's linked social sign-ins (issue 14). */
  linkedSignIns: define<Schemas['emptyQuerySchema'], LinkedSignIns>()({
    method: 'GET',
    path: '/wps/member/signIns',
  }),
  /** Unlinks one of the member's sign-ins; refused for the last way into an account without a password. */
  unlinkSignIn: define<Schemas['unlinkSignInSchema'], null>()({
    method: 'POST',
    path: '/wps/member/signIns/unlink',
  }),
  /** The forced (or voluntary) password change of a logged-in member. */
  changePassword: define<Schemas['changePasswordSchema'], null>()({
    method: 'POST',
    path: '/wps/member/password',
    sealed: true,
  }),
  /** Without `code`: send the code; with it: set the new password. */
  passwordResetEmail: define<Schemas['passwordResetEmailSchema'], null>()({
    method: 'POST',
    path: '/wps/member/password/reset/email',
    sealed: true,
    noToken: true,
  }),
  passwordResetSms: define<Schemas['passwordResetSmsSchema'], null>()({
    method: 'POST',
    path: '/wps/member/password/reset/sms',
    sealed: true,
    noToken: true,
  }),
  rankProgress: define<Schemas['emptyQuerySchema'], PlayerRankProgress>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPlayerRankProgress',
  }),
  unreadCount: define<Schemas['emptyQuerySchema'], UnreadCount>()({
    method: 'GET',
    path: '/wps/relay/CBS_unreadCount',
  }),
  /** The support chat's address for these launch parameters (issue 16); visitors too. */
  launchChat: define<Schemas['launchChatQuerySchema'], ChatLaunch>()({
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
  }),
  /** The member's name and pseudo-identifier saved for the chat, and a fresh chat auth key. */
  saveChatMemberInfo: define<Schemas['saveChatMemberInfoSchema'], ChatAuthKey>()({
    method: 'POST',
    path: '/wps/relay/WPSCORE_saveMemberInfoByAuthKey',
  }),

  // ---- member area: inbox, settings and security (the product's own) ------------------------------
  /** The member's customer-service messages, newest first. */
  memberMessages: define<Schemas['memberMessagesQuerySchema'], Paged<MemberMessage>>()({
    method: 'GET',
    path: '/wps/member/messages',
  }),
  /** Marks one of the member's messages read; answers the unread count after it. */
  readMemberMessage: define<Schemas['readMessageSchema'], UnreadCount>()({
    method: 'POST',
    path: '/wps/member/messages/read',
  }),
  securityStatus: define<Schemas['emptyQuerySchema'], SecurityStatus>()({
    method: 'GET',
    path: '/wps/member/security',
  }),
  /** A new authenticator secret (replacing one not yet confirmed). */
  totpSetup: define<Schemas['emptyBodySchema'], TotpSetup>()({
    method: 'POST',
    path: '/wps/member/security/totp',
  }),
  /** The first code of the new authenticator turns it on: answers the recovery codes, once. */
  totpConfirm: define<Schemas['totpCodeSchema'], TotpConfirmed>()({
    method: 'POST',
    path: '/wps/member/security/totp/confirm',
    sealed: true,
  }),
  /** The authenticator's current code turns it off (and its recovery codes). */
  totpDisable: define<Schemas['totpDisableSchema'], null>()({
    method: 'POST',
    path: '/wps/member/security/totp/disable',
    sealed: true,
  }),
  /** The email or SMS second factor on or off: an empty code sends one, the right code switches. */
  codeFactor: define<Schemas['codeFactorSchema'], SmsRequestResult | null>()({
    method: 'POST',
    path: '/wps/member/security/code',
    sealed: true,
  }),
  /** The member's live sessions, the current one marked. */
  memberSessions: define<Schemas['emptyQuerySchema'], MemberSession[]>()({
    method: 'GET',
    path: '/wps/member/sessions',
  }),
  /** Ends one of the member's other sessions, or all of them. */
  endMemberSession: define<Schemas['endSessionSchema'], EndedSessions>()({
    method: 'POST',
    path: '/wps/member/sessions/end',
  }),

  // ---- referral and agents (issue 15) ----------------------------------------------------------
  /** The promotions the merchant runs (REFERRAL, APP_DOWNLOAD), public: sent without authorization. */
  availablePromotions: define<Schemas['emptyQuerySchema'], AvailablePromotion[]>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    unauthorized: true,
  }),
  /** The promotions as they apply to the logged-in member. */
  memberPromotions: define<Schemas['emptyQuerySchema'], AvailablePromotion[]>()({
    method: 'GET',
    path: '/wps/member/promotions',
  }),
  /** The member's referral code (made on first ask) and the number of friends who used it. */
  referralInfo: define<Schemas['emptyQuerySchema'], ReferralInfo>()({
    method: 'GET',
    path: '/wps/member/referral',
  }),
  /** The friends who registered with the member's code, newest first, names masked. */
  referralFriends: define<Schemas['referralPageQuerySchema'], Paged<ReferredFriend>>()({
    method: 'GET',
    path: '/wps/member/referral/friends',
  }),
  /** Agents only (member type 1 or 2): the downline code and the number of sub-accounts. */
  agentInfo: define<Schemas['emptyQuerySchema'], AgentInfo>()({
    method: 'GET',
    path: '/wps/member/agent',
  }),
  /** Agents only: the sub-accounts registered under the agent, newest first. */
  agentSubAccounts: define<Schemas['referralPageQuerySchema'], Paged<SubAccount>>()({
    method: 'GET',
    path: '/wps/member/agent/members',
  }),
  /** Agents only: a sub-member created directly (username and password, the registration's rules). */
  agentCreateSubAccount: define<Schemas['subAccountSchema'], CreatedSubAccount>()({
    method: 'POST',
    path: '/wps/member/agent/members/create',
    sealed: true,
  }),

  // ---- captcha and codes ----------------------------------------------------------------------
  /** The slider puzzle (local provider) or a Geetest challenge. */
  captcha: define<Schemas['captchaChallengeQuerySchema'], CaptchaChallenge>()({
    method: 'GET',
    path: '/wps/captcha/geetest',
    noToken: true,
  }),
  /** The local slider provider's check of a drag: answers the one-time pass. */
  captchaVerify: define<Schemas['captchaVerifySchema'], CaptchaVerifyResult>()({
    method: 'POST',
    path: '/wps/captcha/geetest/verify',
  }),
  smsCode: define<Schemas['smsRequestSchema'], SmsRequestResult>()({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    noToken: true,
  }),
  /** Development mode only: the local SMS provider's outbox. */
  devSmsOutbox: define<Schemas['outboxQuerySchema'], OutboxMessage[]>()({
    method: 'GET',
    path: '/wps/dev/sms/outbox',
  }),
  /** Development mode only: the local mail provider's outbox. */
  devMailOutbox: define<Schemas['outboxQuerySchema'], OutboxMessage[]>()({
    method: 'GET',
    path: '/wps/dev/mail/outbox',
  }),

  // ---- system ---------------------------------------------------------------------------------
  status: define<Schemas['statusQuerySchema'], SystemStatus>()({
    method: 'GET',
    path: '/wps/v2/system/status',
    noToken: true,
  }),
  /** The constants/settings call that fills the front end's common store. */
  settings: define<Schemas['emptyQuerySchema'], CommonSettings>()({
    method: 'GET',
    path: '/wps/system/settings',
    noToken: true,
  }),
  country: define<Schemas['emptyQuerySchema'], Country[]>()({
    method: 'GET',
    path: '/wps/system/country',
    cached: true,
  }),
  domainRoute: define<Schemas['domainRouteQuerySchema'], DomainRoute>()({
    method: 'GET',
    path: '/wps/system/domainRoute',
    noToken: true,
    cached: true,
  }),
  /** The event beacon (also sent with navigator.sendBeacon as text/plain). */
  collect: define<Schemas['collectBodySchema'], null>()({ method: 'POST', path: '/wps/system/collect' }),
  /** The event report's fallback when the beacon is refused or fails (15 s abort). */
  ping: define<Schemas['pingQuerySchema'], null>()({
    method: 'GET',
    path: '/wps/system/test/ping',
    timeout: 'ping',
  }),

  // ---- push (issue 17: the spec's FCM contract over Web Push) ---------------------------------
  /** The merchant's VAPID public key (applicationServerKey of pushManager.subscribe). */
  pushPublicKey: define<Schemas['emptyQuerySchema'], PushPublicKey>()({
    method: 'GET',
    path: '/wps/relay/CSP_fcmVapidKey',
    noToken: true,
  }),
  /** Binds a push subscription (registrationToken) to the device and, when logged in, the member. */
  fcmBind: define<Schemas['pushBindSchema'], null>()({ method: 'POST', path: '/wps/relay/CSP_fcmBind' }),
  fcmSubscribe: define<Schemas['pushSubscribeSchema'], null>()({
    method: 'POST',
    path: '/wps/relay/CSP_fcmSubscribe',
  }),
  fcmUnsubscribe: define<Schemas['pushUnsubscribeSchema'], null>()({
    method: 'POST',
    path: '/wps/relay/CSP_fcmUnsubscribe',
  }),
  /** Sends a push message (header X-Report-Token: the merchant's report token; no operator sign-in exists). */
  pushSend: define<Schemas['pushSendSchema'], PushSendOutcome>()({
    method: 'POST',
    path: '/wps/report/push',
  }),
  /** The merchant's attribution report (header X-Report-Token: the merchant's report token). */
  attributionReport: define<Schemas['attributionReportQuerySchema'], AttributionReport>()({
    method: 'GET',
    path: '/wps/report/attribution',
  }),

  // ---- games and lobby ------------------------------------------------------------------------
  launchGame: define<Schemas['launchGameQuerySchema'], GameLaunchValue>()({
    method: 'GET',
    path: '/wps/game/launchGame',
    timeout: 'gameLaunch',
  }),
  trialLaunch: define<Schemas['trialLaunchQuerySchema'], GameLaunchValue>()({
    method: 'GET',
    path: '/wps/relay/GCS_gameTrialLaunch',
    timeout: 'gameLaunch',
  }),
  gameList: define<Schemas['gameListQuerySchema'], Paged<GameCard>>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    cached: true,
    concurrency: 'gameList',
  }),
  hotGames: define<Schemas['emptyQuerySchema'], GameCard[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    cached: true,
  }),
  /** The merchant's game categories (cards of the lobby). */
  gameVendor: define<Schemas['emptyQuerySchema'], GameCategoryCard[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameVendor',
    cached: true,
  }),
  newGameVendor: define<Schemas['vendorListQuerySchema'], GameVendorInfo[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    cached: true,
  }),
  gameMatches: define<Schemas['emptyQuerySchema'], GameMatch[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getGameMatchV2',
    cached: true,
  }),
  rankList: define<Schemas['emptyQuerySchema'], RankEntry[]>()({
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    cached: true,
  }),
  recentGames: define<Schemas['emptyQuerySchema'], GameCard[]>()({
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
  }),
  favouriteGames: define<Schemas['emptyQuerySchema'], GameCard[]>()({
    method: 'GET',
    path: '/wps/relay/getFavoriteGamesList',
  }),
  /** The product's own name for the favourite toggle. */
  toggleFavourite: define<Schemas['favouriteToggleSchema'], FavouriteToggle>()({
    method: 'POST',
    path: '/wps/relay/toggleFavoriteGame',
  }),
  announcements: define<Schemas['announcementListQuerySchema'], Paged<Announcement>>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    unauthorized: true,
    cached: true,
  }),
  /** The product's own: the banners of the home carousel. */
  banners: define<Schemas['bannerListQuerySchema'], Banner[]>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getBannerList',
    cached: true,
  }),
  /** The product's own: the popup announcement with its options. */
  popupAnnouncement: define<Schemas['popupAnnouncementQuerySchema'], AnnouncementPopup>()({
    method: 'GET',
    path: '/wps/relay/MCSFE_getPopupAnnouncement',
    cached: true,
  }),
  // ---- promotions and the download page (issue 15) ----------------------------------------------
  /** The promotion categories (the tabs of /m/activity), in the request's language. */
  promotionCategories: define<Schemas['emptyQuerySchema'], PromotionCategory[]>()({
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    cached: true,
  }),
  promoCodeEnable: define<Schemas['emptyQuerySchema'], PromoCodeEnable>()({
    method: 'GET',
    path: '/wps/relay/PROMOFE_getPromoCodeEnable',
    cached: true,
  }),
  /** The product's own: a member claims a promo code, once per code and member. */
  claimPromoCode: define<Schemas['promoCodeClaimSchema'], PromoCodeClaim>()({
    method: 'POST',
    path: '/wps/member/promoCode/claim',
  }),
  /** The download page's texts and links (spec section 7: domain; returns app_desc, login_prompt_text). */
  downloadSetting: define<Schemas['downloadSettingQuerySchema'], DownloadSetting>()({
    method: 'GET',
    path: '/wps/relay/WPSCORE_getDownloadSetting',
    cached: true,
  }),
  // ---- passkeys (the product's own; docs/passkeys.md) -------------------------------------------
  /** A signed-in member asks to add a passkey: the creation options with a fresh challenge. */
  passkeyRegistrationOptions: define<Schemas['emptyBodySchema'], PasskeyCreationOptions>()({
    method: 'POST',
    path: '/wps/member/passkey/registration/options',
  }),
  /** The authenticator's answer to those options: the passkey is kept. */
  passkeyRegistration: define<Schemas['passkeyRegistrationSchema'], PasskeyInfo>()({
    method: 'POST',
    path: '/wps/member/passkey/registration',
  }),
  passkeys: define<Schemas['emptyQuerySchema'], PasskeyInfo[]>()({
    method: 'GET',
    path: '/wps/member/passkey/list',
  }),
  passkeyRename: define<Schemas['passkeyRenameSchema'], null>()({
    method: 'POST',
    path: '/wps/member/passkey/rename',
  }),
  passkeyDelete: define<Schemas['passkeyDeleteSchema'], null>()({
    method: 'POST',
    path: '/wps/member/passkey/delete',
  }),
  /** Sign-in with a passkey, step one: request options for any of the merchant's passkeys (discoverable). */
  passkeyLoginOptions: define<Schemas['emptyBodySchema'], PasskeyRequestOptions>()({
    method: 'POST',
    path: '/wps/session/login/passkey/options',
    noToken: true,
  }),
  /** Step two: the assertion; answers as `login` does (a session, or login_verify_required). */
  passkeyLogin: define<Schemas['passkeyLoginSchema'], LoginResult>()({
    method: 'POST',
    path: '/wps/session/login/passkey',
    noToken: true,
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

type Marked<Name extends EndpointName> =
  Endpoints[Name] extends EndpointTypes<infer Schema, infer Answer>
    ? { schema: Schema; answer: Answer }
    : never;

/** The schema of an endpoint's input (a type; the value is in `@wps/contract/schemas`). */
export type EndpointSchema<Name extends EndpointName> = Marked<Name>['schema'];
/** What a caller sends: the schema's input. */
export type EndpointInput<Name extends EndpointName> = z.input<EndpointSchema<Name>>;
/** What the server's handler receives: the schema's output (trimmed, defaulted, transformed). */
export type EndpointParsed<Name extends EndpointName> = z.output<EndpointSchema<Name>>;
/** The envelope's `value` on success. */
export type EndpointAnswer<Name extends EndpointName> = Marked<Name>['answer'];

export const ENDPOINT_NAMES = Object.keys(endpoints) as EndpointName[];

function pathsWhere(fact: (facts: EndpointFacts) => boolean): readonly string[] {
  return Object.values(endpoints as Record<string, EndpointFacts>)
    .filter(fact)
    .map((facts) => facts.path);
}

/** Paths sent without a login token even when the member is logged in (spec section 6). */
export const NO_TOKEN_PATHS = pathsWhere((facts) => facts.noToken === true);
/** Paths that never carry Authorization (spec section 6). */
export const UNAUTHORIZED_PATHS = pathsWhere((facts) => facts.unauthorized === true);
/** GET answers the client keeps in its expiring cache (spec section 6). */
export const CACHED_PATHS = pathsWhere((facts) => facts.cached === true);

export const isNoTokenPath = (path: string): boolean => NO_TOKEN_PATHS.includes(pathOf(path));
export const isUnauthorizedPath = (path: string): boolean => UNAUTHORIZED_PATHS.includes(pathOf(path));
export const isCachedPath = (path: string): boolean => CACHED_PATHS.includes(pathOf(path));

/** The game list: its own, lower concurrency limit. */
export const GAME_LIST_PATH = endpoints.gameList.path;
