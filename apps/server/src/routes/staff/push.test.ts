import { ChatErrorCode } from '@wps/contract/chat';
import type { AttributionReport, PushSendOutcome } from '@wps/contract/tracking';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPKCS8, generateKeyPair } from 'jose';
import { customers, merchants, pushFcmConfigs, pushSubscriptions } from '../../db/schema/index.js';
import { AURORA, LOTUS } from '../../test/accounts.js';
import { staffSignIn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { serveFetchHandler, type FetchServer } from '../../test/fetch-server.js';
import { createPushReceiver } from '../../test/push-receiver.js';
import { backends, useTestApp } from '../../test/test-app.js';

const clock = new TestClock();

async function signIn(app: FastifyInstance, username: string, host = AURORA): Promise<string> {
  clock.advance(30_000);
  return staffSignIn(app, username, clock.now(), host);
}

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  cookie: string | null,
  body?: unknown,
  host = AURORA,
) {
  const response = await app.inject({
    method,
    url: path,
    headers: {
      host,
      origin: `http://${host}`,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const answer = response.json() as { success: boolean; value?: unknown; errorCode?: string };
  return { status: response.statusCode, answer };
}

describe.each(backends)('back office Push section (%s)', (backend) => {
  const logLines: string[] = [];
  const t = useTestApp(backend, {
    now: clock.now,
    config: { logLevel: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  let pushService: FetchServer;
  const reached: string[] = [];
  let lead = '';
  let agent = '';

  beforeAll(async () => {
    pushService = await serveFetchHandler((request) => {
      reached.push(new URL(request.url).pathname.slice(1));
      return Promise.resolve(new Response(null, { status: 201 }));
    });
  });
  afterAll(() => pushService.close());

  async function merchantId(code: string): Promise<number> {
    const [row] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code));
    return row?.id ?? 0;
  }

  /** Members with one subscription each; its endpoint path is the member's username. */
  async function members(
    code: string,
    people: { username: string; vip?: string; language?: string; registered: string }[],
  ) {
    const id = await merchantId(code);
    const receiver = createPushReceiver();
    for (const person of people) {
      const [row] = await t.db
        .insert(customers)
        .values({
          merchantId: id,
          username: `${person.username}`,
          passwordHash: 'x',
          language: person.language ?? null,
          clubLabelId: person.vip ? `L-${person.vip}` : null,
          clubLabelName: person.vip ?? null,
          createdAt: new Date(`${person.registered}T12:00:00Z`),
        })
        .returning({ id: customers.id });
      const sub = receiver.subscription(`${pushService.url}/${person.username}`);
      await t.db.insert(pushSubscriptions).values({
        merchantId: id,
        customerId: row?.id ?? null,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
      });
    }
  }

  beforeAll(async () => {
    await members('aurora', [
      { username: 'seg-gold-en', vip: 'Gold', language: 'en', registered: '2026-03-01' },
      { username: 'seg-gold-vi', vip: 'Gold', language: 'vi', registered: '2026-03-15' },
      { username: 'seg-silver-en', vip: 'Silver', language: 'en', registered: '2026-03-31' },
      { username: 'seg-none', registered: '2026-04-01' },
    ]);
    await members('lotus', [
      { username: 'seg-lotus-gold', vip: 'Gold', language: 'en', registered: '2026-03-02' },
    ]);
    lead = await signIn(t.app, 'aurora-lead');
    agent = await signIn(t.app, 'aurora-agent');
  });

  const send = async (body: unknown, cookie: string | null = lead, host = AURORA) => {
    reached.length = 0;
    const result = await call(t.app, 'POST', '/wps/staff/push/send', cookie, body, host);
    return { ...result, reached: [...reached].filter((name) => name.startsWith('seg-')).sort() };
  };

  it.each([
    ['a VIP label', { vipLabel: 'Gold' }, ['seg-gold-en', 'seg-gold-vi']],
    ['a language', { language: 'en' }, ['seg-gold-en', 'seg-silver-en']],
    ['a label and a language', { vipLabel: 'Gold', language: 'vi' }, ['seg-gold-vi']],
    [
      'registered within days (inclusive)',
      { registeredFrom: '2026-03-15', registeredTo: '2026-03-31' },
      ['seg-gold-vi', 'seg-silver-en'],
    ],
    ['registered from a day on', { registeredFrom: '2026-03-31' }, ['seg-none', 'seg-silver-en']],
    ['registered up to a day', { registeredTo: '2026-03-01' }, ['seg-gold-en']],
    ['a label nobody has', { vipLabel: 'Diamond' }, []],
    ['an injection-looking label', { vipLabel: "Gold' OR '1'='1" }, []],
    ['a label of another case', { vipLabel: 'gold' }, []],
  ])('a supervisor sends to a segment: %s', async (_name, segment, expected) => {
    const result = await send({ segment, title: 'Segment news', path: '/m/home' });
    expect(result.status).toBe(200);
    expect(result.reached).toEqual(expected);
    expect((result.answer.value as PushSendOutcome).sent).toBe(expected.length);
  });

  it.each([
    ['an empty segment', { segment: {}, title: 'x' }],
    [
      'registeredFrom after registeredTo',
      { segment: { registeredFrom: '2026-04-01', registeredTo: '2026-03-01' }, title: 'x' },
    ],
    ['a day that does not exist', { segment: { registeredFrom: '2026-02-30' }, title: 'x' }],
    ['an unknown segment field', { segment: { vipLabel: 'Gold', merchantId: 2 }, title: 'x' }],
    ['two targets', { segment: { vipLabel: 'Gold' }, everyone: true, title: 'x' }],
    ['no title', { everyone: true }],
    ['a path outside /m/', { everyone: true, title: 'x', path: 'https://evil.example/' }],
    ['a language that is not a code', { segment: { language: 'en; DROP' }, title: 'x' }],
  ])('refused with invalid_request: %s', async (_name, body) => {
    const result = await send(body);
    expect(result.status).toBe(400);
    expect(result.answer.errorCode).toBe('invalid_request');
    expect(result.reached).toEqual([]);
  });

  it('an agent may neither send nor read the report (403 staff_forbidden); nobody signed in gets 401', async () => {
    const byAgent = await send({ everyone: true, title: 'x' }, agent);
    expect(byAgent).toMatchObject({
      status: 403,
      answer: { errorCode: ChatErrorCode.STAFF_FORBIDDEN },
      reached: [],
    });
    const report = await call(t.app, 'GET', '/wps/staff/push/report?from=2026-03-01&to=2026-03-31', agent);
    expect(report).toMatchObject({ status: 403, answer: { errorCode: ChatErrorCode.STAFF_FORBIDDEN } });
    const nobody = await send({ everyone: true, title: 'x' }, null);
    expect(nobody).toMatchObject({ status: 401, answer: { errorCode: ChatErrorCode.STAFF_NOT_SIGNED_IN } });
    const forged = await send({ everyone: true, title: 'x' }, 'wps_staff=forged');
    expect(forged).toMatchObject({ status: 401, reached: [] });
  });

  it("merchant isolation: everyone is the staff member's merchant only; Aurora's cookie is nothing at Lotus", async () => {
    const everyone = await send({ everyone: true, title: 'All of Aurora' });
    expect(everyone.reached).toEqual(['seg-gold-en', 'seg-gold-vi', 'seg-none', 'seg-silver-en']);
    const atLotus = await send({ everyone: true, title: 'x' }, lead, LOTUS);
    expect(atLotus).toMatchObject({ status: 401, reached: [] });
    const lotusAgent = await signIn(t.app, 'lotus-agent', LOTUS);
    const lotusSegment = await send({ segment: { vipLabel: 'Gold' }, title: 'x' }, lotusAgent, LOTUS);
    expect(lotusSegment).toMatchObject({ status: 403, reached: [] });
  });

  it('a supervisor reads the attribution report of their merchant', async () => {
    const result = await call(t.app, 'GET', '/wps/staff/push/report?from=2026-03-01&to=2026-03-31', lead);
    expect(result.status).toBe(200);
    const report = result.answer.value as AttributionReport;
    // The three Aurora members registered in March (Lotus's is not counted).
    expect(report.totals.registrations).toBeGreaterThanOrEqual(3);
    const lotusRegistered = await t.db
      .select()
      .from(customers)
      .where(eq(customers.username, 'seg-lotus-gold'));
    expect(lotusRegistered).toHaveLength(1);
    const bad = await call(t.app, 'GET', '/wps/staff/push/report?from=2026-04-01&to=2026-03-01', lead);
    expect(bad).toMatchObject({ status: 400, answer: { errorCode: 'invalid_request' } });
  });

  it('FCM configuration: a supervisor saves it sealed and sees it without the key; agents refused; never logged', async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const privateKey = await exportPKCS8(pair.privateKey);
    const config = {
      projectId: 'aurora-play-demo',
      apiKey: 'demo-aurora-firebase-api-key',
      appId: '1:100000000001:web:a0a0a0a0a0a0a0a0',
      messagingSenderId: '100000000001',
      serviceAccount: JSON.stringify({
        type: 'service_account',
        private_key: privateKey,
        client_email: 'push@aurora-play-demo.iam.gserviceaccount.com',
      }),
    };
    expect(await call(t.app, 'GET', '/wps/staff/push/fcm', lead)).toMatchObject({
      status: 200,
      answer: { value: { configured: false } },
    });
    const byAgent = await call(t.app, 'POST', '/wps/staff/push/fcm', agent, config);
    expect(byAgent).toMatchObject({ status: 403, answer: { errorCode: ChatErrorCode.STAFF_FORBIDDEN } });
    expect(await call(t.app, 'GET', '/wps/staff/push/fcm', agent)).toMatchObject({ status: 403 });

    const saved = await call(t.app, 'POST', '/wps/staff/push/fcm', lead, config);
    expect(saved.status).toBe(200);
    expect(saved.answer.value).toMatchObject({
      configured: true,
      projectId: 'aurora-play-demo',
      clientEmail: 'push@aurora-play-demo.iam.gserviceaccount.com',
      apiBaseUrl: 'https://fcm.googleapis.com',
    });
    const shown = await call(t.app, 'GET', '/wps/staff/push/fcm', lead);
    expect(JSON.stringify(shown.answer)).not.toContain('PRIVATE KEY');
    const [row] = await t.db
      .select()
      .from(pushFcmConfigs)
      .where(eq(pushFcmConfigs.merchantId, await merchantId('aurora')));
    expect(row?.privateKeySealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
    // Lotus has none; Aurora's cookie is nothing there.
    expect(await call(t.app, 'GET', '/wps/staff/push/fcm', lead, undefined, LOTUS)).toMatchObject({
      status: 401,
    });

    for (const [name, body] of [
      ['a key file of another type', { ...config, serviceAccount: '{"type":"authorized_user"}' }],
      ['an http API base', { ...config, apiBaseUrl: 'http://fcm.example.com' }],
      ['no project id', { ...config, projectId: '' }],
      ['an unknown field', { ...config, merchantId: 2 }],
      ['a key file over 8 KB', { ...config, serviceAccount: 'x'.repeat(9000) }],
    ] as const) {
      expect(await call(t.app, 'POST', '/wps/staff/push/fcm', lead, body), name).toMatchObject({
        status: 400,
        answer: { errorCode: 'invalid_request' },
      });
    }
    const logs = logLines.join('\n');
    expect(logs).toContain('FCM configuration saved by staff');
    expect(logs).not.toContain('PRIVATE KEY');
    expect(logs).not.toContain(privateKey.slice(40, 80));
    expect(logs).not.toContain('Segment news'); // a push's text is never logged either
  });
});
