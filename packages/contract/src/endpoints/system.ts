import { define } from './define.js';
import type * as accountsSchemas from '../schemas/accounts.js';
import type * as commonSchemas from '../schemas/common.js';
import type * as systemSchemas from '../schemas/system.js';
import type * as trackingSchemas from '../schemas/tracking.js';
import type {
  CaptchaChallenge,
  CaptchaTextChallenge,
  CaptchaVerifyResult,
  OutboxMessage,
  SmsRequestResult,
} from '../accounts.js';
import type { CommonSettings, Country, DomainRoute, SystemStatus } from '../system.js';
import type { AttributionReport, PushPublicKey, PushSendOutcome } from '../tracking.js';

/** The table's system calls (endpoints.ts): captcha and codes, status and settings, events and push. */
export const systemEndpoints = {
  /** The slider puzzle (local provider) or a Geetest challenge. */
  captcha: define<typeof accountsSchemas.captchaChallengeQuerySchema, CaptchaChallenge>()({
    method: 'GET',
    path: '/wps/captcha/geetest',
    noToken: true,
  }),
  /** The local slider provider's check of a drag: answers the one-time pass. */
  captchaVerify: define<typeof accountsSchemas.captchaVerifySchema, CaptchaVerifyResult>()({
    method: 'POST',
    path: '/wps/captcha/geetest/verify',
  }),
  /** The slider's alternative for a screen reader's user (local provider): a question in words. */
  captchaText: define<typeof accountsSchemas.captchaChallengeQuerySchema, CaptchaTextChallenge>()({
    method: 'GET',
    path: '/wps/captcha/text',
    noToken: true,
  }),
  /** The check of the text question's answer: answers the same one-time pass as the slider. */
  captchaTextVerify: define<typeof accountsSchemas.captchaTextVerifySchema, CaptchaVerifyResult>()({
    method: 'POST',
    path: '/wps/captcha/text/verify',
  }),
  smsCode: define<typeof accountsSchemas.smsRequestSchema, SmsRequestResult>()({
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    noToken: true,
  }),
  /** Development mode only: the local SMS provider's outbox. */
  devSmsOutbox: define<typeof accountsSchemas.outboxQuerySchema, OutboxMessage[]>()({
    method: 'GET',
    path: '/wps/dev/sms/outbox',
  }),
  /** Development mode only: the local mail provider's outbox. */
  devMailOutbox: define<typeof accountsSchemas.outboxQuerySchema, OutboxMessage[]>()({
    method: 'GET',
    path: '/wps/dev/mail/outbox',
  }),
  status: define<typeof systemSchemas.statusQuerySchema, SystemStatus>()({
    method: 'GET',
    path: '/wps/v2/system/status',
    noToken: true,
  }),
  /** The constants/settings call that fills the front end's common store. */
  settings: define<typeof commonSchemas.emptyQuerySchema, CommonSettings>()({
    method: 'GET',
    path: '/wps/system/settings',
    noToken: true,
  }),
  country: define<typeof commonSchemas.emptyQuerySchema, Country[]>()({
    method: 'GET',
    path: '/wps/system/country',
    cached: true,
  }),
  domainRoute: define<typeof systemSchemas.domainRouteQuerySchema, DomainRoute>()({
    method: 'GET',
    path: '/wps/system/domainRoute',
    noToken: true,
    cached: true,
  }),
  /** The event beacon (also sent with navigator.sendBeacon as text/plain). */
  collect: define<typeof systemSchemas.collectBodySchema, null>()({
    method: 'POST',
    path: '/wps/system/collect',
  }),
  /** The event report's fallback when the beacon is refused or fails (15 s abort). */
  ping: define<typeof trackingSchemas.pingQuerySchema, null>()({
    method: 'GET',
    path: '/wps/system/test/ping',
    timeout: 'ping',
  }),
  /** The merchant's VAPID public key (applicationServerKey of pushManager.subscribe). */
  pushPublicKey: define<typeof commonSchemas.emptyQuerySchema, PushPublicKey>()({
    method: 'GET',
    path: '/wps/relay/CSP_fcmVapidKey',
    noToken: true,
  }),
  /** Binds a push subscription (registrationToken) to the device and, when logged in, the member. */
  fcmBind: define<typeof trackingSchemas.pushBindSchema, null>()({
    method: 'POST',
    path: '/wps/relay/CSP_fcmBind',
  }),
  fcmSubscribe: define<typeof trackingSchemas.pushSubscribeSchema, null>()({
    method: 'POST',
    path: '/wps/relay/CSP_fcmSubscribe',
  }),
  fcmUnsubscribe: define<typeof trackingSchemas.pushUnsubscribeSchema, null>()({
    method: 'POST',
    path: '/wps/relay/CSP_fcmUnsubscribe',
  }),
  /** Sends a push message (header X-Report-Token: the merchant's report token; no operator sign-in exists). */
  pushSend: define<typeof trackingSchemas.pushSendSchema, PushSendOutcome>()({
    method: 'POST',
    path: '/wps/report/push',
  }),
  /** The merchant's attribution report (header X-Report-Token: the merchant's report token). */
  attributionReport: define<typeof trackingSchemas.attributionReportQuerySchema, AttributionReport>()({
    method: 'GET',
    path: '/wps/report/attribution',
  }),
} as const;
