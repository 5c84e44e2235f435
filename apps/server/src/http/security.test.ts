import { endpoints } from '@wps/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantIdentityProviders } from '../db/schema/index.js';
import { findMerchantByCode } from '../services/merchants/repository.js';
import { backends, useTestApp } from '../test/test-app.js';
import { API_CSP, APP_CSP, HSTS, PERMISSIONS_POLICY } from './security.js';

/** On every answer. */
const API = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};
/** On every answer but a JSON one (data, never a document). */
const DOCUMENT_ONLY = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'permissions-policy': PERMISSIONS_POLICY,
};
const COMMON = { ...API, ...DOCUMENT_ONLY };

describe.each(backends)('security headers (%s)', (backend) => {
  const t = useTestApp(backend, { webDist: true, config: { trustProxy: true } });

  it('the app HTML carries the app policy', async () => {
    const response = await t.app.inject({ url: '/m/home' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers).toMatchObject({ ...COMMON, 'content-security-policy': APP_CSP });
  });

  it('the app policy is the one of the spec of this server', () => {
    expect(APP_CSP).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; font-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'",
    );
  });

  it.each(['/m/assets/app-abc123.js', '/m/sw.js', '/m/favicon.svg', '/m/no-such-page', '/elsewhere'])(
    '%s carries the app policy too (a service worker takes the policy of its script)',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.headers).toMatchObject({ ...COMMON, 'content-security-policy': APP_CSP });
    },
  );

  it.each([
    [`${endpoints.status.path}?device=MOBILE`, 200],
    ['/wps/session/key/rsa?_=1', 200],
    ['/wps/nothing', 404],
    [`${endpoints.status.path}?device=${'x'.repeat(5000)}`, 400],
  ])(
    '%s (JSON, %s) carries the API set and the locked-down policy, no document policies',
    async (url, status) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers).toMatchObject({ ...API, 'content-security-policy': API_CSP });
      for (const name of Object.keys(DOCUMENT_ONLY)) expect(response.headers).not.toHaveProperty(name);
    },
  );

  it('/m/asset-manifest.json, a data file of the app, carries the API set under the app policy', async () => {
    const response = await t.app.inject({ url: '/m/asset-manifest.json' });
    expect(response.headers).toMatchObject({ ...API, 'content-security-policy': APP_CSP });
    for (const name of Object.keys(DOCUMENT_ONLY)) expect(response.headers).not.toHaveProperty(name);
  });

  it('sends Strict-Transport-Security only when the request came over https', async () => {
    const plain = await t.app.inject({ url: '/m/home' });
    expect(plain.headers).not.toHaveProperty('strict-transport-security');
    const secure = await t.app.inject({ url: '/m/home', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe(HSTS);
    const api = await t.app.inject({
      url: `${endpoints.status.path}?device=MOBILE`,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers['strict-transport-security']).toBe(HSTS);
  });

  it('a merchant signing in with the Firebase SDK gets Google’s origins on its pages, and only it', async () => {
    const aurora = await findMerchantByCode(t.db, 'aurora');
    if (aurora === null) throw new Error('no aurora');
    const [row] = await t.db
      .select()
      .from(merchantIdentityProviders)
      .where(
        and(
          eq(merchantIdentityProviders.merchantId, aurora.id),
          eq(merchantIdentityProviders.provider, 'firebase'),
        ),
      );
    const page = (host: string) => t.app.inject({ url: '/m/login', headers: { host } });
    // On the local stand-in (same origin): the app policy as it is.
    expect((await page('localhost')).headers['content-security-policy']).toBe(APP_CSP);

    await t.db
      .update(merchantIdentityProviders)
      .set({ publicConfig: { ...row?.publicConfig, standIn: false } })
      .where(eq(merchantIdentityProviders.id, row?.id ?? 0));
    const policy = String((await page('localhost')).headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://apis.google.com;");
    expect(policy).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com;",
    );
    expect(policy).toContain("frame-src 'self' https://aurora-play-demo.firebaseapp.com;");
    expect(policy).toContain("frame-ancestors 'self'");
    // Another merchant's pages and the API keep their own policies.
    expect((await page('orbit.localhost')).headers['content-security-policy']).toBe(APP_CSP);
    const api = await t.app.inject({
      url: `${endpoints.status.path}?device=MOBILE`,
      headers: { host: 'localhost' },
    });
    expect(api.headers['content-security-policy']).toBe(API_CSP);
  });

  it('sends no Access-Control-Allow-* header, not even to a preflight', async () => {
    const responses = await Promise.all([
      t.app.inject({ url: '/m/home', headers: { origin: 'https://evil.example' } }),
      t.app.inject({
        method: 'OPTIONS',
        url: '/wps/system/collect',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      }),
    ]);
    for (const response of responses) {
      expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe.each(backends)('HSTS without a trusted proxy (%s)', (backend) => {
  const t = useTestApp(backend);

  it('ignores X-Forwarded-Proto from an untrusted caller', async () => {
    const response = await t.app.inject({ url: '/m/home', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers).not.toHaveProperty('strict-transport-security');
  });
});
