import { TrackingErrorCode, type PushPublicKey } from '@wps/contract/tracking';
import { endpoints } from '@wps/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  merchants,
  pushSubscriptions,
  pushTopicSubscriptions,
  pushVapidKeys,
} from '../../db/schema/index.js';
import { KeyEncryptionKey } from '../../services/keys/key-encryption-key.js';
import { fetchTransport, sendPush } from '../../services/push/send.js';
import { vapidKeysFor } from '../../services/push/vapid.js';
import { AURORA, LOTUS, failure, get, plainPost, value } from '../../test/accounts.js';
import { serveFetchHandler, type FetchServer } from '../../test/fetch-server.js';
import { createPushReceiver, verifyVapid } from '../../test/push-receiver.js';
import { newLotusMember } from '../../test/cashier.js';
import { memberTakesBreak } from '../../test/trust.js';
import { TEST_SECRET_KEY, backends, useTestApp } from '../../test/test-app.js';

interface Delivery {
  path: string;
  headers: Headers;
  body: Uint8Array;
}

describe.each(backends)('Web Push: keys, FCM contract, sending (%s)', (backend) => {
  const t = useTestApp(backend);
  const kek = new KeyEncryptionKey(TEST_SECRET_KEY);
  const received: Delivery[] = [];
  let pushService: FetchServer;

  beforeAll(async () => {
    // A loopback push service: /gone answers 410, /missing 404, /broken 500, anything else 201.
    pushService = await serveFetchHandler(async (request) => {
      const path = new URL(request.url).pathname;
      received.push({ path, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
      const status = path.startsWith('/gone')
        ? 410
        : path.startsWith('/missing')
          ? 404
          : path.startsWith('/broken')
            ? 500
            : 201;
      return new Response(null, { status });
    });
  });
  afterAll(() => pushService.close());

  async function merchant(code: string) {
    const [row] = await t.db.select().from(merchants).where(eq(merchants.code, code));
    if (!row) throw new Error(code);
    return row;
  }

  async function bind(registrationToken: string, host = AURORA, token?: string) {
    return plainPost(
      t.app,
      endpoints.fcmBind.path,
      { registrationToken },
      { host, ...(token ? { token } : {}) },
    );
  }

  it('each merchant gets its own VAPID key, stable, its private key sealed', async () => {
    const first = value<PushPublicKey>(await get(t.app, endpoints.pushPublicKey.path));
    const again = value<PushPublicKey>(await get(t.app, endpoints.pushPublicKey.path));
    const lotus = value<PushPublicKey>(await get(t.app, endpoints.pushPublicKey.path, { host: LOTUS }));
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(again.publicKey).toBe(first.publicKey);
    expect(lotus.publicKey).not.toBe(first.publicKey);
    const [row] = await t.db
      .select()
      .from(pushVapidKeys)
      .where(eq(pushVapidKeys.merchantId, (await merchant('aurora')).id));
    expect(row?.privateKeySealed).toMatch(/^v1\./);
    const keys = await vapidKeysFor(t.db, kek, (await merchant('aurora')).id);
    expect(keys.publicKey).toBe(first.publicKey);
    expect(row?.privateKeySealed).not.toContain(keys.privateKey);
  });

  it.each([
    ['not JSON', 'token-from-fcm'],
    ['no endpoint', JSON.stringify({ keys: {} })],
    ['an ftp endpoint', JSON.stringify({ ...createPushReceiver().subscription('ftp://x/y') })],
    ['plain http elsewhere', JSON.stringify(createPushReceiver().subscription('http://10.0.0.1/push'))],
    [
      'credentials in the URL',
      JSON.stringify(createPushReceiver().subscription('https://a:b@push.example/x')),
    ],
    [
      'a short p256dh',
      JSON.stringify({ endpoint: 'https://push.example/x', keys: { p256dh: 'AAAA', auth: 'A'.repeat(22) } }),
    ],
    [
      'a long auth',
      JSON.stringify({
        ...createPushReceiver().subscription('https://push.example/x'),
        keys: { p256dh: createPushReceiver().subscription('x').keys.p256dh, auth: 'A'.repeat(40) },
      }),
    ],
  ])('bind refuses %s with push_subscription_invalid', async (_name, registrationToken) => {
    expect(failure(await bind(registrationToken))).toMatchObject({
      status: 400,
      code: TrackingErrorCode.PUSH_SUBSCRIPTION_INVALID,
    });
  });

  it('a bad token on bind is refused; no token binds the device without a member', async () => {
    const receiver = createPushReceiver();
    const token = JSON.stringify(receiver.subscription(`${pushService.url}/device-1`));
    expect(failure(await bind(token, AURORA, 'not-a-session')).status).toBe(401);
    expect(value(await bind(token))).toBeNull();
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${pushService.url}/device-1`));
    expect(row?.customerId).toBeNull();
  });

  it('sends no marketing to a member on a break, by any target; a visitor’s device still gets it', async () => {
    const lotus = await merchant('lotus');
    const member = await newLotusMember(t.app, 'Push');
    const memberDevice = createPushReceiver().subscription(`${pushService.url}/on-break`);
    const visitorDevice = createPushReceiver().subscription(`${pushService.url}/visitor`);
    expect(value(await bind(JSON.stringify(memberDevice), LOTUS, member.token))).toBeNull();
    for (const device of [memberDevice, visitorDevice]) {
      const subscribe = { registrationToken: JSON.stringify(device), topic: 'break-news' };
      await plainPost(t.app, endpoints.fcmSubscribe.path, subscribe, { host: LOTUS });
    }
    const send = (target: Parameters<typeof sendPush>[2]) =>
      sendPush({ db: t.db, kek, transport: fetchTransport }, lotus, target, { title: 'Reload bonus' });
    const paths = () => received.map((delivery) => delivery.path).sort();

    received.length = 0;
    expect(await send({ customerId: member.customerId })).toMatchObject({ sent: 1 });
    await memberTakesBreak(t.app, member, 'time_out', '24h');
    for (const target of [
      { customerId: member.customerId },
      { topic: 'break-news' },
      { everyone: true as const },
    ]) {
      received.length = 0;
      await send(target);
      expect(paths()).not.toContain('/on-break');
    }
    received.length = 0;
    await send({ topic: 'break-news' });
    expect(paths()).toEqual(['/visitor']);
  });

  it('sends to a topic: the loopback service decrypts the RFC 8291 payload and the VAPID header verifies', async () => {
    const aurora = await merchant('aurora');
    const receiver = createPushReceiver();
    const sub = receiver.subscription(`${pushService.url}/topic-reader`);
    const topic = { registrationToken: JSON.stringify(sub), topic: 'promotions' };
    expect(value(await plainPost(t.app, endpoints.fcmSubscribe.path, topic))).toBeNull();
    expect(value(await plainPost(t.app, endpoints.fcmSubscribe.path, topic))).toBeNull(); // twice: one row
    received.length = 0;

    const outcome = await sendPush(
      { db: t.db, kek, transport: fetchTransport },
      aurora,
      { topic: 'promotions' },
      {
        title: 'Weekend bonus',
        body: 'Open to see it',
        path: '/m/activity?id=7',
      },
    );
    expect(outcome).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const delivery = received[0];
    if (!delivery) throw new Error('nothing delivered');
    expect(delivery.path).toBe('/topic-reader');
    expect(delivery.headers.get('content-encoding')).toBe('aes128gcm');
    expect(Number(delivery.headers.get('ttl'))).toBeGreaterThan(0);
    expect(JSON.parse(receiver.decrypt(delivery.body))).toEqual({
      web_push: 8030,
      notification: {
        title: 'Weekend bonus',
        body: 'Open to see it',
        navigate: `https://${aurora.mainHost}/m/activity?id=7`,
      },
    });
    const { publicKey } = value<PushPublicKey>(await get(t.app, endpoints.pushPublicKey.path));
    expect(() =>
      verifyVapid(delivery.headers.get('authorization') ?? '', pushService.url, publicKey),
    ).not.toThrow();
    // The payload is not readable without the subscription's keys.
    expect(Buffer.from(delivery.body).toString('utf8')).not.toContain('Weekend');
  });

  it('a path outside /m/ opens the home page instead', async () => {
    const aurora = await merchant('aurora');
    const receiver = createPushReceiver();
    await plainPost(t.app, endpoints.fcmSubscribe.path, {
      registrationToken: JSON.stringify(receiver.subscription(`${pushService.url}/redirect-check`)),
      topic: 'redirects',
    });
    received.length = 0;
    await sendPush(
      { db: t.db, kek, transport: fetchTransport },
      aurora,
      { topic: 'redirects' },
      { title: 'x', path: 'https://evil.example/' },
    );
    const body = received[0]?.body ?? new Uint8Array();
    expect(
      (JSON.parse(receiver.decrypt(body)) as { notification: { navigate: string } }).notification.navigate,
    ).toBe(`https://${aurora.mainHost}/m/home`);
  });

  it('404 and 410 remove the subscription (and its topics); 500 keeps it', async () => {
    const aurora = await merchant('aurora');
    for (const path of ['gone-1', 'missing-1', 'broken-1']) {
      await plainPost(t.app, endpoints.fcmSubscribe.path, {
        registrationToken: JSON.stringify(createPushReceiver().subscription(`${pushService.url}/${path}`)),
        topic: 'cleanup',
      });
    }
    const outcome = await sendPush(
      { db: t.db, kek, transport: fetchTransport },
      aurora,
      { topic: 'cleanup' },
      { title: 'x' },
    );
    expect(outcome).toEqual({ sent: 0, removed: 2, failed: 1 });
    const left = await t.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);
    const endpoints_ = left.map((row) => row.endpoint);
    expect(endpoints_).toContain(`${pushService.url}/broken-1`);
    expect(endpoints_).not.toContain(`${pushService.url}/gone-1`);
    expect(endpoints_).not.toContain(`${pushService.url}/missing-1`);
  });

  it('sends to a member only; unsubscribe of a topic, then unsubscribeAll', async () => {
    const aurora = await merchant('aurora');
    const [member] = await t.db.select().from(customers).where(eq(customers.merchantId, aurora.id)).limit(1);
    if (!member) throw new Error('no seeded member');
    const mine = createPushReceiver().subscription(`${pushService.url}/member-device`);
    await bind(JSON.stringify(mine));
    await t.db
      .update(pushSubscriptions)
      .set({ customerId: member.id })
      .where(eq(pushSubscriptions.endpoint, mine.endpoint));
    received.length = 0;
    const outcome = await sendPush(
      { db: t.db, kek, transport: fetchTransport },
      aurora,
      { customerId: member.id },
      { title: 'Hi' },
    );
    expect(outcome.sent).toBe(1);
    expect(received.map((item) => item.path)).toEqual(['/member-device']);

    const token = JSON.stringify(mine);
    await plainPost(t.app, endpoints.fcmSubscribe.path, { registrationToken: token, topic: 'a' });
    await plainPost(t.app, endpoints.fcmSubscribe.path, { registrationToken: token, topic: 'b' });
    expect(
      value(await plainPost(t.app, endpoints.fcmUnsubscribe.path, { registrationToken: token, topic: 'a' })),
    ).toBeNull();
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, mine.endpoint));
    const topics = await t.db
      .select()
      .from(pushTopicSubscriptions)
      .where(eq(pushTopicSubscriptions.subscriptionId, row?.id ?? 0));
    expect(topics.map((item) => item.topic)).toEqual(['b']);
    expect(
      failure(await plainPost(t.app, endpoints.fcmUnsubscribe.path, { registrationToken: token })).code,
    ).toBe('invalid_request');
    expect(
      value(
        await plainPost(t.app, endpoints.fcmUnsubscribe.path, {
          registrationToken: token,
          unsubscribeAll: true,
        }),
      ),
    ).toBeNull();
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, mine.endpoint)),
    ).toEqual([]);
  });

  it("merchant isolation: another merchant's topic and unsubscribe do not touch Aurora", async () => {
    const aurora = await merchant('aurora');
    const lotus = await merchant('lotus');
    const sub = createPushReceiver().subscription(`${pushService.url}/shared-device`);
    const token = JSON.stringify(sub);
    await plainPost(t.app, endpoints.fcmSubscribe.path, { registrationToken: token, topic: 'news' });
    await plainPost(
      t.app,
      endpoints.fcmUnsubscribe.path,
      { registrationToken: token, unsubscribeAll: true },
      { host: LOTUS },
    );
    received.length = 0;
    expect(
      (await sendPush({ db: t.db, kek, transport: fetchTransport }, lotus, { topic: 'news' }, { title: 'x' }))
        .sent,
    ).toBe(0);
    expect(
      (
        await sendPush(
          { db: t.db, kek, transport: fetchTransport },
          aurora,
          { topic: 'news' },
          { title: 'x' },
        )
      ).sent,
    ).toBe(1);
  });

  it('POST /wps/report/push sends with the report token; refuses without it or with two targets', async () => {
    const receiver = createPushReceiver();
    await plainPost(t.app, endpoints.fcmSubscribe.path, {
      registrationToken: JSON.stringify(receiver.subscription(`${pushService.url}/route-reader`)),
      topic: 'route',
    });
    const message = { topic: 'route', title: 'Draw at 8', path: '/m/game' };
    const headers = { headers: { 'x-report-token': 'aurora-report-token-demo' } };
    expect(failure(await plainPost(t.app, endpoints.pushSend.path, message))).toMatchObject({
      status: 401,
      code: TrackingErrorCode.REPORT_TOKEN_INVALID,
    });
    expect(
      failure(await plainPost(t.app, endpoints.pushSend.path, { ...message, everyone: true }, headers)).code,
    ).toBe('invalid_request');
    expect(
      failure(
        await plainPost(
          t.app,
          endpoints.pushSend.path,
          { ...message, path: 'https://evil.example/' },
          headers,
        ),
      ).code,
    ).toBe('invalid_request');
    for (const segment of [
      {},
      { registeredFrom: '2026-04-02', registeredTo: '2026-04-01' },
      { vip: 'Gold' },
    ]) {
      const { topic: _topic, ...rest } = message;
      expect(
        failure(await plainPost(t.app, endpoints.pushSend.path, { ...rest, segment }, headers)).code,
        JSON.stringify(segment),
      ).toBe('invalid_request');
    }
    // A segment matches members only: the topic's visitor subscription is not in it.
    const { topic: _topic, ...toSegment } = message;
    expect(
      value(
        await plainPost(
          t.app,
          endpoints.pushSend.path,
          { ...toSegment, segment: { language: 'en' } },
          headers,
        ),
      ),
    ).toMatchObject({ failed: 0, removed: 0 });
    received.length = 0;
    expect(value(await plainPost(t.app, endpoints.pushSend.path, message, headers))).toEqual({
      sent: 1,
      removed: 0,
      failed: 0,
    });
    const body = received[0]?.body ?? new Uint8Array();
    expect(JSON.parse(receiver.decrypt(body))).toMatchObject({
      notification: { title: 'Draw at 8', navigate: 'http://localhost/m/game' },
    });
  });

  it.each([
    ['a topic with spaces', { topic: 'two words' }],
    ['a topic too long', { topic: 'x'.repeat(65) }],
    ['an extra field', { topic: 'ok', admin: true }],
  ])('subscribe refuses %s', async (_name, extra) => {
    const token = JSON.stringify(createPushReceiver().subscription(`${pushService.url}/x`));
    const response = await plainPost(t.app, endpoints.fcmSubscribe.path, {
      registrationToken: token,
      ...extra,
    });
    expect(failure(response)).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});
