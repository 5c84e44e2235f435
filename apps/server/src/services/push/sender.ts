/**
 * The one small interface every push provider sits behind (issue 17): Web Push (services/push/send.ts,
 * RFC 8291 with the merchant's VAPID key) and Firebase Cloud Messaging HTTP v1 (services/push/fcm.ts).
 */

/** A stored subscription as a sender needs it: the Web Push endpoint and keys, or the FCM token. */
export interface StoredSubscription {
  /** Web Push: the push service URL; FCM: the registration token. */
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push message as senders deliver it: checked, cut to size, its link absolute. */
export interface RenderedPush {
  title: string;
  body?: string;
  tag?: string;
  /** The same-origin /m/ path it opens. */
  path: string;
  /** `origin + path`. */
  link: string;
}

/** sent; gone (the provider says the subscription no longer exists: removed); failed (kept). */
export type DeliveryResult = 'sent' | 'gone' | 'failed';

export interface PushSender {
  deliver(subscription: StoredSubscription, push: RenderedPush): Promise<DeliveryResult>;
}
