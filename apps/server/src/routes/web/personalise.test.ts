import type { Banner } from '@wps/contract/games';
import { endpoints } from '@wps/contract/endpoints';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { banners } from '../../db/schema/index.js';
import { get, value } from '../../test/accounts.js';
import { backends, merchantRow, updateMerchant, useTestApp } from '../../test/test-app.js';

describe.each(backends)('the personalised HTML shell (%s)', (backend) => {
  const t = useTestApp(backend, { webDist: true });

  async function page(path: string, host: string): Promise<string> {
    const response = await t.app.inject({ url: path, headers: { host } });
    return response.body;
  }

  it.each([
    { host: 'localhost', name: 'Aurora Play', lang: 'en-US', dir: 'ltr', primary: '#1d3a8a', code: 'aurora' },
    {
      host: 'lotus.localhost',
      name: 'Lotus Lotto',
      lang: 'vi-VN',
      dir: 'ltr',
      primary: '#1f7a4d',
      code: 'lotus',
    },
    {
      host: 'orbit.localhost',
      name: 'Orbit Games',
      lang: 'ar',
      dir: 'rtl',
      primary: '#5b2bd6',
      code: 'orbit',
    },
  ])(
    '$code: title, language, direction, theme and icons',
    async ({ host, name, lang, dir, primary, code }) => {
      const html = await page('/m/home', host);
      expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(html).toContain(`<title>${name}</title>`);
      expect(html).not.toContain('<!--wps:head-->');
      expect(html).toContain(`<meta name="theme-color" content="${primary}">`);
      // The app sends it as the Merchant header from its first call on.
      expect(html).toContain(`<meta name="wps-merchant" content="${code}">`);
      expect(html).toContain(`<link rel="manifest" href="/wps/system/manifest.json?merchantCode=${code}">`);
      expect(html).toContain(`<link rel="icon" href="/wps/system/icon/192.png?merchantCode=${code}">`);
      expect(html).toContain(
        `<link rel="apple-touch-icon" href="/wps/system/icon/180.png?merchantCode=${code}">`,
      );
      expect(html).toMatch(
        new RegExp(`<style>html:root\\{--color-primary:${primary};--color-primary-contrast:#[0-9a-f]+;`),
      );
      for (const variable of ['background', 'surface', 'text', 'text-muted', 'accent']) {
        expect(html).toContain(`--color-${variable}:#`);
      }
    },
  );

  // A visitor's browser language wins where the merchant offers it (orbit: Arabic and English);
  // otherwise the merchant's default. The rendered screen is in that language too.
  it.each([
    ['orbit.localhost', 'en-US,en;q=0.9', 'en-US', 'ltr'],
    ['orbit.localhost', 'fr-FR, en;q=0.5', 'en-US', 'ltr'],
    ['orbit.localhost', 'ar-AE', 'ar', 'rtl'],
    ['orbit.localhost', 'en;q=0, ar', 'ar', 'rtl'],
    ['orbit.localhost', 'de-DE', 'ar', 'rtl'],
    ['orbit.localhost', undefined, 'ar', 'rtl'],
    ['orbit.localhost', '<script>,;;;q=x', 'ar', 'rtl'],
    ['lotus.localhost', 'en-GB', 'en-US', 'ltr'],
    ['lotus.localhost', 'th-TH', 'vi-VN', 'ltr'],
    ['localhost', 'zh-TW', 'zh-HK', 'ltr'],
  ])('%s with Accept-Language %j: <html lang="%s" dir="%s">', async (host, accept, lang, dir) => {
    const response = await t.app.inject({
      url: '/m/login',
      headers: { host, ...(accept === undefined ? {} : { 'accept-language': accept }) },
    });
    expect(response.body).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(response.headers.vary).toMatch(/accept-language/i);
    // Each language is its own cached page: asking again in the default gets the default.
    const again = await t.app.inject({ url: '/m/login', headers: { host } });
    const byDefault = { 'orbit.localhost': 'ar', 'lotus.localhost': 'vi-VN', localhost: 'en-US' }[host];
    expect(again.body).toContain(`<html lang="${byDefault}"`);
  });

  it.each([
    { name: 'indexable path on the main host', path: '/m/home', host: 'localhost:8080', noindex: false },
    { name: 'the app root on the main host', path: '/m/', host: 'localhost', noindex: false },
    { name: 'index.html on the main host', path: '/m/index.html', host: 'localhost', noindex: false },
    { name: 'indexable path on another host', path: '/m/home', host: 'aurora.localhost', noindex: true },
    { name: 'indexable path via 127.0.0.1', path: '/m/home', host: '127.0.0.1', noindex: true },
    { name: 'protected path on the main host', path: '/m/member/home', host: 'localhost', noindex: true },
    { name: 'unlisted path on the main host', path: '/m/feedback', host: 'localhost', noindex: true },
    { name: 'lotus on its main host', path: '/m/login', host: 'lotus.localhost', noindex: false },
    { name: 'unknown path', path: '/m/nothing', host: 'localhost', noindex: true },
  ])('robots: $name', async ({ path, host, noindex }) => {
    const html = await page(path, host);
    expect(html.includes('<meta name="robots" content="noindex">')).toBe(noindex);
  });

  it('an unknown host gets the page as built, with noindex', async () => {
    expect(await page('/m/home', 'unknown.example')).not.toContain('wps-merchant');
    const response = await t.app.inject({ url: '/m/home', headers: { host: 'nowhere.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Play</title>');
    expect(response.body).toContain('<html lang="en" dir="ltr">');
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.body).not.toContain('rel="manifest"');
  });

  it('escapes the merchant name and drops invalid colours', async () => {
    const lotus = await merchantRow(t.db, 'lotus');
    await updateMerchant(t.db, 'lotus', {
      name: 'Lotus </title><script>alert("x")</script> & $& Co',
      template: {
        ...lotus.template,
        colors: { ...lotus.template.colors, accent: 'red}</style><script>alert(1)</script>' },
      },
    });
    try {
      const html = await page('/m/home', 'lotus.localhost');
      expect(html).toContain(
        '<title>Lotus &lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; $&amp; Co</title>',
      );
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('red}');
      expect(html).toMatch(/--color-accent:#[0-9a-f]{6}/);
    } finally {
      await updateMerchant(t.db, 'lotus', { name: lotus.name, template: lotus.template });
    }
  });

  it('links an https favicon and touch icon, never other schemes', async () => {
    const aurora = await merchantRow(t.db, 'aurora');
    await updateMerchant(t.db, 'aurora', {
      template: {
        ...aurora.template,
        favicon: 'https://cdn.example/aurora.png?a=1&b="2"',
        apple_touch_icon: 'javascript:alert(1)',
      },
    });
    try {
      const html = await page('/m/home', 'localhost');
      expect(html).toContain(
        '<link rel="icon" href="https://cdn.example/aurora.png?a=1&amp;b=&quot;2&quot;">',
      );
      expect(html).toContain(
        '<link rel="apple-touch-icon" href="/wps/system/icon/180.png?merchantCode=aurora">',
      );
      expect(html).not.toContain('javascript:');
    } finally {
      await updateMerchant(t.db, 'aurora', { template: aurora.template });
    }
  });

  it.each([
    { name: 'the home page preloads its first banner', path: '/m/home', host: 'localhost', preloads: true },
    { name: 'the app root is the home page', path: '/m/', host: 'localhost', preloads: true },
    { name: 'another merchant, its own banner', path: '/m/home', host: 'lotus.localhost', preloads: true },
    { name: 'the login page has no banner', path: '/m/login', host: 'localhost', preloads: false },
    { name: 'an unknown host has no merchant', path: '/m/home', host: 'nobody.example', preloads: false },
  ])('$name', async ({ path, host, preloads }) => {
    const html = await page(path, host);
    const tags = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    if (!preloads) {
      expect(tags).toEqual([]);
      return;
    }
    const banners = value<Banner[]>(await get(t.app, `${endpoints.banners.path}?platform=M`, { host }));
    expect(tags).toEqual([
      `<link rel="preload" as="image" type="image/avif" fetchpriority="high" href="/wps/game/image/banner-${banners[0]?.id}.avif">`,
    ]);
  });

  it('a merchant with no banner showing now gets no image preload', async () => {
    const orbit = await merchantRow(t.db, 'orbit');
    const before = await t.db
      .select({ id: banners.id, endsAt: banners.endsAt })
      .from(banners)
      .where(eq(banners.merchantId, orbit.id));
    expect(before.length).toBeGreaterThan(0);
    await t.db
      .update(banners)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(eq(banners.merchantId, orbit.id));
    try {
      const html = await page('/m/home', 'orbit.localhost');
      expect(html).toContain('<title>Orbit Games</title>');
      expect(html).not.toContain('rel="preload" as="image"');
    } finally {
      for (const row of before) {
        await t.db.update(banners).set({ endsAt: row.endsAt }).where(eq(banners.id, row.id));
      }
    }
  });
});
