import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { fail, ok } from '@wps/contract/envelope';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, UPSTREAM_TIMEOUT_MS } from '../config.js';
import { UpstreamClient } from './upstream-client.js';
import { endToEndHeaders, upstreamPath, type ForwardedFor } from './upstream-request.js';
import { UpstreamMerchants, UpstreamSettingsUnavailable } from './upstream-pages.js';

describe('WPS_UPSTREAM', () => {
  it.each([
    ['http://127.0.0.1:9000', 'http://127.0.0.1:9000'],
    ['https://backend.example', 'https://backend.example'],
    ['https://backend.example/', 'https://backend.example'],
    ['HTTPS://Backend.Example:8443/api/', 'https://backend.example:8443/api'],
    ['https://backend.example:443', 'https://backend.example'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['http://backend.internal/wps-api/v1.2', 'http://backend.internal/wps-api/v1.2'],
    ['  http://padded.example  ', 'http://padded.example'],
  ])('%j → %j', (raw, url) => {
    expect(loadConfig({ WPS_UPSTREAM: raw }).upstream).toEqual({ url, timeoutMs: UPSTREAM_TIMEOUT_MS });
  });

  it('is off by default, and an empty value is unset', () => {
    expect(loadConfig({}).upstream).toBeNull();
    expect(loadConfig({ WPS_UPSTREAM: '   ' }).upstream).toBeNull();
  });

  it('takes its time-out from WPS_UPSTREAM_TIMEOUT_MS', () => {
    expect(
      loadConfig({ WPS_UPSTREAM: 'http://x.example', WPS_UPSTREAM_TIMEOUT_MS: '1500' }).upstream?.timeoutMs,
    ).toBe(1500);
  });

  it.each([
    ['http://user:pw@backend.example', /user name or password/],
    ['http://user@backend.example', /user name or password/],
    ['http://@backend.example', /user name or password/],
    ['http://backend.example:80@evil.example', /user name or password/],
    ['javascript:alert(1)', /absolute http/],
    ['data:text/html,<script>alert(1)</script>', /absolute http/],
    ['file:///etc/passwd', /absolute http/],
    ['ftp://backend.example', /absolute http/],
    ['ws://backend.example', /absolute http/],
    ['//backend.example', /absolute http/],
    ['backend.example', /absolute http/],
    ['/wps', /absolute http/],
    ['http:backend.example', /absolute http/],
    ['http:/backend.example', /absolute http/],
    ['https://', /absolute http/],
    ['http://backend.example:99999', /absolute http/],
    ['http://backend.example:0', /port/],
    ['http://backend.example/?a', /query or a fragment/],
    ['http://backend.example/?', /query or a fragment/],
    ['http://backend.example?token=secret', /query or a fragment/],
    ['http://backend.example/#top', /query or a fragment/],
    ['http://backend.example\\@evil.example', /backslashes/],
    ['http://back end.example', /spaces/],
    ['http://backend.example/\tapi', /control characters/],
    ['http://back\nend.example', /control characters/],
    ['http://backend.example/a/../b', /base path/],
    ['http://backend.example/%2e%2e/', /base path/],
    ['http://backend.example/a%2fb', /base path/],
    ['http://backend.example//api', /base path/],
    ['http://backend.example/./api', /base path/],
    ['http://backend.example/a;b', /base path/],
  ])('%j is refused', (raw, message) => {
    expect(() => loadConfig({ WPS_UPSTREAM: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ WPS_UPSTREAM: raw })).toThrow(message);
  });

  it.each(['http://user:hunter2@backend.example', 'http://backend.example/?token=hunter2'])(
    'never echoes a refused value (%j may hold a secret)',
    (raw) => {
      expect(() => loadConfig({ WPS_UPSTREAM: raw })).toThrow(/^(?!.*hunter2)/s);
    },
  );

  it.each([
    [{ WPS_UPSTREAM_TIMEOUT_MS: '0' }, /WPS_UPSTREAM_TIMEOUT_MS/],
    [{ WPS_UPSTREAM_TIMEOUT_MS: 'soon' }, /WPS_UPSTREAM_TIMEOUT_MS/],
    [{ DATABASE_URL: 'postgres://db/wps', SECRET_KEY: 'k'.repeat(40) }, /DATABASE_URL is not used/],
  ])('%j with WPS_UPSTREAM is refused', (env, message) => {
    expect(() => loadConfig({ WPS_UPSTREAM: 'http://backend.example', ...env })).toThrow(message);
  });
});

describe('upstreamPath: what may be asked of the upstream', () => {
  it.each([
    ['/wps', '/wps'],
    ['/wps/system/settings', '/wps/system/settings'],
    ['/wps/system/settings?_=1&a=%2e%2e%2f', '/wps/system/settings?_=1&a=%2e%2e%2f'],
    ['/wps/game/image/card-1.avif', '/wps/game/image/card-1.avif'],
    ['/wps/system/icon/192.png?merchantCode=lotus', '/wps/system/icon/192.png?merchantCode=lotus'],
    ['/wps/relay/GCS_gameTrialLaunch?gameCode=a', '/wps/relay/GCS_gameTrialLaunch?gameCode=a'],
    ['/wps/', '/wps/'],
    ['/demo-game', '/demo-game'],
    ['/demo-game/', '/demo-game/'],
    ['/demo-game/?ticket=abc', '/demo-game/?ticket=abc'],
    ['/demo-game/api/round', '/demo-game/api/round'],
    ['/wps/a%41b', '/wps/a%41b'],
  ])('%s → %s', (url, expected) => {
    expect(upstreamPath(url)).toBe(expected);
  });

  it.each([
    '/',
    '/m/home',
    '/admin',
    '/wpsx',
    '/wps.json',
    '/WPS/system/settings',
    '/demo-gamex',
    '/demo-game.js',
    '/wps/..',
    '/wps/../admin',
    '/wps/./system',
    '/wps/.../x',
    '/wps/%2e%2e/admin',
    '/wps/%2E%2e/admin',
    '/wps/.%2e/admin',
    '/wps/..%2fadmin',
    '/wps/..%2Fadmin',
    '/wps/..%5cadmin',
    '/wps/..\\admin',
    '/wps/%252e%252e/admin',
    '/wps/%25/x',
    '/wps/..;/admin',
    '/wps/a;jsessionid=1',
    '/wps//admin',
    '/wps/a%00b',
    '/wps/a%0d%0aSet-Cookie:x',
    '/wps/%zz',
    '/wps/caf%C3%A9',
    '/wps/a b',
    '/wps/x?y#z',
    '/wps/x?a=1\r\nX: y',
    '/demo-game/../wps-admin',
    '/demo-game/%2e%2e/admin',
    'http://evil.example/wps/x',
    '//evil.example/wps/x',
  ])('%j → refused', (url) => {
    expect(upstreamPath(url)).toBeNull();
  });
});

describe('endToEndHeaders', () => {
  it.each<[string, IncomingHttpHeaders, string[]]>([
    ['plain headers pass', { 'content-type': 'application/json', etag: '"1"' }, ['content-type', 'etag']],
    [
      'hop-by-hop headers stay',
      {
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        upgrade: 'h2c',
        te: 'trailers',
        trailer: 'x-t',
        'proxy-authenticate': 'Basic',
        'proxy-connection': 'keep-alive',
        'x-kept': '1',
      },
      ['x-kept'],
    ],
    [
      'headers Connection names stay',
      { connection: 'close, X-Private , x-other', 'x-private': '1', 'x-other': '2', 'x-kept': '3' },
      ['x-kept'],
    ],
    ['Set-Cookie passes, every one', { 'set-cookie': ['a=1', 'b=2'] }, ['set-cookie']],
  ])('%s', (_case, headers, kept) => {
    expect(endToEndHeaders(headers).map(([name]) => name)).toEqual(kept);
  });
});

describe('UpstreamMerchants: the merchant of a host, from the upstream’s settings', () => {
  let answer: () => { status: number; body: string } = () => ({ status: 200, body: '' });
  const asked: IncomingHttpHeaders[] = [];
  const stub = createServer((request, response) => {
    asked.push(request.headers);
    const { status, body } = answer();
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  let client: UpstreamClient;
  let clock = 0;
  let merchants: UpstreamMerchants;
  const forwarded: ForwardedFor = { ip: '192.0.2.7', host: 'shop.example', protocol: 'https' };
  const settings = {
    merchantCode: 'Shop',
    merchantName: 'Shop & Co',
    mainHost: 'shop.example',
    defaultLanguage: 'TH',
    mobileTemplate: {
      favicon: 'https://cdn.example/f.png',
      apple_touch_icon: null,
      colors: { primary: '#112233' },
    },
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    client = new UpstreamClient({
      url: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
      timeoutMs: 5_000,
    });
  });
  afterAll(async () => {
    client.close();
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  });
  beforeEach(() => {
    asked.length = 0;
    clock = 0;
    merchants = new UpstreamMerchants(client, 30_000, () => clock);
  });

  it('asks once per host and TTL, telling the upstream the host and the client', async () => {
    answer = () => ({ status: 200, body: JSON.stringify(ok(settings)) });
    const [first, second] = await Promise.all([merchants.byHost(forwarded), merchants.byHost(forwarded)]);
    expect(first).toEqual({
      code: 'shop',
      name: 'Shop & Co',
      defaultLanguage: 'TH',
      // An upstream that lists no languages offers its default one.
      languages: ['TH'],
      mainHost: 'shop.example',
      template: {
        favicon: 'https://cdn.example/f.png',
        apple_touch_icon: null,
        colors: expect.objectContaining({ primary: '#112233' }) as unknown,
      },
    });
    expect(second).toBe(first);
    await merchants.byHost(forwarded);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      'x-forwarded-host': 'shop.example',
      'x-forwarded-for': '192.0.2.7',
      'x-forwarded-proto': 'https',
    });
    clock += 30_000;
    await merchants.byHost(forwarded);
    expect(asked).toHaveLength(2);
  });

  it.each([
    ['domain_not_available', 404, JSON.stringify(fail(ErrorCode.DOMAIN_NOT_AVAILABLE, 'no'))],
    ['another refusal', 403, JSON.stringify(fail('cross_origin_forbidden', 'no'))],
    ['settings without a merchant code', 200, JSON.stringify(ok({ ...settings, merchantCode: undefined }))],
    ['a merchant code that is not one', 200, JSON.stringify(ok({ ...settings, merchantCode: 'a/../b' }))],
    ['not JSON', 200, '<html>gateway</html>'],
    ['not the envelope', 200, '[1,2,3]'],
  ])('%s: no merchant, remembered', async (_case, status, body) => {
    answer = () => ({ status, body });
    expect(await merchants.byHost(forwarded)).toBeNull();
    expect(await merchants.byHost(forwarded)).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it.each([
    ['an outage', 503],
    ['a failure', 500],
    ['its rate limit', 429],
  ])('%s: unknown for now, asked again next time', async (_case, status) => {
    answer = () => ({ status, body: JSON.stringify(fail(ErrorCode.SERVICE_UNAVAILABLE, 'later')) });
    await expect(merchants.byHost(forwarded)).rejects.toBeInstanceOf(UpstreamSettingsUnavailable);
    answer = () => ({ status: 200, body: JSON.stringify(ok(settings)) });
    expect((await merchants.byHost(forwarded))?.code).toBe('shop');
    expect(asked).toHaveLength(2);
  });

  it('asks for the settings path and nothing else', async () => {
    answer = () => ({ status: 200, body: JSON.stringify(ok(settings)) });
    await merchants.byHost(forwarded);
    expect(asked[0]?.host).toBe(new URL(client.url).host);
    expect(asked[0]?.['accept-encoding']).toBe('identity');
    expect(endpoints.settings.path).toBe('/wps/system/settings');
  });
});
