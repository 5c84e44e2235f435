import { ErrorCode } from '@wps/contract/errorCodes';
import { type WebManifest, SystemResourcePath } from '@wps/contract/system';
import { describe, expect, it } from 'vitest';
import { readPng } from '../../test/png-reader.js';
import { backends, useTestApp } from '../../test/test-app.js';

describe.each(backends)('manifest and icons (%s)', (backend) => {
  const t = useTestApp(backend);

  it.each([
    {
      code: 'aurora',
      name: 'Aurora Play',
      theme: '#1d3a8a',
      background: '#0f1a3a',
      apps: ['play', 'itunes'],
    },
    { code: 'lotus', name: 'Lotus Lotto', theme: '#1f7a4d', background: '#f3faf6', apps: [] },
    { code: 'orbit', name: 'Orbit Games', theme: '#5b2bd6', background: '#120d24', apps: [] },
  ])('$code: a bare web manifest', async ({ code, name, theme, background, apps }) => {
    const response = await t.app.inject({ url: `${SystemResourcePath.manifest}?merchantCode=${code}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json() as WebManifest;
    expect(manifest).not.toHaveProperty('success');
    expect(manifest).toMatchObject({
      name,
      short_name: name,
      start_url: '/m/home',
      scope: '/m/',
      display: 'standalone',
      theme_color: theme,
      background_color: background,
      prefer_related_applications: false,
    });
    expect(manifest.related_applications.map((app) => app.platform)).toEqual(apps);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) expect(icon.src).toContain(`merchantCode=${code}`);
  });

  it('reads the Play Store id from the Android resource', async () => {
    const response = await t.app.inject({ url: `${SystemResourcePath.manifest}?merchantCode=aurora` });
    const manifest = response.json() as WebManifest;
    expect(manifest.related_applications[0]).toMatchObject({
      platform: 'play',
      id: 'com.example.auroraplay',
    });
  });

  it('uses the host merchant when merchantCode is absent, case-insensitively when present', async () => {
    const byHost = await t.app.inject({
      url: SystemResourcePath.manifest,
      headers: { host: 'lotus.localhost' },
    });
    expect((byHost.json() as WebManifest).name).toBe('Lotus Lotto');
    const upper = await t.app.inject({ url: `${SystemResourcePath.manifest}?merchantCode=ORBIT` });
    expect((upper.json() as WebManifest).name).toBe('Orbit Games');
  });

  it.each([
    ['unknown code', '?merchantCode=nobody', 404, ErrorCode.MERCHANT_NOT_FOUND],
    ['malformed code', '?merchantCode=%3Cscript%3E', 400, ErrorCode.INVALID_REQUEST],
    ['too long code', `?merchantCode=${'a'.repeat(40)}`, 400, ErrorCode.INVALID_REQUEST],
  ])('%s answers the envelope', async (_name, query, status, errorCode) => {
    const response = await t.app.inject({ url: `${SystemResourcePath.manifest}${query}` });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ success: false, errorCode });
  });

  it('unknown host without merchantCode is domain_not_available', async () => {
    const response = await t.app.inject({
      url: SystemResourcePath.manifest,
      headers: { host: 'nowhere.example' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: ErrorCode.DOMAIN_NOT_AVAILABLE });
  });

  it.each([180, 192, 512])('serves a %i px PNG icon with a long cache', async (size) => {
    const response = await t.app.inject({ url: `/wps/system/icon/${size}.png?merchantCode=lotus` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    const png = readPng(response.rawPayload);
    expect([png.width, png.height]).toEqual([size, size]);
  });

  it.each(['64.png', '192.jpg', 'x.png'])('answers 404 not_found for icon %s', async (file) => {
    const response = await t.app.inject({ url: `/wps/system/icon/${file}?merchantCode=lotus` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: ErrorCode.NOT_FOUND });
  });
});
