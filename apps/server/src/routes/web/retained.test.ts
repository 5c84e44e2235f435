import { describe, expect, it } from 'vitest';
import { FAKE_ASSET, FAKE_MANIFEST, FAKE_RETAINED_ASSET } from '../../test/fake-web-dist.js';
import { useTestApp } from '../../test/test-app.js';

describe('the previous build’s assets and the service worker under /m/', () => {
  const t = useTestApp('pglite', { webDist: true });

  it('answers an asset of the previous build from dist/previous, immutable', async () => {
    const response = await t.app.inject({ url: '/m/assets/HomeScreen-old111.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(FAKE_RETAINED_ASSET);
  });

  it('a retained catalog in a sub-folder too', async () => {
    const response = await t.app.inject({ url: '/m/assets/i18n/en-old111.js' });
    expect(response.statusCode).toBe(200);
  });

  it('prefers the current build when both have the file', async () => {
    const response = await t.app.inject({ url: '/m/assets/app-abc123.js' });
    expect(response.body).toBe(FAKE_ASSET);
  });

  it.each(['/m/assets/nothing-000.js', '/m/assets/..%2F..%2F..%2Fpackage.json'])(
    '%s: not found, not outside the build',
    async (url) => {
      expect([403, 404]).toContain((await t.app.inject({ url })).statusCode);
    },
  );

  it.each(['/m/asset-manifest.json?t=1700000000000', '/mobile/mc/asset-manifest.json?t=1700000000000'])(
    '%s: the build’s asset list, no-cache',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/json/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toEqual(FAKE_MANIFEST);
    },
  );

  it('serves /m/sw.js with its query, no-cache, as JavaScript', async () => {
    const response = await t.app.inject({ url: '/m/sw.js?environment=production&merchant=aurora' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
