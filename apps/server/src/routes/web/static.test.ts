import { APP_PATHS } from '@wps/contract/routes';
import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FAKE_ASSET, FAKE_BIG_ASSET } from '../../test/fake-web-dist.js';
import { backends, useTestApp } from '../../test/test-app.js';

describe.each(backends)('the web app under /m/ (%s)', (backend) => {
  const t = useTestApp(backend, { webDist: true });

  it.each(APP_PATHS)('%s answers the HTML shell, 200, no-cache', async (path) => {
    const response = await t.app.inject({ url: `${path}?affiliateCode=a1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Aurora Play</title>');
  });

  it.each(['/m/foo', '/m/member/unknown', '/m/home/'])(
    '%s answers the shell with 404 and noindex',
    async (path) => {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
    },
  );

  it('serves a hashed asset as immutable', async () => {
    const response = await t.app.inject({ url: '/m/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(FAKE_ASSET);
  });

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('sends the precompressed asset for Accept-Encoding %s', async (accept, encoding, decode) => {
    const response = await t.app.inject({
      url: '/m/assets/big-abc123.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(FAKE_BIG_ASSET.length / 5);
    expect(decode(response.rawPayload).toString()).toBe(FAKE_BIG_ASSET);
  });

  it('sends the plain asset to a client that accepts no encoding', async () => {
    const response = await t.app.inject({
      url: '/m/assets/big-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(FAKE_BIG_ASSET);
  });

  it('compresses the HTML shell and JSON answers on the fly', async () => {
    const html = await t.app.inject({ url: '/m/home', headers: { 'accept-encoding': 'gzip' } });
    expect(html.headers['content-encoding'], `shell of ${html.rawPayload.length} bytes`).toBe('gzip');
    expect(gunzipSync(html.rawPayload).toString()).toContain('<title>Aurora Play</title>');
    const json = await t.app.inject({ url: '/wps/system/settings', headers: { 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString())).toMatchObject({ success: true });
  });

  it.each(['/m/assets/x.js', '/m/assets/sub/y.css', '/m/missing.png', '/m/assets/'])(
    '%s is a plain-text 404, never HTML',
    async (path) => {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['cache-control']).not.toContain('immutable');
      expect(response.body).not.toContain('<html');
    },
  );

  it.each(['/m/favicon.svg', '/m/sw.js', '/m/asset-manifest.json'])(
    '%s is served with no-cache',
    async (path) => {
      const response = await t.app.inject({ url: `${path}?t=123` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).not.toContain('<html');
    },
  );

  it.each(['/m/..%2f..%2fetc%2fpasswd', '/m/assets/..%2f..%2f..%2fetc%2fpasswd', '/m/.env'])(
    'refuses %s',
    async (path) => {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('root:');
    },
  );

  it.each([
    ['/', '/m/home'],
    ['/?affiliateCode=abc&r=1', '/m/home?affiliateCode=abc&r=1'],
    ['/m', '/m/home'],
    ['/m?fullscreen=0', '/m/home?fullscreen=0'],
  ])('%s redirects (302) to %s', async (path, location) => {
    const response = await t.app.inject({ url: path });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('answers HEAD for the shell', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/m/home' });
    expect(response.statusCode).toBe(200);
  });

  it.each(['PUT', 'DELETE', 'PATCH'] as const)('answers %s under /m/ with 404', async (method) => {
    const response = await t.app.inject({ method, url: '/m/home', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

describe.each(backends)('the web app when it is not built (%s)', (backend) => {
  const t = useTestApp(backend);

  it('answers a 503 page that says how to build', async () => {
    const response = await t.app.inject({ url: '/m/home' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('npm run build');
  });

  it('still answers a missing asset with a plain 404', async () => {
    const response = await t.app.inject({ url: '/m/assets/x.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});

describe('a form the browser submitted by itself, before the app had started', () => {
  const t = useTestApp('pglite', { webDist: true });

  it.each([
    ['a login form', '/m/login', 'username=demo&password=Demo1234', 'application/x-www-form-urlencoded'],
    [
      'with its query kept',
      '/m/login?go=%2Fm%2Fgame',
      'username=demo&password=x',
      'application/x-www-form-urlencoded',
    ],
    [
      'a multipart body',
      '/m/register',
      '--b\r\nContent-Disposition: form-data; name="password"\r\n\r\nx\r\n--b--',
      'multipart/form-data; boundary=b',
    ],
    ['no body', '/m/feedback', '', 'text/plain'],
  ])('%s: 303 back to the page, nothing of the body in the answer', async (_case, url, payload, type) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(url);
    expect(response.body).not.toContain('Demo1234');
  });

  it.each(['/m/%5C%5Cevil.example', '/m//evil.example', '/m/assets/app-abc123.js', '/m/nope'])(
    '%s, not a page of the app: 404, no redirect',
    async (url) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: 'a=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers).not.toHaveProperty('location');
    },
  );
});
