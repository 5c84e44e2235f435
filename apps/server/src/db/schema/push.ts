import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { customers } from './identity.js';
import { merchants } from './merchants.js';

/* Push (issue 17): VAPID keys, FCM configurations, subscriptions and their topics. */

/** The merchant's VAPID key pair (Web Push); the private key sealed like the RSA keys (AAD `vapid:{merchantId}`). */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  publicKey: text('public_key').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  sealedWith: text('sealed_with').notNull(),
  createdAt: createdAt(),
});

export type PushSubscriptionKind = 'webpush' | 'fcm';

/**
 * A merchant's Firebase Cloud Messaging configuration (issue 17): the web app's Firebase ids and the
 * service account the server signs its OAuth assertion with. The service account's private key is
 * sealed by the key-encryption key (AAD `fcm:{merchantId}`) and never leaves the server; the base
 * URLs are FCM's and Google's unless a test or the stand-in points them elsewhere.
 */
export const pushFcmConfigs = pgTable('push_fcm_configs', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  projectId: text('project_id').notNull(),
  apiKey: text('api_key').notNull(),
  appId: text('app_id').notNull(),
  messagingSenderId: text('messaging_sender_id').notNull(),
  clientEmail: text('client_email').notNull(),
  privateKeyId: text('private_key_id'),
  privateKeySealed: text('private_key_sealed').notNull(),
  sealedWith: text('sealed_with').notNull(),
  tokenUri: text('token_uri').notNull(),
  apiBaseUrl: text('api_base_url').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Web Push subscriptions (the FCM contract's registrationToken), a member's when bound while logged in. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** `webpush` (endpoint and keys of a PushSubscription) or `fcm` (endpoint is the FCM registration token). */
    kind: text('kind').$type<PushSubscriptionKind>().notNull().default('webpush'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_merchant_endpoint_idx').on(table.merchantId, table.endpoint),
    index('push_subscriptions_customer_idx').on(table.customerId),
  ],
);

export const pushTopicSubscriptions = pgTable(
  'push_topic_subscriptions',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.topic] }),
    index('push_topic_subscriptions_topic_idx').on(table.topic),
  ],
);
