import { endpoints } from '@wps/contract/endpoints';
import { TrackingErrorCode } from '@wps/contract/tracking';
import { eq } from 'drizzle-orm';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, merchants, pushFcmConfigs, pushSubscriptions } from '../../db/schema/index.js';
import { AURORA, LOTUS, failure, plainPost, value } from '../../test/accounts.js';
import { startFakeFcm, type FakeFcm } from '../../test/fake-fcm.js';
import { TEST_SECRET_KEY, backends, useTestApp } from '../../test/test-app.js';
import { KeyEncryptionKey } from '../keys/key-encryption-key.js';
import {
  FcmAccessTokens,
  classifyFcmAnswer,
  fcmCredentialsFor,
  fcmMessage,
  parseFcmConfig,
  saveFcmConfig,
  type FcmConfigInput,
} from './fcm.js';
import { fetchTransport, sendPush } from './send.js';

const CLIENT_EMAIL = 'push-sender@aurora-play-demo.iam.gserviceaccount.com';
const PROJECT = 'aurora-play-demo';

describe('classifyFcmAnswer (FCM HTTP v1 answers)', () => {
  const error = (status: string, errorCode?: string) => ({
    error: { status, ...(errorCode ? { details: [{ errorCode }] } : {}) },
  });
  it.each([
    [200, { name: 'projects/p/messages/1' }, 'sent'],
    [404, error('NOT_FOUND', 'UNREGISTERED'), 'gone'],
    [404, null, 'gone'],
    [400, error('INVALID_ARGUMENT', 'UNREGISTERED'), 'gone'],
    [403, error('PERMISSION_DENIED', 'SENDER_ID_MISMATCH'), 'gone'],
    [400, error('INVALID_ARGUMENT', 'INVALID_ARGUMENT'), 'failed'],
    [400, error('INVALID_ARGUMENT'), 'failed'],
    [401, error('UNAUTHENTICATED'), 'unauthorized'],
    [429, error('RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'), 'failed'],
    [500, 'garbage', 'failed'],
    [503, { error: { details: 'not a list' } }, 'failed'],
  ] as const)('HTTP %i %j → %s', (status, body, expected) => {
    expect(classifyFcmAnswer(status, body)).toBe(expected);
  });

  it('the message: token, notification, the path as data, an https link only', () => {
    const push = { title: 'T', body: 'B', tag: 'x', path: '/m/home', link: 'https://a.example/m/home' };
    expect(fcmMessage('tok', push)).toEqual({
      message: {
        token: 'tok',
        notification: { title: 'T', body: 'B' },
        data: { path: '/m/home' },
        webpush: { notification: { tag: 'x' }, fcm_options: { link: 'https://a.example/m/home' } },
      },
    });
    const plain = fcmMessage('tok', { title: 'T', path: '/m/home', link: 'http://localhost/m/home' });
    expect(plain).toEqual({
      message: { token: 'tok', notification: { title: 'T' }, data: { path: '/m/home' }, webpush: {} },
    });
  });
});

describe.each(backends)('FCM adapter against a fake FCM and OAuth server (%s)', (backend) => {
  const t = useTestApp(backend);
  const kek = new KeyEncryptionKey(TEST_SECRET_KEY);
  let fake: FakeFcm;
  let privateKeyPem: string;
  let input: FcmConfigInput;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKeyPem = await exportPKCS8(pair.privateKey);
    fake = await startFakeFcm({ publicKey: pair.publicKey, clientEmail: CLIENT_EMAIL, projectId: PROJECT });
    input = {
      projectId: PROJECT,
      apiKey: 'demo-aurora-firebase-api-key',
      appId: '1:100000000001:web:a0a0a0a0a0a0a0a0',
      messagingSenderId: '100000000001',
      apiBaseUrl: fake.server.url,
      serviceAccount: JSON.stringify({
        type: 'service_account',
        project_id: PROJECT,
        private_key_id: 'key-1',
        private_key: privateKeyPem,
        client_email: CLIENT_EMAIL,
        token_uri: fake.tokenUri,
      }),
    };
  });
  afterAll(() => fake.close());

  async function merchant(code: string) {
    const [row] = await t.db.select().from(merchants).where(eq(merchants.code, code));
    if (!row) throw new Error(code);
    return row;
  }

  async function configure() {
    await saveFcmConfig(t.db, kek, (await merchant('aurora')).id, input, true);
  }

  const bind = (registrationToken: string, host = AURORA) =>
    plainPost(t.app, endpoints.fcmBind.path, { registrationToken }, { host });

  it('the service account key is stored sealed; the credentials open only with the same key', async () => {
    await configure();
    const aurora = await merchant('aurora');
    const [row] = await t.db.select().from(pushFcmConfigs).where(eq(pushFcmConfigs.merchantId, aurora.id));
    expect(row?.privateKeySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
    expect((await fcmCredentialsFor(t.db, kek, aurora.id))?.privateKeyPem).toBe(privateKeyPem);
    const otherKek = new KeyEncryptionKey('another-secret-key-of-at-least-32-characters!');
    expect(await fcmCredentialsFor(t.db, otherKek, aurora.id)).toBeNull();
    expect(await fcmCredentialsFor(t.db, kek, (await merchant('lotus')).id)).toBeNull();
  });

  it.each([
    ['no projectId', { projectId: '' }],
    ['no apiKey', { apiKey: '' }],
    ['no appId', { appId: '' }],
    ['no messagingSenderId', { messagingSenderId: '' }],
    ['a projectId with a slash', { projectId: 'a/../b' }],
    ['a key file that is not JSON', { serviceAccount: 'PRIVATE KEY' }],
    ['a key file of another type', { serviceAccount: JSON.stringify({ type: 'authorized_user' }) }],
    [
      'a key file without a key',
      { serviceAccount: JSON.stringify({ type: 'service_account', client_email: 'a@b' }) },
    ],
    ['an http API base', { apiBaseUrl: 'http://fcm.example.com' }],
    ['an API base with credentials', { apiBaseUrl: 'https://user:pw@fcm.example.com' }],
  ] as const)('a configuration with %s is refused (invalid_request)', async (_name, change) => {
    const bad = { ...input, ...change };
    await expect(saveFcmConfig(t.db, kek, (await merchant('lotus')).id, bad, false)).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('an http token URI (to a loopback fake) only where stand-ins run; a non-RSA key is refused', async () => {
    expect(() => parseFcmConfig({ ...input, apiBaseUrl: 'https://fcm.googleapis.com' }, false)).toThrow(
      /token_uri/,
    );
    const ec = await generateKeyPair('ES256', { extractable: true });
    const ecFile = JSON.stringify({
      type: 'service_account',
      private_key: await exportPKCS8(ec.privateKey),
      client_email: CLIENT_EMAIL,
      token_uri: fake.tokenUri,
    });
    await expect(
      saveFcmConfig(t.db, kek, (await merchant('lotus')).id, { ...input, serviceAccount: ecFile }, true),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('binds FCM registration tokens only where FCM is configured; hostile tokens refused', async () => {
    await configure();
    expect(value(await bind('fcm-device-token-aaaaaaaaaaaa:APA91b'))).toBeNull();
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, 'fcm-device-token-aaaaaaaaaaaa:APA91b'));
    expect(row?.kind).toBe('fcm');
    for (const hostile of [
      'short',
      'x'.repeat(1025),
      'token with spaces and more text',
      'tok<script>aaaaaaaaaaaaaaaa',
    ]) {
      expect(failure(await bind(hostile)).code, hostile).toBe(TrackingErrorCode.PUSH_SUBSCRIPTION_INVALID);
    }
    // Lotus has no FCM configuration: the same kind of token is not a subscription there.
    expect(failure(await bind('fcm-device-token-bbbbbbbbbbbb:APA91b', LOTUS)).code).toBe(
      TrackingErrorCode.PUSH_SUBSCRIPTION_INVALID,
    );
  });

  it('sends to a member: a verified assertion, one token exchange for two sends, the message shape', async () => {
    await configure();
    const aurora = await merchant('aurora');
    const [member] = await t.db
      .insert(customers)
      .values({ merchantId: aurora.id, username: `fcm-member-${backend}`, passwordHash: 'x' })
      .returning({ id: customers.id });
    const token = 'fcm-member-token-0000000000:APA91b';
    await bind(token);
    await t.db
      .update(pushSubscriptions)
      .set({ customerId: member?.id ?? 0 })
      .where(eq(pushSubscriptions.endpoint, token));
    const tokens = new FcmAccessTokens();
    const deps = { db: t.db, kek, transport: fetchTransport, fcmTokens: tokens };
    const before = { exchanges: fake.exchanges, deliveries: fake.deliveries.length };
    const message = { title: 'Bonus', body: 'Open it', path: '/m/activity?id=3', tag: 'promo' };
    const target = { customerId: member?.id ?? 0 };
    expect(await sendPush(deps, aurora, target, message)).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(await sendPush(deps, aurora, target, message)).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(fake.exchanges - before.exchanges).toBe(1);
    expect(fake.refusedAssertions).toBe(0);
    const delivered = fake.deliveries.slice(before.deliveries);
    expect(delivered).toHaveLength(2);
    expect(delivered[0]?.message).toEqual({
      token,
      notification: { title: 'Bonus', body: 'Open it' },
      data: { path: '/m/activity?id=3' },
      webpush: {
        notification: { tag: 'promo' },
        fcm_options: { link: `https://${aurora.mainHost}/m/activity?id=3` },
      },
    });
  });

  it('UNREGISTERED and SENDER_ID_MISMATCH remove the token; INVALID_ARGUMENT keeps it', async () => {
    await configure();
    const aurora = await merchant('aurora');
    for (const token of [
      'gone-token-0000000000000:APA91b',
      'other-sender-000000000000:APA91b',
      'bad-token-00000000000000:APA91b',
    ]) {
      await plainPost(t.app, endpoints.fcmSubscribe.path, { registrationToken: token, topic: 'fcm-errors' });
    }
    const deps = { db: t.db, kek, transport: fetchTransport, fcmTokens: new FcmAccessTokens() };
    expect(await sendPush(deps, aurora, { topic: 'fcm-errors' }, { title: 'x' })).toEqual({
      sent: 0,
      removed: 2,
      failed: 1,
    });
    const left = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.merchantId, aurora.id));
    const endpoints_ = left.map((row) => row.endpoint);
    expect(endpoints_).toContain('bad-token-00000000000000:APA91b');
    expect(endpoints_).not.toContain('gone-token-0000000000000:APA91b');
    expect(endpoints_).not.toContain('other-sender-000000000000:APA91b');
  });

  it('a 401 fetches the access token again once and sends again; a second 401 fails', async () => {
    await configure();
    const aurora = await merchant('aurora');
    const token = 'refresh-token-00000000000:APA91b';
    await plainPost(t.app, endpoints.fcmSubscribe.path, { registrationToken: token, topic: 'fcm-refresh' });
    const tokens = new FcmAccessTokens();
    const deps = { db: t.db, kek, transport: fetchTransport, fcmTokens: tokens };
    expect((await sendPush(deps, aurora, { topic: 'fcm-refresh' }, { title: 'one' })).sent).toBe(1);
    fake.revokeTokens();
    const exchanges = fake.exchanges;
    expect(await sendPush(deps, aurora, { topic: 'fcm-refresh' }, { title: 'two' })).toEqual({
      sent: 1,
      removed: 0,
      failed: 0,
    });
    expect(fake.exchanges - exchanges).toBe(1);

    fake.alwaysUnauthorized = true;
    try {
      const again = fake.exchanges;
      expect(await sendPush(deps, aurora, { topic: 'fcm-refresh' }, { title: 'three' })).toEqual({
        sent: 0,
        removed: 0,
        failed: 1,
      });
      expect(fake.exchanges - again).toBe(1); // one refresh, not a loop
    } finally {
      fake.alwaysUnauthorized = false;
    }
  });

  it('an assertion signed with another key is refused by the token endpoint: the send fails', async () => {
    const aurora = await merchant('aurora');
    const other = await generateKeyPair('RS256', { extractable: true });
    const forged = JSON.parse(input.serviceAccount) as Record<string, string>;
    forged.private_key = await exportPKCS8(other.privateKey);
    await saveFcmConfig(t.db, kek, aurora.id, { ...input, serviceAccount: JSON.stringify(forged) }, true);
    for (const token of ['forged-key-token-00000000:APA91b', 'forged-key-token-11111111:APA91b']) {
      await plainPost(t.app, endpoints.fcmSubscribe.path, { registrationToken: token, topic: 'fcm-forged' });
    }
    const refused = fake.refusedAssertions;
    const deps = { db: t.db, kek, transport: fetchTransport, fcmTokens: new FcmAccessTokens() };
    expect(await sendPush(deps, aurora, { topic: 'fcm-forged' }, { title: 'x' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 2,
    });
    // Refused once: the second token fails without asking the token endpoint again.
    expect(fake.refusedAssertions - refused).toBe(1);
    await configure();
  });

  it('merchant isolation: Lotus sending to everyone never reaches an Aurora FCM token', async () => {
    await configure();
    await bind('isolated-token-000000000:APA91b');
    const deliveries = fake.deliveries.length;
    const deps = { db: t.db, kek, transport: fetchTransport, fcmTokens: new FcmAccessTokens() };
    await sendPush(deps, await merchant('lotus'), { everyone: true }, { title: 'lotus only' });
    expect(fake.deliveries.slice(deliveries).map((d) => d.message.token)).not.toContain(
      'isolated-token-000000000:APA91b',
    );
  });
});
