import { z } from 'zod';
import { COLLECT_VALUE_MAX_BYTES } from '../system.js';
import {
  MARKETING_BATCH_MAX,
  PERFORMANCE_METRICS,
  PUSH_TOPIC_PATTERN,
  TRACKED_MARKETING_EVENTS,
} from '../tracking.js';

// ---- marketing events (spec sections 3 and 9) ----------------------------------------------------

const amount = z.number().finite().min(0).max(1e12);
const currencyCode = z.string().regex(/^[A-Z]{3}$/);

/** Tracking event payload (spec section 3), plus the content id of the deposit events. */
export const trackingEventPayloadSchema = z.strictObject({
  customerId: z.string().max(64).optional(),
  customerName: z.string().max(64).optional(),
  revenue: amount.optional(),
  value: amount.optional(),
  amount: amount.optional(),
  currency: currencyCode.optional(),
  af_revenue: amount.optional(),
  af_currency: currencyCode.optional(),
  contentId: z.number().int().min(0).max(1_000_000).optional(),
  /** What was viewed or launched (a path, a game id). */
  content: z.string().max(256).optional(),
});
export type TrackingEventPayload = z.infer<typeof trackingEventPayloadSchema>;

/**
 * One marketing event as the client queues and sends it; `id` makes delivery idempotent. Unknown
 * names and fields are refused.
 */
export const marketingEventSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  name: z.enum(TRACKED_MARKETING_EVENTS),
  /** When it happened (ms since the epoch). */
  time: z.number().int().min(1_500_000_000_000).max(4_102_444_800_000),
  payload: trackingEventPayloadSchema,
  /** Click ids known when it happened (fbc, fbp, gclid, ttclid, …). */
  clickIds: z
    .record(z.string().regex(/^[A-Za-z0-9_]{1,32}$/), z.string().max(512))
    .refine((ids) => Object.keys(ids).length <= 24, 'at most 24 click ids')
    .optional(),
});
export type MarketingEvent = z.infer<typeof marketingEventSchema>;

/** The `value` of a collect beacon carrying marketing events; the ping's `events` query is its JSON. */
export const marketingBatchSchema = z.strictObject({
  events: z.array(marketingEventSchema).min(1).max(MARKETING_BATCH_MAX),
});
export type MarketingBatch = z.infer<typeof marketingBatchSchema>;

/** GET /wps/system/test/ping: the events as a JSON string (the beacon's fallback). */
export const pingQuerySchema = z.object({ events: z.string().max(COLLECT_VALUE_MAX_BYTES).optional() });

// ---- the other collect values (kept as sent; the schemas say what the web sends) -----------------

/** The status call's latency report (a collect value of its own). */
export const statusLatencyReportSchema = z.strictObject({
  kind: z.literal('statusLatency'),
  ms: z.number().int().min(0),
  url: z.string().max(512),
});
export type StatusLatencyReport = z.infer<typeof statusLatencyReportSchema>;

/** The performance beacon (spec sections 4 and 9): the page's web vitals, once per session. */
export const performanceReportSchema = z.strictObject({
  kind: z.literal('performance'),
  path: z.string().max(2048),
  metrics: z.partialRecord(z.enum(PERFORMANCE_METRICS), z.number().finite()),
});
export type PerformanceReport = z.infer<typeof performanceReportSchema>;

// ---- push (issue 17: the spec's FCM contract over Web Push) ----------------------------------------

/** A Web Push subscription as PushSubscription.toJSON() gives it, sent as CSP_fcmBind's registrationToken. */
export const registrationTokenSchema = z.string().min(2).max(2048);

export const pushBindSchema = z.strictObject({ registrationToken: registrationTokenSchema });
export const pushSubscribeSchema = z.strictObject({
  registrationToken: registrationTokenSchema,
  topic: z.string().regex(PUSH_TOPIC_PATTERN),
});
export const pushUnsubscribeSchema = z.strictObject({
  registrationToken: registrationTokenSchema,
  topic: z.string().regex(PUSH_TOPIC_PATTERN).optional(),
  unsubscribeAll: z.boolean().optional(),
});

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A segment of the merchant's members (issue 17), every criterion given must hold (at least one
 * given): `vipLabel`, the member's VIP label (club label name), exactly; `language`, the member's
 * interface language code, exactly; `registeredFrom` / `registeredTo`, registered on or after / on
 * or before these UTC days (YYYY-MM-DD, inclusive). Only members with a bound subscription receive
 * anything; visitors' subscriptions never match.
 */
export const pushSegmentSchema = z
  .strictObject({
    vipLabel: z.string().min(1).max(64).optional(),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/)
      .optional(),
    registeredFrom: isoDay.optional(),
    registeredTo: isoDay.optional(),
  })
  .refine(
    (segment) => Object.values(segment).some((value) => value !== undefined),
    'a segment needs a criterion',
  );
export type PushSegment = z.infer<typeof pushSegmentSchema>;

/** A push message to a member, a topic, a segment or everyone (exactly one target). */
export const pushSendSchema = z
  .strictObject({
    customerId: z.number().int().min(1).max(2_147_483_647).optional(),
    topic: z.string().regex(PUSH_TOPIC_PATTERN).optional(),
    segment: pushSegmentSchema.optional(),
    everyone: z.literal(true).optional(),
    title: z.string().min(1).max(120),
    body: z.string().max(400).optional(),
    path: z
      .string()
      .max(512)
      .regex(/^\/m\/[\w\-./?=&%]*$/)
      .optional(),
    tag: z.string().max(64).optional(),
  })
  .refine(
    (input) =>
      [input.customerId, input.topic, input.segment, input.everyone].filter((target) => target !== undefined)
        .length === 1,
    'exactly one of customerId, topic, segment, everyone',
  );
export type PushSendPayload = z.infer<typeof pushSendSchema>;

/** The attribution report's range (UTC days, inclusive). */
export const attributionReportQuerySchema = z.object({ from: isoDay, to: isoDay });
export type AttributionReportQuery = z.infer<typeof attributionReportQuerySchema>;
