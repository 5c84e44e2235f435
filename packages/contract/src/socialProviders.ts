/**
 * LINE, Telegram and the Maya wallet (issue 14; spec sections 3, 4, 7): the answers of their calls and
 * the development stand-ins the reference server runs in their place. The protocol is described in
 * docs/social-sign-in.md ("LINE", "Telegram", "Maya wallet").
 */

/** `WPS3RD_verifyLineCode`: the LINE sign-in as an opaque token for `/wps/session/login/line`. */
export interface LineSessionExchange {
  /** Opaque, sealed for this merchant, expires after `LINE_SESSION_TTL_S`. */
  lineSessionToken: string;
  name: string;
  /** https only; null when LINE has none. */
  picture: string | null;
}

/** How long a LINE session token can be used (the login, or the bind-or-register dialog after it). */
export const LINE_SESSION_TTL_S = 15 * 60;

/** `WPSCORE_getTelegramLoginSetting`. The bot token never leaves the server. */
export interface TelegramLoginSetting {
  botId: string;
  authDomain: string;
  /** Development only: use the reference server's widget stand-in (`TELEGRAM_STAND_IN`). */
  standIn?: true;
}

/** The login widget's auth result (Telegram's field names); `telegramAuth` = `JSON.stringify(it)`. */
export interface TelegramAuthData {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
}

/** What the widget (and its stand-in) posts to the page that opened it (spec section 4). */
export type TelegramWidgetMessage =
  { event: 'popupBlocked' } | { event: 'getTgAuthData'; data: TelegramAuthData };

/** `WPS3RD_refreshMayaTokens`: a fresh wallet access token for the member's linked Maya account. */
export interface MayaTokens {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
}

export const MAYA_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type MayaEnvironment = (typeof MAYA_ENVIRONMENTS)[number];

/** LINE's authorize endpoint (the browser goes there; the stand-in's is `LINE_STAND_IN.authorizePath`). */
export const LINE_AUTHORIZE_URL = 'https://access.line.me/oauth2/v2.1/authorize';

/** The LINE stand-in (development and e2e; merchants whose `line` row says `standIn`). */
export const LINE_STAND_IN = {
  /** Same query as LINE's authorize URL (response_type, client_id, redirect_uri, state, scope, code_challenge, code_challenge_method=S256). */
  authorizePath: '/wps/dev/line/authorize',
  /** GET ?name=… : an access token as the LINE app hands a LIFF page (the in-app variant). */
  liffTokenPath: '/wps/dev/line/liffToken',
} as const;

/** The Telegram login-widget stand-in (development and e2e; merchants whose `telegram` row says `standIn`). */
export const TELEGRAM_STAND_IN = {
  /** The widget (an iframe or a popup): GET ?bot_id=…&origin=… */
  widgetPath: '/wps/dev/telegram/widget',
  /** The confirmation popup the widget opens (as oauth.telegram.org/auth): GET ?bot_id=…&origin=… */
  authPath: '/wps/dev/telegram/auth',
  /** GET ?name=…&id=… : mini-app initData signed with the stand-in bot (e2e of the mini-app path). */
  initDataPath: '/wps/dev/telegram/initData',
} as const;

/** The Maya wallet stand-in (development and e2e; merchants whose `maya` row says `standIn`). */
export const MAYA_STAND_IN = {
  /** GET ?name=…&go=/m/… : what the wallet app does: opens the site with a fresh wallet session. */
  launchPath: '/wps/dev/maya/launch',
  /** The query parameters the wallet opens the site with. */
  sessionParam: 'mayaSessionId',
  envParam: 'mayaEnv',
} as const;
