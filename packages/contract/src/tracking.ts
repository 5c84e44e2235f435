/**
 * Tracking, marketing events and push notifications (issue 17; spec sections 3, 4, 7 and 9).
 */

/** Tracked marketing events (spec section 9). */
// prettier-ignore
export const TRACKED_MARKETING_EVENTS = [
  'firstOpen', 'registerSubmit', 'register', 'depositSubmit', 'firstDeposit', 'withdraw', 'deposit',
  'redeposit', 'firstDepositArrival', 'startTrial', 'login', 'viewContent', 'downloadApp', 'gameLaunch',
  'a2hsInstalled', 'a2hsFirstOpen',
] as const;
export type MarketingEventName = (typeof TRACKED_MARKETING_EVENTS)[number];

/** The deposit events of section 9 carry content id 99. */
export const DEPOSIT_CONTENT_ID = 99;
export const DEPOSIT_EVENTS: readonly MarketingEventName[] = [
  'depositSubmit',
  'firstDeposit',
  'deposit',
  'redeposit',
  'firstDepositArrival',
];

/**
 * Money that arrived or left is recorded by the server from the ledger, in the transaction that moved
 * it (a deposit credited while the member was away still counts; a client cannot invent one). The
 * collect endpoint does not store a client's copy of these; the browser only mirrors them to the ad
 * pixels, with the server's event id (`movementEventId`), so the platforms count one.
 */
export const SERVER_RECORDED_EVENTS = [
  'deposit',
  'redeposit',
  'firstDepositArrival',
  'withdraw',
] as const satisfies readonly MarketingEventName[];
export type ServerRecordedEvent = (typeof SERVER_RECORDED_EVENTS)[number];

export function isServerRecordedEvent(name: MarketingEventName): name is ServerRecordedEvent {
  return (SERVER_RECORDED_EVENTS as readonly MarketingEventName[]).includes(name);
}

/** Counted once per member (the first deposit): a later copy is not stored. */
export const ONCE_PER_MEMBER_EVENTS = [
  'firstDeposit',
  'firstDepositArrival',
] as const satisfies readonly MarketingEventName[];

/** The event id of a ledger movement's event (a deposit's or a withdrawal's id, 16 characters). */
export function movementEventId(movementId: string, name: ServerRecordedEvent): string {
  return `m_${movementId}_${name}`;
}

/** Event retry (section 9): up to 3 then 5 attempts, exponential backoff from 1000 ms plus up to 500 ms jitter. */
export const EVENT_RETRY = {
  firstAttempts: 3,
  laterAttempts: 5,
  backoffBaseMs: 1_000,
  jitterMaxMs: 500,
} as const;

/** fbc and fbp cookies live 90 days (section 9). */
export const FB_COOKIE_DAYS = 90;
/** Performance beacon: once per session, at most 15 s after start (section 9). */
export const PERFORMANCE_BEACON_MAX_WAIT_MS = 15_000;

/** Push token refresh (section 9): bound again after 7 days; the worker is waited for 10 s. */
export const PUSH_TOKEN = { refreshAfterDays: 7, callbackTimeoutMs: 10_000 } as const;

/** Push heartbeat (section 9): days kept 30 days, the stored record at most 1024 bytes. */
export const PUSH_HEARTBEAT = { retentionDays: 30, sizeLimit: 1024 } as const;

/** Retry poll (section 9): a pending push installation is looked at again every 100 ms. */
export const RETRY_POLL_MS = 100;

/** The push errors of spec section 8, each shown as its translated message (`push_error_<code>`). */
// prettier-ignore
export const PUSH_ERROR_CODES = [
  'permission-blocked', 'unsupported-browser', 'indexed-db-unsupported', 'token-subscribe-failed',
  'token-update-failed', 'token-unsubscribe-failed', 'failed-service-worker-registration', 'app-offline',
  'not-registered', 'installation-not-found',
] as const;
export type PushErrorCode = (typeof PUSH_ERROR_CODES)[number];

/** The most events one beacon (or ping) carries. */
export const MARKETING_BATCH_MAX = 20;

/**
 * The marketing event, its batch and the other collect values (status latency, performance) are
 * schemas: schemas/tracking.ts, with the types derived from them.
 */

/** The web vitals of the performance beacon (spec sections 4 and 9). */
export const PERFORMANCE_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type PerformanceMetric = (typeof PERFORMANCE_METRICS)[number];

/** Error codes of tracking and push (their own table, as SocialErrorCode). */
export const TrackingErrorCode = {
  /** A marketing event that is not one of section 9, or with a field of the wrong type or size. */
  TRACKING_EVENT_INVALID: 'tracking_event_invalid',
  /** The attribution report was asked without the merchant's report token. */
  REPORT_TOKEN_INVALID: 'report_token_invalid',
  /** A push subscription (registrationToken) that is not a Web Push subscription. */
  PUSH_SUBSCRIPTION_INVALID: 'push_subscription_invalid',
} as const;
export type TrackingErrorCode = (typeof TrackingErrorCode)[keyof typeof TrackingErrorCode];

/** One row of the attribution report. */
export interface AttributionRow {
  /** The affiliate code or campaign (utm_source, else the first click-id kind), '' for none. */
  key: string;
  registrations: number;
  /** Registrations that went on to a firstDeposit event (0 while no wallet exists). */
  firstDeposits: number;
  /** firstDeposits / registrations, 0 when there are none. */
  conversion: number;
  /** Marketing events attributed to these members in the range. */
  events: number;
}

export interface AttributionReport {
  from: string;
  to: string;
  byAffiliate: AttributionRow[];
  byCampaign: AttributionRow[];
  byReferralCode: AttributionRow[];
  totals: { registrations: number; firstDeposits: number; events: number };
  /**
   * firstDeposit events received in the range whose client-reported customer id was not the member
   * of their session (or that came without one): stored, counted nowhere above.
   */
  flaggedFirstDeposits: number;
}

/** The merchant's VAPID public key (base64url, uncompressed P-256 point). */
export interface PushPublicKey {
  publicKey: string;
}

/** Topic names of CSP_fcmSubscribe. */
export const PUSH_TOPIC_PATTERN = /^[A-Za-z0-9_.~%-]{1,64}$/;

/** What sending a push did: delivered, subscriptions removed as gone (404/410), other failures. */
export interface PushSendOutcome {
  sent: number;
  removed: number;
  failed: number;
}

/** What a push message carries to the service worker (also the Declarative Web Push shape). */
export interface PushMessage {
  title: string;
  body?: string;
  /** Same-origin /m/ path the notification opens. */
  path?: string;
  tag?: string;
}
