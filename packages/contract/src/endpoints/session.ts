import { define } from './define.js';
import type * as accountsSchemas from '../schemas/accounts.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as passkeysSchemas from '../schemas/passkeys.js';
import type * as socialSchemas from '../schemas/social.js';
import type * as systemSchemas from '../schemas/system.js';
import type { LoginResult } from '../accounts.js';
import type { RsaPublicKey } from '../encryption.js';
import type { PasskeyCreationOptions, PasskeyInfo, PasskeyRequestOptions } from '../passkeys.js';
import type { LineSessionExchange, MayaTokens, TelegramLoginSetting } from '../socialProviders.js';

/** The table's sign-in calls (endpoints.ts): session key, passwords, second factor, social providers, passkeys. */
export const sessionEndpoints = {
  sessionKey: define<typeof systemSchemas.sessionKeyQuerySchema, RsaPublicKey>()({
    method: 'GET',
    path: '/wps/session/key/rsa',
    unauthorized: true,
  }),
  login: define<typeof accountsSchemas.loginPayloadSchema, LoginResult>()({
    method: 'POST',
    path: '/wps/session/login',
    sealed: true,
    noToken: true,
  }),
  /** Completes a login that answered `login_verify_required`; an empty code asks for the code (null). */
  loginVerification: define<typeof accountsSchemas.loginVerificationSchema, LoginResult | null>()({
    method: 'POST',
    path: '/wps/session/login/verification',
    sealed: true,
    noToken: true,
  }),
  logout: define<typeof commonSchemas.emptyBodySchema, null>()({
    method: 'POST',
    path: '/wps/session/logout',
  }),
  /** LINE sign-in with the session token of `verifyLineCode` (issue 14). */
  loginLine: define<typeof socialSchemas.lineLoginSchema, LoginResult>()({
    method: 'POST',
    path: '/wps/session/login/line',
    noToken: true,
  }),
  /** Telegram sign-in: the login widget's result or the mini app's initData (issue 14). */
  loginTelegram: define<typeof socialSchemas.telegramLoginSchema, LoginResult>()({
    method: 'POST',
    path: '/wps/session/login/telegram',
    noToken: true,
  }),
  /** Sign-in inside the Maya wallet app with the session it opened the site with (issue 14). */
  loginMaya: define<typeof socialSchemas.mayaLoginSchema, LoginResult>()({
    method: 'POST',
    path: '/wps/session/login/maya',
    noToken: true,
  }),
  /** The LINE authorization code (or the in-app access token) exchanged for a LINE session token. */
  verifyLineCode: define<typeof socialSchemas.verifyLineCodeSchema, LineSessionExchange>()({
    method: 'POST',
    path: '/wps/relay/WPS3RD_verifyLineCode',
    noToken: true,
  }),
  /** A fresh wallet access token for the member's linked Maya account. */
  refreshMayaTokens: define<typeof socialSchemas.refreshMayaTokensSchema, MayaTokens>()({
    method: 'POST',
    path: '/wps/relay/WPS3RD_refreshMayaTokens',
  }),
  /** The merchant's Telegram bot id and auth domain for the login widget (never its token). */
  telegramLoginSetting: define<typeof commonSchemas.emptyQuerySchema, TelegramLoginSetting>()({
    method: 'GET',
    path: '/wps/relay/WPSCORE_getTelegramLoginSetting',
    noToken: true,
  }),
  /** A signed-in member asks to add a passkey: the creation options with a fresh challenge. */
  passkeyRegistrationOptions: define<typeof commonSchemas.emptyBodySchema, PasskeyCreationOptions>()({
    method: 'POST',
    path: '/wps/member/passkey/registration/options',
  }),
  /** The authenticator's answer to those options: the passkey is kept. */
  passkeyRegistration: define<typeof passkeysSchemas.passkeyRegistrationSchema, PasskeyInfo>()({
    method: 'POST',
    path: '/wps/member/passkey/registration',
  }),
  passkeys: define<typeof commonSchemas.emptyQuerySchema, PasskeyInfo[]>()({
    method: 'GET',
    path: '/wps/member/passkey/list',
  }),
  passkeyRename: define<typeof passkeysSchemas.passkeyRenameSchema, null>()({
    method: 'POST',
    path: '/wps/member/passkey/rename',
  }),
  passkeyDelete: define<typeof passkeysSchemas.passkeyDeleteSchema, null>()({
    method: 'POST',
    path: '/wps/member/passkey/delete',
  }),
  /** Sign-in with a passkey, step one: request options for any of the merchant's passkeys (discoverable). */
  passkeyLoginOptions: define<typeof commonSchemas.emptyBodySchema, PasskeyRequestOptions>()({
    method: 'POST',
    path: '/wps/session/login/passkey/options',
    noToken: true,
  }),
  /** Step two: the assertion; answers as `login` does (a session, or login_verify_required). */
  passkeyLogin: define<typeof passkeysSchemas.passkeyLoginSchema, LoginResult>()({
    method: 'POST',
    path: '/wps/session/login/passkey',
    noToken: true,
  }),
} as const;
