import webpush from 'web-push';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { EndpointParsed } from '@wps/contract/endpoints';
import type { PushSegment } from '@wps/contract/schemas/tracking';
import type { PushMessage, PushSendOutcome } from '@wps/contract/tracking';
import type { Db } from '../../db/client.js';
import {
  customers,
  pushSubscriptions,
  pushTopicSubscriptions,
  type PushSubscriptionKind,
} from '../../db/schema/index.js';
import { invalidRequest } from '../errors.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { createFcmSender, fcmCredentialsFor, type FcmAccessTokens } from './fcm.js';
import type { DeliveryResult, PushSender, RenderedPush, StoredSubscription } from './sender.js';
import { vapidKeysFor, type VapidKeys } from './vapid.js';

/** How a push message reaches a push service: one HTTP POST, answered with its status. */
export interface PushTransport {
  post(endpoint: string, headers: Record<string, string>, body: Buffer | null): Promise<number>;
}

export const fetchTransport: PushTransport = {
  async post(endpoint, headers, body) {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers,
      ...(body === null ? {} : { body: new Uint8Array(body) }),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.status;
  },
};

/** A segment of the merchant's members (the contract's `pushSegmentSchema`). */
export type { PushSegment };

export type PushTarget =
  { customerId: number } | { topic: string } | { segment: PushSegment } | { everyone: true };

export interface PushSendDeps {
  db: Db;
  kek: KeyEncryptionKey;
  transport: PushTransport;
  /** FCM access tokens (default: the process's). */
  fcmTokens?: FcmAccessTokens;
}

/**
 * What sending did: delivered, removed (the push service called the subscription gone: 404, 410;
 * FCM UNREGISTERED), failed.
 */
export type PushOutcome = PushSendOutcome;

const DAY_MS = 86_400_000;

/** The message as senders deliver it: the path inside /m/ (else home), cut to size, with its link. */
export function renderPush(message: PushMessage, origin: string): RenderedPush {
  const path = message.path && /^\/m\/[\w\-./?=&%]*$/.test(message.path) ? message.path : '/m/home';
  return {
    title: message.title.slice(0, 120),
    ...(message.body ? { body: message.body.slice(0, 400) } : {}),
    ...(message.tag ? { tag: message.tag.slice(0, 64) } : {}),
    path,
    link: `${origin}${path}`,
  };
}

/**
 * The encrypted body (RFC 8291 aes128gcm): a Declarative Web Push message (Safari 18.4+ shows it
 * without the worker), which the service worker's `push` handler reads the same way elsewhere.
 */
export function pushPayload(message: PushMessage, origin: string): string {
  return webPushBody(renderPush(message, origin));
}

function webPushBody(push: RenderedPush): string {
  return JSON.stringify({
    web_push: 8030,
    notification: {
      title: push.title,
      ...(push.body ? { body: push.body } : {}),
      navigate: push.link,
      ...(push.tag ? { tag: push.tag } : {}),
    },
  });
}

/** Web Push with the merchant's VAPID keys: 2xx sent, 404/410 gone, anything else failed. */
export function createWebPushSender(keys: VapidKeys, origin: string, transport: PushTransport): PushSender {
  return {
    async deliver(subscription, push) {
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        webPushBody(push),
        {
          vapidDetails: { subject: origin.startsWith('https:') ? origin : 'mailto:push@localhost', ...keys },
          contentEncoding: 'aes128gcm',
          TTL: 86_400,
          urgency: 'normal',
        },
      );
      const status = await transport.post(
        request.endpoint,
        request.headers as Record<string, string>,
        request.body,
      );
      if (status === 404 || status === 410) return 'gone';
      return status >= 200 && status < 300 ? 'sent' : 'failed';
    },
  };
}

/** Checks a segment: at least one criterion, days that exist, from not after to. */
export function segmentWhere(merchantId: number, segment: PushSegment): SQL {
  const conditions: SQL[] = [eq(customers.merchantId, merchantId)];
  if (segment.vipLabel !== undefined) conditions.push(eq(customers.clubLabelName, segment.vipLabel));
  if (segment.language !== undefined) conditions.push(eq(customers.language, segment.language));
  const day = (text: string, name: string) => {
    const at = Date.parse(`${text}T00:00:00Z`);
    if (
      !/^\d{4}-\d{2}-\d{2}$/.test(text) ||
      !Number.isFinite(at) ||
      new Date(at).toISOString().slice(0, 10) !== text
    )
      throw invalidRequest(`${name} is not a day.`);
    return at;
  };
  const from = segment.registeredFrom === undefined ? null : day(segment.registeredFrom, 'registeredFrom');
  const to = segment.registeredTo === undefined ? null : day(segment.registeredTo, 'registeredTo');
  if (from !== null && to !== null && from > to)
    throw invalidRequest('registeredFrom must not be after registeredTo.');
  if (from !== null) conditions.push(gte(customers.createdAt, new Date(from)));
  if (to !== null) conditions.push(lt(customers.createdAt, new Date(to + DAY_MS)));
  if (conditions.length === 1) throw invalidRequest('A segment needs at least one criterion.');
  return and(...conditions) ?? sql`false`;
}

interface Row extends StoredSubscription {
  id: number;
  kind: PushSubscriptionKind;
}

/**
 * A member on a time-out or self-exclusion gets no marketing (issue 29): their subscriptions are left
 * out of every send, whatever the target; a visitor's subscription (no member) stays.
 */
const notOnBreak = sql`NOT EXISTS (SELECT 1 FROM customers on_break WHERE on_break.id = ${pushSubscriptions.customerId}
  AND on_break.break_until > now())`;

async function subscriptionsOf(db: Db, merchantId: number, target: PushTarget): Promise<Row[]> {
  const byMerchant = and(eq(pushSubscriptions.merchantId, merchantId), notOnBreak);
  const columns = {
    id: pushSubscriptions.id,
    kind: pushSubscriptions.kind,
    endpoint: pushSubscriptions.endpoint,
    p256dh: pushSubscriptions.p256dh,
    auth: pushSubscriptions.auth,
  };
  if ('topic' in target) {
    return db
      .select(columns)
      .from(pushSubscriptions)
      .innerJoin(pushTopicSubscriptions, eq(pushTopicSubscriptions.subscriptionId, pushSubscriptions.id))
      .where(and(byMerchant, eq(pushTopicSubscriptions.topic, target.topic)));
  }
  if ('segment' in target) {
    return db
      .select(columns)
      .from(pushSubscriptions)
      .innerJoin(customers, eq(customers.id, pushSubscriptions.customerId))
      .where(and(byMerchant, segmentWhere(merchantId, target.segment)));
  }
  return db
    .select(columns)
    .from(pushSubscriptions)
    .where(
      'customerId' in target
        ? and(byMerchant, eq(pushSubscriptions.customerId, target.customerId))
        : byMerchant,
    );
}

/**
 * Sends one message to a member's, a topic's, a segment's or every subscription of the merchant:
 * Web Push subscriptions with its VAPID keys, FCM tokens through its FCM configuration (a token of a
 * merchant without one fails). Gone subscriptions are deleted.
 */
export async function sendPush(
  deps: PushSendDeps,
  merchant: { id: number; mainHost: string },
  target: PushTarget,
  message: PushMessage,
  origin = `https://${merchant.mainHost}`,
): Promise<PushOutcome> {
  const rows = await subscriptionsOf(deps.db, merchant.id, target);
  const push = renderPush(message, origin);
  const senders = new Map<PushSubscriptionKind, PushSender | null>();
  const senderFor = async (kind: PushSubscriptionKind): Promise<PushSender | null> => {
    if (senders.has(kind)) return senders.get(kind) ?? null;
    let sender: PushSender | null;
    if (kind === 'fcm') {
      const credentials = await fcmCredentialsFor(deps.db, deps.kek, merchant.id);
      sender = credentials === null ? null : createFcmSender(credentials, deps.fcmTokens);
    } else {
      sender = createWebPushSender(
        await vapidKeysFor(deps.db, deps.kek, merchant.id),
        origin,
        deps.transport,
      );
    }
    senders.set(kind, sender);
    return sender;
  };

  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  for (const row of rows) {
    let result: DeliveryResult;
    try {
      const sender = await senderFor(row.kind);
      result = sender === null ? 'failed' : await sender.deliver(row, push);
    } catch {
      result = 'failed';
    }
    if (result === 'gone') {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
      outcome.removed += 1;
    } else if (result === 'sent') outcome.sent += 1;
    else outcome.failed += 1;
  }
  return outcome;
}

/** The target of a send request (the schema guarantees exactly one). */
export function pushTargetOf(input: EndpointParsed<'pushSend'>): PushTarget {
  if (input.customerId !== undefined) return { customerId: input.customerId };
  if (input.topic !== undefined) return { topic: input.topic };
  if (input.segment !== undefined) return { segment: input.segment };
  return { everyone: true };
}

export function pushMessageOf(input: EndpointParsed<'pushSend'>): PushMessage {
  return {
    title: input.title,
    ...(input.body === undefined ? {} : { body: input.body }),
    ...(input.path === undefined ? {} : { path: input.path }),
    ...(input.tag === undefined ? {} : { tag: input.tag }),
  };
}
