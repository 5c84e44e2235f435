import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AURORA } from '../../test/accounts.js';
import { backends, useTestApp } from '../../test/test-app.js';

// A fake build of apps/staff: its page and one hashed asset.
const dist = mkdtempSync(join(tmpdir(), 'wps-staff-dist-'));
const PAGE =
  '<!doctype html><html><head><script type="module" src="/staff/assets/index-Ab12.js"></script></head><body><div id="root"></div></body></html>';
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), PAGE);
writeFileSync(join(dist, 'assets', 'index-Ab12.js'), 'console.log("staff")');
writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe.each(backends)('the back office app under /staff/ (%s)', (backend) => {
  const t = useTestApp(backend, { config: { staffDist: dist } });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: AURORA } });

  it.each([
    ['the home', '/staff/'],
    ['Push', '/staff/push'],
    ['Cashier', '/staff/cashier'],
    ['Compliance', '/staff/compliance'],
    ['a screen with a query', '/staff/compliance?customerId=7'],
  ])('answers %s with the app’s page, never cached, under the app’s policy', async (_case, url) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(PAGE);
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
    });
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("frame-ancestors 'self'");
  });

  it.each([
    [
      'a hashed asset, cached for good',
      '/staff/assets/index-Ab12.js',
      200,
      'public, max-age=31536000, immutable',
    ],
    ['a root file, revalidated', '/staff/robots.txt', 200, 'no-cache'],
  ])('serves %s', async (_case, url, status, cache) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['cache-control']).toBe(cache);
  });

  it.each([
    ['an address the app does not know', '/staff/nowhere', 404, PAGE],
    ['a missing asset', '/staff/assets/gone-1.js', 404, undefined],
    // send refuses a climb (403); the server's bad-URL guard an undecodable address (400).
    ['a climb out of the build', '/staff/assets/..%2F..%2Fetc%2Fpasswd', 403, undefined],
    ['a folder of assets', '/staff/assets/', 404, undefined],
    ['a bad escape', '/staff/%E0%A4%A', 400, undefined],
  ])('refuses %s', async (_case, url, status, body) => {
    const answer = await get(url);
    expect(answer.statusCode).toBe(status);
    if (body !== undefined) expect(answer.body).toBe(body);
    expect(answer.body).not.toContain('root:');
  });

  it('sends /staff to /staff/, and keeps the support desk at /staff/chat', async () => {
    const bare = await get('/staff');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/staff/');
    const desk = await get('/staff/chat');
    expect(desk.statusCode).toBe(200);
    expect(desk.body).toContain('<script src="/staff/console.js" defer></script>');
    expect(desk.body).toContain('<a href="/staff/chat" aria-current="page">Support</a>');
  });
});

describe.each(backends)('the back office app before it is built (%s)', (backend) => {
  const t = useTestApp(backend, { config: { staffDist: join(dist, 'not-built') } });

  it('answers its pages 503 with a retry, and says how to build it', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/staff/push', headers: { host: AURORA } });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('30');
    expect(answer.body).toContain('npm run build');
  });
});
