import { endpoints } from '@wps/contract/endpoints';
import type { DownloadSetting } from '@wps/contract/content';
import type { StaffLegalPages, StaffLinks } from '@wps/contract/offersAdmin';
import type { CommonSettings } from '@wps/contract/system';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { AURORA, get, LOTUS, value } from '../../test/accounts.js';
import { staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { offersCall } from '../../test/offers.js';
import { backends, useTestApp } from '../../test/test-app.js';

/**
 * Issue 30 item 5: the back office's legal pages (versions never edited, the newest current: the
 * terms make members accept again), download links and customer-service entries (http(s) only, by
 * VIP label and position) — each save seen by the member site at once.
 */
describe.each(backends)('back office legal pages and links (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.parse('2026-06-01T12:00:00Z'));
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let marketing = '';
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, host = AURORA) =>
    offersCall<T>(t.app, marketing, method, path, body, host);
  const settings = async (host = AURORA) =>
    value<CommonSettings>(await get(t.app, endpoints.settings.path, { host }));
  const lotusLegal = () =>
    rowsOf(
      t.db,
      sql`SELECT d.* FROM legal_documents d JOIN merchants m ON m.id = d.merchant_id WHERE m.code = 'lotus' ORDER BY 1, 2, 3, 4`,
    );

  beforeAll(async () => {
    marketing = await signIn(t.app, 'aurora-marketing');
  });

  describe('legal pages', () => {
    it('publishes a new terms version: the old one stays as it was, members must accept the new one', async () => {
      const before = await call<StaffLegalPages>('GET', 'legal');
      const terms = before.value.pages.find((page) => page.kind === 'terms');
      const current = terms?.current ?? 0;
      expect(current).toBeGreaterThan(0);
      const old = terms?.versions[0];
      expect((await settings()).termsVersion).toBe(current);
      const lotusBefore = await lotusLegal();

      const published = await call<StaffLegalPages>('POST', 'legal/terms', {
        basedOn: current,
        texts: { EN: { title: 'Terms, June', body: 'New terms.' }, TH: { title: 'ข้อกำหนด', body: 'ใหม่' } },
      });
      expect(published.status).toBe(200);
      const page = published.value.pages.find((p) => p.kind === 'terms');
      expect(page?.current).toBe(current + 1);
      expect(page?.versions[0]?.texts).toEqual({
        EN: { title: 'Terms, June', body: 'New terms.' },
        TH: { title: 'ข้อกำหนด', body: 'ใหม่' },
      });
      expect(page?.versions[1]).toEqual(old);
      // The member site: the settings name the new version at once, and the page answers it.
      expect((await settings()).termsVersion).toBe(current + 1);
      const shown = value<{ version: number; title: string }>(
        await get(t.app, '/wps/legal/terms?language=TH', { host: AURORA, headers: { Language: 'TH' } }),
      );
      expect(shown.version).toBe(current + 1);
      expect(await lotusLegal()).toEqual(lotusBefore);
    });

    it.each([
      [
        'an older version (published versions are never edited)',
        (v: number) => ({ basedOn: v - 1, texts: { EN: { title: 'x', body: 'y' } } }),
        409,
        'legal_version_stale',
      ],
      [
        'the current version again after a newer one',
        (v: number) => ({ basedOn: v + 5, texts: { EN: { title: 'x', body: 'y' } } }),
        409,
        'legal_version_stale',
      ],
      [
        'no text in the default language',
        (v: number) => ({ basedOn: v, texts: { TH: { title: 'x', body: 'y' } } }),
        400,
        'content_default_language_missing',
      ],
      [
        'a language aurora does not offer',
        (v: number) => ({
          basedOn: v,
          texts: { EN: { title: 'x', body: 'y' }, VI: { title: 'x', body: 'y' } },
        }),
        400,
        'content_language_not_offered',
      ],
      [
        'an empty body',
        (v: number) => ({ basedOn: v, texts: { EN: { title: 'x', body: ' ' } } }),
        400,
        'invalid_request',
      ],
    ])('refuses to publish %s', async (_name, body, status, code) => {
      const list = await call<StaffLegalPages>('GET', 'legal');
      const current = list.value.pages.find((p) => p.kind === 'privacy')?.current ?? 0;
      const answer = await call('POST', 'legal/privacy', body(current));
      expect([answer.status, answer.errorCode]).toEqual([status, code]);
      const after = await call<StaffLegalPages>('GET', 'legal');
      expect(after.value.pages.find((p) => p.kind === 'privacy')).toEqual(
        list.value.pages.find((p) => p.kind === 'privacy'),
      );
    });

    it('refuses a kind that is none', async () => {
      const answer = await call('POST', 'legal/rules', {
        basedOn: 0,
        texts: { EN: { title: 'x', body: 'y' } },
      });
      expect([answer.status, answer.errorCode]).toEqual([400, 'invalid_request']);
    });
  });

  describe('download links', () => {
    it('saves the links; the download page answers them at once', async () => {
      const saved = await call<StaffLinks>('POST', 'links/downloads', {
        resources: [
          { resourceType: 'Android', url: 'https://cdn.example.com/aurora-2.apk' },
          { resourceType: 'IOS', url: 'https://apps.example.com/aurora' },
        ],
      });
      expect(saved.status).toBe(200);
      const page = value<DownloadSetting>(await get(t.app, endpoints.downloadSetting.path, { host: AURORA }));
      expect(page.resources.map((r) => r.url)).toEqual(
        expect.arrayContaining(['https://cdn.example.com/aurora-2.apk', 'https://apps.example.com/aurora']),
      );
      const lotus = value<DownloadSetting>(await get(t.app, endpoints.downloadSetting.path, { host: LOTUS }));
      expect(lotus.resources.map((r) => r.url)).not.toContain('https://cdn.example.com/aurora-2.apk');
    });

    it.each([
      ['javascript:', 'javascript:alert(1)'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['ftp:', 'ftp://files.example.com/app.apk'],
      ['protocol-relative', '//evil.example.com/app.apk'],
      ['credentials', 'https://user:pw@example.com/app.apk'],
      ['a space inside', 'https://exa mple.com/app.apk'],
      ['no address at all', 'the app store'],
    ])('refuses a %s link and keeps the links as they were', async (_name, url) => {
      const before = await call<StaffLinks>('GET', 'links');
      const answer = await call('POST', 'links/downloads', { resources: [{ resourceType: 'Android', url }] });
      expect([answer.status, answer.errorCode]).toEqual([400, 'invalid_request']);
      expect((await call<StaffLinks>('GET', 'links')).value.resources).toEqual(before.value.resources);
    });
  });

  describe('customer-service entries', () => {
    it('saves entries by VIP label and position; the settings answer them at once, sealed at rest', async () => {
      const links = await call<StaffLinks>('GET', 'links');
      const label = links.value.vipLabels[0];
      expect(label).toBeDefined();
      const entries = [
        {
          path: 'https://help.example.com/vip',
          csType: 'LINK',
          csPosition: 'HEADER',
          labelIds: [label?.id ?? ''],
        },
        { path: '/m/supportChat', csType: 'CHAT', csPosition: 'FLOATING', labelIds: [] },
      ];
      const saved = await call<StaffLinks>('POST', 'links/customer-service', { entries });
      expect(saved.value.customerService).toEqual(entries);
      expect((await settings()).customerService).toEqual(entries);
      const [stored] = await rowsOf<{ settings: string }>(
        t.db,
        sql`SELECT public_settings::text AS settings FROM merchants WHERE code = 'aurora'`,
      );
      expect(stored?.settings).not.toContain('help.example.com');
    });

    it.each([
      ['a javascript: link', { path: 'javascript:alert(1)', csType: 'LINK' }],
      ['a protocol-relative link', { path: '//evil.example.com', csType: 'LINK' }],
      ['an ftp link', { path: 'ftp://example.com', csType: 'LINK' }],
      ['a backslash trick', { path: '/\\evil.example.com', csType: 'LINK' }],
      ['a chat entry that is not the chat', { path: 'https://example.com/chat', csType: 'CHAT' }],
      ['an unknown position', { path: 'https://example.com', csType: 'LINK', csPosition: 'FOOTER' }],
    ])('refuses %s and keeps the entries as they were', async (_name, entry) => {
      const before = await settings();
      const answer = await call('POST', 'links/customer-service', {
        entries: [{ csPosition: 'HOME', labelIds: [], ...entry }],
      });
      expect([answer.status, answer.errorCode]).toEqual([400, 'invalid_request']);
      expect((await settings()).customerService).toEqual(before.customerService);
    });
  });
});
