import { endpoints } from '@wps/contract/endpoints';
import { MERCHANT_META_NAME } from '@wps/contract/transport';
import { ok } from '@wps/contract/envelope';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useFront } from '../test/upstream.js';

describe('answers of another upstream pass as they are', () => {
  /** An upstream whose answers the test scripts: status, headers, body. */
  interface Scripted {
    status: number;
    headers: Record<string, string | string[]>;
    body?: string | Buffer;
  }
  let script: (url: string) => Scripted = () => ({ status: 200, headers: {} });
  let asked: Record<string, string | string[] | undefined> = {};
  const stub = createHttpServer((request, response) => {
    asked = request.headers;
    const { status, headers, body } = script(request.url ?? '');
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  let stubUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    stub.closeAllConnections();
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  });
  const front = useFront(() => stubUrl);

  it.each([
    [200, '{"success":true,"value":1}'],
    [201, '{"success":true,"value":2}'],
    [401, '{"success":false,"errorCode":"customer_not_login","message":"x"}'],
    [418, 'not the envelope at all'],
    [500, '{"success":false,"errorCode":"internal_error","message":"theirs"}'],
    [503, ''],
  ])('status %i and its body', async (status, body) => {
    script = () => ({ status, headers: { 'content-type': 'application/json' }, body });
    const response = await front.app.inject({ url: '/wps/anything' });
    expect(response.statusCode).toBe(status);
    expect(response.body).toBe(body);
  });

  it.each([
    [204, 'GET'],
    [304, 'GET'],
    [200, 'HEAD'],
  ] as const)('status %i on %s: no body, the head kept', async (status, method) => {
    script = () => ({
      status,
      headers: { etag: '"v1"', 'content-length': status === 200 ? '5' : '0' },
      body: 'hello',
    });
    const response = await front.app.inject({ method, url: '/wps/anything' });
    expect(response.statusCode).toBe(status);
    expect(response.body).toBe('');
    expect(response.headers.etag).toBe('"v1"');
  });

  it('hop-by-hop headers and those Connection names stay behind', async () => {
    script = () => ({
      status: 200,
      headers: { connection: 'x-secret-hop', 'x-secret-hop': '1', 'keep-alive': 'timeout=5', 'x-kept': '1' },
      body: '{}',
    });
    const response = await front.app.inject({ url: '/wps/anything' });
    expect(response.headers['x-kept']).toBe('1');
    expect(response.headers['x-secret-hop']).toBeUndefined();
    expect(response.headers['keep-alive']).toBeUndefined();
  });

  it('a compressed answer passes compressed, once', async () => {
    const gzipped = gzipSync(JSON.stringify(ok('x'.repeat(2000))));
    script = () => ({
      status: 200,
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
      body: gzipped,
    });
    const response = await front.app.inject({ url: '/wps/anything', headers: { 'accept-encoding': 'gzip' } });
    expect(asked['accept-encoding']).toBe('gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.equals(gzipped)).toBe(true);
  });

  it.each([
    ['an absolute redirect to the upstream itself', () => `${stubUrl}/demo-game/?x=1`, '/demo-game/?x=1'],
    ['a relative one', () => '/demo-game/', '/demo-game/'],
    ['one elsewhere', () => 'https://vendor.example/play', 'https://vendor.example/play'],
  ])('%s', async (_case, location, expected) => {
    script = () => ({ status: 302, headers: { location: location() } });
    const response = await front.app.inject({ url: '/demo-game' });
    expect(response.headers.location).toBe(expected);
  });

  it.each([
    ['a hostile merchant name is escaped', { merchantName: '</title><script>alert(1)</script>' }, true],
    ['a malformed merchant code: the page as built', { merchantCode: '../../etc' }, false],
    ['an unknown language: the page as built', { defaultLanguage: 'KLINGON' }, false],
  ])('settings with %s', async (_case, override, personalised) => {
    const settings = {
      merchantCode: 'stub',
      merchantName: 'Stub Casino',
      mainHost: 'stub.example',
      defaultLanguage: 'EN',
      mobileTemplate: {
        favicon: 'javascript:alert(1)',
        apple_touch_icon: null,
        colors: { primary: 'red;}' },
      },
      ...override,
    };
    script = (url): Scripted =>
      url.startsWith(endpoints.settings.path)
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(ok(settings)) }
        : { status: 404, headers: {} };
    const response = await front.app.inject({ url: '/m/login', headers: { host: 'stub.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    // The head the server wrote: no script address as an icon, no CSS out of its declaration. (The
    // settings stay as data in the state, for the app to check as it always does.)
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).not.toContain('javascript:');
    expect(head).not.toContain('red;}');
    expect(head.includes(`<meta name="${MERCHANT_META_NAME}"`)).toBe(personalised);
  });

  it.each([
    [500, 'an outage'],
    [429, 'its rate limit'],
  ])('settings answered %i (%s): the page as built', async (status) => {
    script = () => ({ status, headers: { 'content-type': 'application/json' }, body: '{}' });
    const response = await front.app.inject({ url: '/m/home', headers: { host: 'stub.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(MERCHANT_META_NAME);
  });
});
