import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { MERCHANT_META_NAME, TransportHeader } from '@wps/contract/transport';
import { SERVER_STATE_ELEMENT_ID } from '@wps/contract/serverRender';
import type { LoginResult, MemberInfo } from '@wps/contract/accounts';
import type { WpsFailure } from '@wps/contract/envelope';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectedEvents } from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../seed/members.js';
import { captchaPass, get, loginPayload, plainPost, value } from '../test/accounts.js';
import { fetchKey, seal, sendSealed } from '../test/sealed.js';
import { backends, useTestApp } from '../test/test-app.js';
import {
  answer,
  ECHO,
  ECHO_BYTES,
  echoRoutes,
  listeningUrl,
  rawGet,
  stateOf,
  useFront,
  type Echo,
  type Seen,
} from '../test/upstream.js';

describe.each(backends)('a front server before a reference upstream (%s)', (backend) => {
  const seen: Seen[] = [];
  const upstream = useTestApp(backend, {
    config: { trustProxy: ['127.0.0.1', '::1'] },
    extend: echoRoutes(seen),
  });
  beforeAll(async () => {
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const front = useFront(() => listeningUrl(upstream.app));
  beforeAll(async () => {
    await front.app.listen({ port: 0, host: '127.0.0.1' });
  });

  describe('answers through the front equal the upstream’s', () => {
    it.each([
      ['settings of aurora', endpoints.settings.path, 'localhost'],
      ['settings of lotus', endpoints.settings.path, 'lotus.localhost'],
      ['settings of an unknown host', endpoints.settings.path, 'unknown.example'],
      ['status', '/wps/v2/system/status', 'localhost'],
      ['an unknown call', '/wps/no/such/call', 'localhost'],
      ['the game list with a query', `${endpoints.gameList.path}?category=2`, 'localhost'],
    ])('GET %s', async (_case, url, host) => {
      const direct = await get(upstream.app, url, { host });
      const through = await get(front.app, url, { host });
      expect(answer(through)).toEqual(answer(direct));
      expect(through.headers['cache-control']).toBe(direct.headers['cache-control']);
    });

    it.each([
      [
        'a wrong password',
        ErrorCode.LOGIN_CRED_ERR,
        (pass: object) => loginPayload('demo', 'not-the-password', pass),
      ],
      [
        'an unknown member',
        ErrorCode.LOGIN_CRED_ERR,
        (pass: object) => loginPayload('nobody-here', DEMO_PASSWORD, pass),
      ],
      ['no captcha pass', ErrorCode.CAPTCHA_REQUIRED, () => loginPayload('demo', DEMO_PASSWORD)],
      ['an invalid body', ErrorCode.INVALID_REQUEST, () => ({ type: 'username' })],
    ])('POST login with %s: the same %s', async (_case, code, payloadFor) => {
      // Each call solves its own captcha: through the front for the front's call.
      const direct = await plainPost(
        upstream.app,
        endpoints.login.path,
        payloadFor(await captchaPass(upstream.app, upstream.db)),
      );
      const through = await plainPost(
        front.app,
        endpoints.login.path,
        payloadFor(await captchaPass(front.app, upstream.db)),
      );
      expect(answer(through)).toEqual(answer(direct));
      expect((through.json() as WpsFailure).errorCode).toBe(code);
    });

    it.each([
      ['no body and no type', {}, undefined],
      ['an empty JSON body', { 'content-type': 'application/json' }, ''],
      ['a body of another type', { 'content-type': 'application/xml' }, '<a/>'],
      ['a body that is not JSON', { 'content-type': 'application/json' }, '{"type":'],
    ])('POST with %s: the upstream’s answer', async (_case, headers, payload) => {
      const call = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: endpoints.collect.path,
          headers: { host: 'localhost', ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
      const direct = await call(upstream.app);
      const through = await call(front.app);
      expect(answer(through)).toEqual(answer(direct));
      expect(through.statusCode).toBeGreaterThanOrEqual(400);
    });

    it('GET on a POST-only call: the upstream’s 405', async () => {
      const direct = await get(upstream.app, endpoints.login.path);
      const through = await get(front.app, endpoints.login.path);
      expect(answer(through)).toEqual(answer(direct));
      expect(through.statusCode).toBe(405);
      expect(through.headers.allow).toBe('POST');
    });
  });

  it('a sealed login through the front opens a session the front then carries', async () => {
    const key = await fetchKey(front.app);
    const pass = await captchaPass(front.app, upstream.db);
    const sealed = await seal(key, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD, pass));
    const login = await sendSealed(front.app, {
      url: endpoints.login.path,
      headers: sealed.headers,
      body: sealed.body,
    });
    const result = value<LoginResult>(login);
    expect(result.userName).toBe('demo');

    const member = await get(front.app, endpoints.memberInfo.path, { token: result.token });
    expect(value<MemberInfo>(member).account).toBe('demo');
    // The session is aurora's: the same token on lotus's host is refused by the upstream.
    const elsewhere = await get(front.app, endpoints.memberInfo.path, {
      token: result.token,
      host: 'lotus.localhost',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('a sealed body altered on the way is refused by the upstream as it would be directly', async () => {
    const key = await fetchKey(front.app);
    const sealed = await seal(key, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD));
    const replayed = { url: '/wps/member/language', headers: sealed.headers, body: sealed.body };
    const direct = await sendSealed(upstream.app, replayed);
    const through = await sendSealed(front.app, replayed);
    expect(answer(through)).toEqual(answer(direct));
    expect(through.statusCode).toBe(400);
  });

  it('a text/plain beacon reaches the upstream, counted for the client’s address', async () => {
    const response = await front.app.inject({
      method: 'POST',
      url: endpoints.collect.path,
      headers: { 'content-type': 'text/plain;charset=UTF-8', host: 'lotus.localhost' },
      payload: JSON.stringify({ merchant: 'lotus', value: 'performance:1200' }),
      remoteAddress: '192.0.2.44',
    });
    expect(response.json()).toEqual({ success: true, value: null });
    const [row] = await upstream.db.select().from(collectedEvents).orderBy(desc(collectedEvents.id)).limit(1);
    expect(row?.ip).toBe('192.0.2.44');
    expect(row?.value).toBe('performance:1200');
  });

  it('raw bytes reach the upstream unchanged, whatever their type', async () => {
    const bytes = Buffer.from([0, 255, 254, 10, 13, 0x7b, 0x22, 0xc3, 0x28]);
    const response = await front.app.inject({
      method: 'POST',
      url: ECHO_BYTES,
      headers: { 'content-type': 'application/octet-stream', host: 'localhost' },
      payload: bytes,
    });
    expect(response.json()).toEqual({ base64: bytes.toString('base64'), type: 'application/octet-stream' });
  });

  it('a body over the largest a call accepts is refused here, in the envelope', async () => {
    const response = await front.app.inject({
      method: 'POST',
      url: endpoints.collect.path,
      headers: { 'content-type': 'application/json', host: 'localhost' },
      payload: `{"value":"${'x'.repeat(4 * 1024 * 1024)}"}`,
    });
    expect(response.statusCode).toBe(413);
    expect((response.json() as WpsFailure).errorCode).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
  });

  describe('the merchant follows the host', () => {
    it.each([
      ['localhost', 'aurora'],
      ['lotus.localhost', 'lotus'],
      ['LOTUS.localhost.', 'lotus'],
    ])('%s → %s', async (host, code) => {
      const settings = value<{ merchantCode: string }>(
        await get(front.app, endpoints.settings.path, { host }),
      );
      expect(settings.merchantCode).toBe(code);
    });
  });

  describe('what the upstream is told', () => {
    const echo = async (headers: Record<string, string>, remoteAddress?: string) => {
      const response = await front.app.inject({
        url: ECHO,
        headers: { host: 'lotus.localhost', ...headers },
        ...(remoteAddress === undefined ? {} : { remoteAddress }),
      });
      return { seen: value<Echo>(response), response };
    };

    it.each([
      ['no forwarding headers', {}],
      ['a forged X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
      ['a forged chain', { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' }],
      ['a forged host and scheme', { 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'https' }],
      ['Forwarded and X-Real-IP', { forwarded: 'for=203.0.113.9;proto=https', 'x-real-ip': '203.0.113.9' }],
    ])('%s: the client’s own address, host and scheme as this server saw them', async (_case, headers) => {
      const { seen } = await echo(headers, '192.0.2.10');
      expect(seen.ip).toBe('192.0.2.10');
      expect(seen.host).toBe('lotus.localhost');
      expect(seen.protocol).toBe('http');
      expect(JSON.stringify(seen.headers)).not.toContain('203.0.113.9');
      expect(seen.headers['x-forwarded-for']).toBe('192.0.2.10');
      expect(seen.headers.forwarded).toBeUndefined();
      expect(seen.headers['x-real-ip']).toBeUndefined();
      // The connection's own Host names the upstream (TLS and its virtual hosts), not the merchant.
      expect(seen.headers.host).toBe(new URL(listeningUrl(upstream.app)).host);
    });

    it('the headers the API uses pass, the others stay here', async () => {
      const { seen, response } = await echo({
        [TransportHeader.authorization]: 'token-123',
        [TransportHeader.merchant]: 'lotus',
        [TransportHeader.language]: 'VI',
        [TransportHeader.realUserAgent]: 'Mozilla/5.0 (real)',
        [TransportHeader.moduleId]: 'm1',
        cookie: 'sid=1; theme=dark',
        accept: 'application/json',
        'accept-language': 'vi-VN',
        'user-agent': 'Mozilla/5.0',
        'cache-control': 'no-cache',
        referer: 'https://lotus.example/m/home?token=secret',
        'x-custom': 'nope',
        'proxy-authorization': 'Basic eDp5',
        te: 'trailers',
        via: '1.1 somewhere',
      });
      expect(seen.headers).toMatchObject({
        authorization: 'token-123',
        merchant: 'lotus',
        language: 'VI',
        'x-real-ua': 'Mozilla/5.0 (real)',
        moduleid: 'm1',
        cookie: 'sid=1; theme=dark',
        accept: 'application/json',
        'accept-language': 'vi-VN',
        'user-agent': 'Mozilla/5.0',
        'cache-control': 'no-cache',
      });
      for (const name of ['referer', 'x-custom', 'proxy-authorization', 'te', 'via']) {
        expect(seen.headers[name]).toBeUndefined();
      }
      // Answers come back with their headers, every Set-Cookie included.
      expect(response.headers['set-cookie']).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
      expect(response.headers['x-upstream']).toBe('yes');
    });
  });

  describe('pages personalised and rendered from the upstream', () => {
    it.each([
      ['localhost', 'aurora', 'Aurora Play', 'EN'],
      ['lotus.localhost', 'lotus', 'Lotus Lotto', 'VI'],
    ])('%s: %s’s page, rendered through the upstream', async (host, code, name, language) => {
      const response = await front.app.inject({ url: '/m/home', headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<title>${name}</title>`);
      expect(response.body).toContain(`<meta name="${MERCHANT_META_NAME}" content="${code}">`);
      expect(response.body).toContain(`<main class="rendered">${name} ${language} 200</main>`);
      expect(stateOf(response.body)?.settings.merchantCode).toBe(code);
      // No lobby database here: no banner preload (the rendered page has the banner itself).
      expect(response.body).not.toContain('rel="preload" as="image"');
    });

    it('an unknown host: the page as built, not rendered', async () => {
      const response = await front.app.inject({ url: '/m/home', headers: { host: 'unknown.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Play</title>');
      expect(response.body).not.toContain(MERCHANT_META_NAME);
      expect(response.body).not.toContain(SERVER_STATE_ELEMENT_ID);
    });

    it('static files are the front’s own, never asked of the upstream', async () => {
      const before = seen.length;
      const response = await front.app.inject({ url: '/m/sw.js' });
      expect(response.statusCode).toBe(200);
      expect(seen.length).toBe(before);
    });

    it('the page’s own calls carry no cookie, the visitor’s or the renderer’s', async () => {
      seen.length = 0;
      const response = await front.app.inject({
        url: '/m/login',
        headers: { host: 'localhost', cookie: 'sid=visitor' },
      });
      expect(response.body).toContain('<main class="rendered">');
      expect(seen.map((request) => request.url)).toContain(endpoints.settings.path);
      expect(seen.every((request) => request.cookie === undefined)).toBe(true);
    });
  });

  describe('only /wps and the demo game, and no way out of them', () => {
    it.each([
      '/wps/../admin',
      '/wps/%2e%2e/admin',
      '/wps/%2E%2E/%2e%2e/admin',
      '/wps/..%2fadmin',
      '/wps/..%5cadmin',
      '/wps/%252e%252e/admin',
      '/wps/..;/admin',
      '/wps//admin',
      '/demo-game/../wps-admin',
      '/demo-game/%2e%2e/admin',
    ])('%s: refused here, the upstream never asked', async (path) => {
      seen.length = 0;
      const response = await rawGet(front.app, path);
      expect([400, 404]).toContain(response.status);
      expect(seen).toEqual([]);
    });

    it.each(['/admin', '/wpsx', '/WPS/system/settings', '/demo-gamex', '/metrics'])(
      '%s: not forwarded',
      async (path) => {
        seen.length = 0;
        const response = await rawGet(front.app, path);
        expect(response.status).toBe(404);
        expect(seen).toEqual([]);
      },
    );

    it('the demo game’s page and redirect come from the upstream', async () => {
      const page = await front.app.inject({ url: '/demo-game/', headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const redirect = await front.app.inject({ url: '/demo-game?ticket=x', headers: { host: 'localhost' } });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe('/demo-game/?ticket=x');
    });
  });
});

describe.each(backends)('a front server behind its own trusted proxy (%s)', (backend) => {
  const upstream = useTestApp(backend, {
    config: { trustProxy: ['127.0.0.1', '::1'] },
    extend: echoRoutes([]),
  });
  beforeAll(async () => {
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const front = useFront(() => listeningUrl(upstream.app), { trustProxy: ['10.0.0.0/8'] });

  it.each([
    ['from its proxy: the address, host and scheme it vouches for', '10.1.2.3', '198.51.100.7', 'https'],
    ['from anyone else: the connection’s own', '192.0.2.20', '192.0.2.20', 'http'],
  ])('%s', async (_case, remoteAddress, expectedIp, protocol) => {
    const response = await front.app.inject({
      url: ECHO,
      headers: {
        host: 'localhost',
        'x-forwarded-for': '198.51.100.7',
        'x-forwarded-host': 'lotus.localhost',
        'x-forwarded-proto': 'https',
      },
      remoteAddress,
    });
    const seen = value<Echo>(response);
    expect(seen.ip).toBe(expectedIp);
    expect(seen.protocol).toBe(protocol);
    expect(seen.host).toBe(protocol === 'https' ? 'lotus.localhost' : 'localhost');
  });
});
