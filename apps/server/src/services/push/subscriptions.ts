import { TrackingErrorCode } from '@wps/contract/tracking';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  pushSubscriptions,
  pushTopicSubscriptions,
  type PushSubscriptionKind,
} from '../../db/schema/index.js';
import { DomainError, invalidRequest } from '../errors.js';

/**
 * The spec's FCM contract over standard Web Push (issue 17): the registrationToken of CSP_fcmBind,
 * CSP_fcmSubscribe and CSP_fcmUnsubscribe is the browser's PushSubscription as JSON
 * (`{ endpoint, keys: { p256dh, auth } }`), kept per merchant and endpoint, a member's when bound
 * while logged in, with its topics.
 */

export interface WebPushSubscription {
  /** Absent: webpush. */
  kind?: PushSubscriptionKind;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** An FCM registration token (what firebase/messaging getToken answers): URL-safe text with colons. */
const FCM_TOKEN = /^[A-Za-z0-9_:-]{20,1024}$/;

/**
 * The registrationToken of a bind: a Web Push subscription (JSON), or — only for a merchant that
 * sends through FCM — an FCM registration token, kept as an `fcm` subscription whose endpoint is
 * the token.
 */
export function parseRegistration(
  registrationToken: string,
  options: { allowLoopbackHttp: boolean; fcm: boolean },
): WebPushSubscription {
  if (options.fcm && !registrationToken.startsWith('{')) {
    if (!FCM_TOKEN.test(registrationToken)) throw refused('registrationToken is not an FCM token.');
    return { kind: 'fcm', endpoint: registrationToken, p256dh: '', auth: '' };
  }
  return parseSubscription(registrationToken, options.allowLoopbackHttp);
}

function refused(detail: string): DomainError {
  return new DomainError(TrackingErrorCode.PUSH_SUBSCRIPTION_INVALID, `Invalid push subscription. ${detail}`);
}

function base64urlBytes(text: unknown, length: number): boolean {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return false;
  return Buffer.from(text, 'base64url').length === length;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The subscription of a registrationToken. Its endpoint is where the server will POST, so only https
 * is accepted — plain http to this machine only when stand-ins run (never with NODE_ENV=production).
 */
export function parseSubscription(
  registrationToken: string,
  allowLoopbackHttp: boolean,
): WebPushSubscription {
  let value: unknown;
  try {
    value = JSON.parse(registrationToken);
  } catch {
    throw refused('registrationToken is not a subscription.');
  }
  const candidate = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.endpoint !== 'string') {
    throw refused('endpoint is missing.');
  }
  let url: URL;
  try {
    url = new URL(candidate.endpoint);
  } catch {
    throw refused('endpoint is not a URL.');
  }
  const allowed =
    (url.protocol === 'https:' && !url.username && !url.password) ||
    (allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!allowed || candidate.endpoint.length > 1024) throw refused('endpoint must be an https URL.');
  const keys = candidate.keys;
  // p256dh: an uncompressed P-256 point (65 bytes); auth: 16 bytes (RFC 8291).
  if (!base64urlBytes(keys?.p256dh, 65) || !base64urlBytes(keys?.auth, 16))
    throw refused('keys are malformed.');
  return { endpoint: candidate.endpoint, p256dh: String(keys?.p256dh), auth: String(keys?.auth) };
}

/** Stores the subscription (or updates its keys); a logged-in bind makes it the member's. */
export async function bindSubscription(
  db: Db,
  merchantId: number,
  subscription: WebPushSubscription,
  customerId: number | null | undefined,
): Promise<number> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      merchantId,
      customerId: customerId ?? null,
      ...subscription,
      kind: subscription.kind ?? 'webpush',
    })
    .onConflictDoUpdate({
      target: [pushSubscriptions.merchantId, pushSubscriptions.endpoint],
      set: {
        kind: subscription.kind ?? 'webpush',
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        ...(customerId === undefined ? {} : { customerId }),
        updatedAt: new Date(),
      },
    })
    .returning({ id: pushSubscriptions.id });
  if (row === undefined) throw new Error('push subscription upsert returned no row');
  return row.id;
}

export async function subscribeTopic(
  db: Db,
  merchantId: number,
  subscription: WebPushSubscription,
  topic: string,
): Promise<void> {
  const id = await bindSubscription(db, merchantId, subscription, undefined);
  await db.insert(pushTopicSubscriptions).values({ subscriptionId: id, topic }).onConflictDoNothing();
}

/** One topic, or with unsubscribeAll the subscription itself (and so every topic). */
export async function unsubscribe(
  db: Db,
  merchantId: number,
  subscription: WebPushSubscription,
  options: { topic?: string | undefined; unsubscribeAll?: boolean | undefined },
): Promise<void> {
  const match = and(
    eq(pushSubscriptions.merchantId, merchantId),
    eq(pushSubscriptions.endpoint, subscription.endpoint),
  );
  if (options.unsubscribeAll === true) {
    await db.delete(pushSubscriptions).where(match);
    return;
  }
  if (options.topic === undefined) throw invalidRequest('Give a topic or unsubscribeAll.');
  const [row] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(match);
  if (row === undefined) return;
  await db
    .delete(pushTopicSubscriptions)
    .where(
      and(eq(pushTopicSubscriptions.subscriptionId, row.id), eq(pushTopicSubscriptions.topic, options.topic)),
    );
}
