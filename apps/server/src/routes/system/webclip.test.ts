import { type CommonSettings, SystemResourcePath, webClipProfileUrl } from '@wps/contract/system';
import { describe, expect, it } from 'vitest';
import { readPng } from '../../test/png-reader.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { buildWebClipProfile, stableUuid, withWebClipProfile } from '../../services/merchants/webclip.js';

/** The string values of a plist's <key>name</key><string>value</string> pairs, in order. */
function plistStrings(xml: string, key: string): string[] {
  return [...xml.matchAll(new RegExp(`<key>${key}</key>\\s*<string>([^<]*)</string>`, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

function iconOf(xml: string): Buffer {
  const data = /<key>Icon<\/key>\s*<data>([\s\S]*?)<\/data>/.exec(xml)?.[1] ?? '';
  return Buffer.from(data.replace(/\s+/g, ''), 'base64');
}

describe.each(backends)('iOS web-clip profile (%s)', (backend) => {
  const t = useTestApp(backend);

  it.each([
    { code: 'aurora', name: 'Aurora Play', host: 'localhost:8080' },
    { code: 'lotus', name: 'Lotus Lotto', host: 'LOTUS.localhost' },
  ])(
    '$code: a configuration profile with the merchant’s name, icon and URL',
    async ({ code, name, host }) => {
      const response = await t.app.inject({ url: webClipProfileUrl(code), headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/x-apple-aspen-config/);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${code}.mobileconfig"`);
      const xml = response.body;
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE plist/);
      expect(plistStrings(xml, 'PayloadType')).toEqual(['com.apple.webClip.managed', 'Configuration']);
      expect(plistStrings(xml, 'Label')).toEqual([name]);
      expect(plistStrings(xml, 'URL')).toEqual([`http://${host.toLowerCase()}/m/home?homescreen=1`]);
      expect(plistStrings(xml, 'PayloadIdentifier')).toEqual([
        `app.wps.webclip.${code}.clip`,
        `app.wps.webclip.${code}`,
      ]);
      const png = readPng(iconOf(xml));
      expect([png.width, png.height]).toEqual([180, 180]);
    },
  );

  it('the same profile identity on every download (a reinstall replaces it)', async () => {
    const first = await t.app.inject({ url: webClipProfileUrl('aurora') });
    const second = await t.app.inject({ url: webClipProfileUrl('aurora') });
    expect(plistStrings(first.body, 'PayloadUUID')).toEqual(plistStrings(second.body, 'PayloadUUID'));
    const other = await t.app.inject({
      url: webClipProfileUrl('lotus'),
      headers: { host: 'lotus.localhost' },
    });
    expect(plistStrings(other.body, 'PayloadUUID')).not.toEqual(plistStrings(first.body, 'PayloadUUID'));
  });

  it('uses the host merchant without merchantCode, and refuses an unknown one', async () => {
    const byHost = await t.app.inject({
      url: SystemResourcePath.webClipProfile,
      headers: { host: 'lotus.localhost' },
    });
    expect(plistStrings(byHost.body, 'Label')).toEqual(['Lotus Lotto']);
    const unknown = await t.app.inject({ url: webClipProfileUrl('nobody') });
    expect(unknown.statusCode).toBe(404);
  });

  // The profile's URL comes from the host, so the host must be the merchant's own.
  it.each([
    ['another host’s merchant named by the code', 'localhost', 'lotus'],
    ['a host no merchant has', 'evil.example', 'lotus'],
    ['a host with userinfo', 'lotus.localhost:80@evil.example', 'lotus'],
  ])('refuses %s', async (_label, host, code) => {
    const response = await t.app.inject({ url: webClipProfileUrl(code), headers: { host } });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('evil.example/m/home');
  });

  it('the settings name it as the MOBILECONFIG download resource', async () => {
    const response = await t.app.inject({
      url: '/wps/system/settings',
      headers: { host: 'aurora.localhost' },
    });
    const settings = (response.json() as { value: CommonSettings }).value;
    expect(settings.resources).toContainEqual({
      resourceType: 'MOBILECONFIG',
      url: webClipProfileUrl('aurora'),
    });
  });
});

describe('the profile document', () => {
  it('escapes the merchant’s name and URL', () => {
    const xml = buildWebClipProfile({
      merchantCode: 'a&b',
      merchantName: 'Tom & <Jerry>',
      url: 'https://x.example/m/home?homescreen=1&a="b"',
      icon: Buffer.from([1, 2, 3]),
    });
    expect(plistStrings(xml, 'Label')).toEqual(['Tom &amp; &lt;Jerry&gt;']);
    expect(xml).toContain('<string>https://x.example/m/home?homescreen=1&amp;a=&quot;b&quot;</string>');
    expect(xml).toContain('<string>app.wps.webclip.a-b</string>');
  });

  it('stable UUIDs are well formed', () => {
    expect(stableUuid('x')).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(stableUuid('x')).toBe(stableUuid('x'));
  });

  it('a merchant’s own MOBILECONFIG resource is kept', () => {
    const own = [{ resourceType: 'MOBILECONFIG' as const, url: 'https://cdn.example/own.mobileconfig' }];
    expect(withWebClipProfile(own, 'aurora')).toEqual(own);
    expect(withWebClipProfile([], 'aurora')).toEqual([
      { resourceType: 'MOBILECONFIG', url: webClipProfileUrl('aurora') },
    ]);
  });
});
