import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/index.js';
import { APP_CSP } from '../../http/security.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { withDeviceFrameOrigin, withPixelOrigins } from './pixel-policy.js';

const none = { script: [], connect: [], frame: [] };

describe('ad-pixel origins in the page policy', () => {
  it.each([
    ['no pixels', undefined, none],
    [
      'Meta',
      { meta: '123456' },
      { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com'], frame: [] },
    ],
    [
      'TikTok',
      { tiktok: 'C4ABC' },
      { script: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'], frame: [] },
    ],
    ['a hostile id adds nothing', { meta: "1' https://evil.example" }, none],
    ['an empty id adds nothing', { gtag: '' }, none],
  ])('%s', (_name, pixels, expected) => {
    expect(withPixelOrigins(none, pixels)).toEqual(expected);
  });

  it('keeps the provider origins and adds each origin once', () => {
    const base = { script: ['https://apis.google.com'], connect: [], frame: ['https://x.firebaseapp.com'] };
    const result = withPixelOrigins(base, { gtag: 'G-1', meta: '1' });
    expect(result.script).toEqual([
      'https://apis.google.com',
      'https://connect.facebook.net',
      'https://www.googletagmanager.com',
    ]);
    expect(result.frame).toEqual(['https://x.firebaseapp.com']);
    expect(new Set(result.connect).size).toBe(result.connect.length);
  });
});

describe.each(backends)('a merchant with a pixel gets its origins on its pages only (%s)', (backend) => {
  const t = useTestApp(backend, { webDist: true });

  it('aurora with a Meta pixel; lotus keeps the app policy', async () => {
    const [aurora] = await t.db.select().from(merchants).where(eq(merchants.code, 'aurora'));
    if (!aurora) throw new Error('no aurora');
    await t.db
      .update(merchants)
      .set({ publicSettings: { ...aurora.publicSettings, adPixels: { meta: '998877' } } })
      .where(eq(merchants.id, aurora.id));
    const page = (host: string) => t.app.inject({ url: '/m/home', headers: { host } });
    const policy = String((await page('localhost')).headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://connect.facebook.net;");
    expect(policy).toContain("connect-src 'self' https://www.facebook.com;");
    expect((await page('lotus.localhost')).headers['content-security-policy']).toBe(APP_CSP);
    const settings = await t.app.inject({ url: '/wps/system/settings', headers: { host: 'localhost' } });
    expect((settings.json() as { value: { adPixels?: unknown } }).value.adPixels).toEqual({ meta: '998877' });
  });

  it('aurora with a device-id iframe: its origin in frame-src there only', async () => {
    const [aurora] = await t.db.select().from(merchants).where(eq(merchants.code, 'aurora'));
    if (!aurora) throw new Error('no aurora');
    const gw = { ...aurora.publicSettings.gw, DEVICE_ID_IFRAME_URL: 'https://id.example.com/frame.html' };
    await t.db
      .update(merchants)
      .set({ publicSettings: { ...aurora.publicSettings, gw } })
      .where(eq(merchants.id, aurora.id));
    const page = (host: string) => t.app.inject({ url: '/m/home', headers: { host } });
    expect(String((await page('localhost')).headers['content-security-policy'])).toContain(
      "frame-src 'self' https://id.example.com;",
    );
    expect((await page('lotus.localhost')).headers['content-security-policy']).toBe(APP_CSP);
  });
});

describe('withDeviceFrameOrigin (the device-id iframe in frame-src)', () => {
  const base = { script: ["'self'"], connect: ["'self'"], frame: [] as string[] };
  it.each<[string, string | undefined, string[]]>([
    ['an https address: its origin', 'https://id.example.com/frame.html?x=1', ['https://id.example.com']],
    ['none', undefined, []],
    ['empty', '', []],
    ['plain http: nothing', 'http://id.example.com/frame.html', []],
    ['javascript: nothing', 'javascript:alert(1)', []],
    ['credentials: nothing', 'https://u:p@id.example.com/frame.html', []],
    ['not an address: nothing', 'frame.html', []],
  ])('%s', (_name, url, frame) => {
    const result = withDeviceFrameOrigin(base, url);
    expect(result.frame).toEqual(frame);
    expect(result.script).toEqual(["'self'"]);
  });
});
