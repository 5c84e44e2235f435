import webpush from 'web-push';
import { and, eq } from 'drizzle-orm';
import type { PushMessage } from '@wps/contract';
import type { Db } from '../../db/client.js';
import { pushSubscriptions, pushTopicSubscriptions } from '../../db/schema.js';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import { vapidKeysFor } from './vapid.js';

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

export type PushTarget = { customerId: number } | { topic: string } | { everyone: true };

export interface PushSendDeps {
  db: Db;
  kek: KeyEncryptionKey;
  transport: PushTransport;
}

export interface PushOutcome {
  sent: number;
  /** Subscriptions the push service called gone (404, 410): deleted. */
  removed: number;
  failed: number;
}

/**
 * The encrypted body (RFC 8291 aes128gcm): a Declarative Web Push message (Safari 18.4+ shows it
 * without the worker), which the service worker's `push` handler reads the same way elsewhere.
 */
export function pushPayload(message: PushMessage, origin: string): string {
  const path = message.path && /^\/m\/[\w\-./?=&%]*$/.test(message.path) ? message.path : '/m/home';
  return JSON.stringify({
    web_push: 8030,
    notification: {
      title: message.title.slice(0, 120),
      ...(message.body ? { body: message.body.slice(0, 400) } : {}),
      navigate: `${origin}${path}`,
      ...(message.tag ? { tag: message.tag.slice(0, 64) } : {}),
    },
  });
}

/** Sends one message to a member's, a topic's or every subscription of the merchant. */
export async function sendPush(
  deps: PushSendDeps,
  merchant: { id: number; mainHost: string },
  target: PushTarget,
  message: PushMessage,
  origin = `https://${merchant.mainHost}`,
): Promise<PushOutcome> {
  const keys = await vapidKeysFor(deps.db, deps.kek, merchant.id);
  const byMerchant = eq(pushSubscriptions.merchantId, merchant.id);
  const where =
    'customerId' in target
      ? and(byMerchant, eq(pushSubscriptions.customerId, target.customerId))
      : byMerchant;
  const base = deps.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions);
  const rows =
    'topic' in target
      ? await base
          .innerJoin(pushTopicSubscriptions, eq(pushTopicSubscriptions.subscriptionId, pushSubscriptions.id))
          .where(and(byMerchant, eq(pushTopicSubscriptions.topic, target.topic)))
      : await base.where(where);

  const payload = pushPayload(message, origin);
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  for (const row of rows) {
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      {
        vapidDetails: { subject: origin.startsWith('https:') ? origin : 'mailto:push@localhost', ...keys },
        contentEncoding: 'aes128gcm',
        TTL: 86_400,
        urgency: 'normal',
      },
    );
    let status: number;
    try {
      status = await deps.transport.post(
        request.endpoint,
        request.headers as Record<string, string>,
        request.body,
      );
    } catch {
      outcome.failed += 1;
      continue;
    }
    if (status === 404 || status === 410) {
      await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
      outcome.removed += 1;
    } else if (status >= 200 && status < 300) outcome.sent += 1;
    else outcome.failed += 1;
  }
  return outcome;
}
