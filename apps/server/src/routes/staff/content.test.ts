import type {
  StaffAnnouncementList,
  StaffAnnouncementView,
  StaffBannerList,
  StaffBannerView,
} from '@wps/contract/contentAdmin';
import type { Announcement, AnnouncementPopup, Banner, Paged } from '@wps/contract/games';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { AURORA, LOTUS } from '../../test/accounts.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

interface Answer<V> {
  success: boolean;
  value?: V;
  errorCode?: string;
}

const HOUR = 3_600_000;

/**
 * Issue 30 item 5: the back office's banners, marquee lines, popup pages and popup options. Each save
 * is checked on the server (window, languages, the link rules of spec section 2, sizes), stays inside
 * the staff member's merchant, and is on the member site's next request without a restart.
 */
describe.each(backends)('back office Content: banners, marquee, popup (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let marketing = '';
  let readonly = '';
  let lotusOwner = '';
  const ids = { lotusBanner: 0, lotusMarquee: 0, auroraPromotion: 0, lotusPromotion: 0, auroraPr: 0 };
  let game = { vendor: '', gameCode: '', category: '' };

  beforeAll(async () => {
    marketing = await signIn(t.app, 'aurora-marketing');
    readonly = await signIn(t.app, 'aurora-readonly');
    lotusOwner = await signIn(t.app, 'lotus-owner', LOTUS);
    const [row] = await rowsOf<Record<keyof typeof ids, number>>(
      t.db,
      sql`SELECT
        (SELECT min(b.id) FROM banners b JOIN merchants m ON m.id = b.merchant_id WHERE m.code = 'lotus') AS "lotusBanner",
        (SELECT min(a.id) FROM announcements a JOIN merchants m ON m.id = a.merchant_id WHERE m.code = 'lotus' AND a.type = 'MARQUEE') AS "lotusMarquee",
        (SELECT min(a.id) FROM announcements a JOIN merchants m ON m.id = a.merchant_id WHERE m.code = 'aurora' AND a.type = 'PR') AS "auroraPromotion",
        (SELECT min(a.id) FROM announcements a JOIN merchants m ON m.id = a.merchant_id WHERE m.code = 'lotus' AND a.type = 'PR') AS "lotusPromotion",
        (SELECT min(a.id) FROM announcements a JOIN merchants m ON m.id = a.merchant_id WHERE m.code = 'aurora' AND a.type = 'PR') AS "auroraPr"`,
    );
    Object.assign(ids, row);
    const [offered] = await rowsOf<typeof game>(
      t.db,
      sql`SELECT g.vendor_code AS vendor, g.game_code AS "gameCode", g.category FROM games g
          JOIN merchants m ON m.code = 'aurora'
          WHERE g.enabled AND m.public_settings->'gameVendor'->'allVendors' ? g.vendor_code
            AND g.launch->>'kind' = 'vendor'
          ORDER BY g.id LIMIT 1`,
    );
    if (offered !== undefined) game = offered;
  });

  async function call<V>(
    method: 'GET' | 'POST',
    path: string,
    cookie: string,
    body?: unknown,
    host = AURORA,
  ) {
    const response = await staffCall(t.app, method, `content/${path}`, cookie, body, host);
    return { status: response.statusCode, answer: response.json<Answer<V>>() };
  }

  async function member<V>(path: string, language = 'EN', host = AURORA): Promise<V> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/${path}`,
      headers: { host, language },
    });
    return response.json<Answer<V>>().value as V;
  }

  const iso = (offset: number) => new Date(clock.now() + offset).toISOString();

  function banner(overrides: Record<string, unknown> = {}) {
    return {
      titles: { EN: 'Weekend cashback', TH: 'คืนเงินสุดสัปดาห์' },
      linkageType: 'URL',
      linkage: 'https://promo.example.test/weekend',
      art: { colors: ['#123456', '#abcdef'], glyph: 'WK' },
      position: 0,
      startsAt: iso(-HOUR),
      endsAt: iso(24 * HOUR),
      ...overrides,
    };
  }

  it('refuses a banner that breaks a rule, and keeps the good ones', async () => {
    const cases: [string, Record<string, unknown>, number, string | null][] = [
      ['an https link', {}, 200, null],
      ['a link without a scheme (https added)', { linkage: 'promo.example.test/a' }, 200, null],
      ['an in-app page', { linkage: '/m/activity?id=3' }, 200, null],
      ['javascript:', { linkage: 'javascript:alert(1)' }, 400, 'banner_link_invalid'],
      ['JaVaScRiPt: in mixed case', { linkage: 'JaVaScRiPt:alert(1)' }, 400, 'banner_link_invalid'],
      ['a percent-encoded scheme', { linkage: '%6Aavascript:alert(1)' }, 400, 'banner_link_invalid'],
      ['data:', { linkage: 'data:text/html,<script>alert(1)</script>' }, 400, 'banner_link_invalid'],
      ['vbscript:', { linkage: 'vbscript:msgbox(1)' }, 400, 'banner_link_invalid'],
      ['credentials in the link', { linkage: 'https://a:b@evil.test/' }, 400, 'banner_link_invalid'],
      ['a protocol-relative link', { linkage: '//evil.test/x' }, 400, 'banner_link_invalid'],
      ['an app path climbing out', { linkage: '/m/../../etc' }, 400, 'banner_link_invalid'],
      ['whitespace in the link', { linkage: 'https://evil.test/a b' }, 400, 'banner_link_invalid'],
      ['an over-long link', { linkage: `https://x.test/${'a'.repeat(2_100)}` }, 400, 'invalid_request'],
      ['a promotion of aurora', { linkageType: 'P', linkage: String(ids.auroraPromotion) }, 200, null],
      [
        'a promotion of lotus',
        { linkageType: 'P', linkage: String(ids.lotusPromotion) },
        400,
        'banner_link_invalid',
      ],
      [
        'a marquee line as promotion',
        { linkageType: 'P', linkage: String(ids.lotusMarquee) },
        400,
        'banner_link_invalid',
      ],
      [
        'a promotion id that is not one',
        { linkageType: 'P', linkage: '1 OR 1=1' },
        400,
        'banner_link_invalid',
      ],
      ['a game aurora offers', { linkageType: 'G', linkage: game.gameCode, vendor: game.vendor }, 200, null],
      ['a game without its vendor', { linkageType: 'G', linkage: game.gameCode }, 400, 'banner_link_invalid'],
      [
        'a game nobody has',
        { linkageType: 'G', linkage: 'NO_SUCH', vendor: game.vendor },
        400,
        'banner_link_invalid',
      ],
      [
        'a game with another category',
        { linkageType: 'G', linkage: game.gameCode, vendor: game.vendor, gameType: 'VN_LOTT' },
        400,
        'banner_link_invalid',
      ],
      ['an end before the start', { startsAt: iso(HOUR), endsAt: iso(0) }, 400, 'content_window_invalid'],
      ['an end at the start', { startsAt: iso(HOUR), endsAt: iso(HOUR) }, 400, 'content_window_invalid'],
      ['no end (never ends)', { endsAt: null }, 200, null],
      ['no text in the default language', { titles: { TH: 'ไทย' } }, 400, 'content_default_language_missing'],
      [
        'a language aurora does not offer',
        { titles: { EN: 'x', VI: 'y' } },
        400,
        'content_language_not_offered',
      ],
      ['an oversized title', { titles: { EN: 'x'.repeat(121) } }, 400, 'invalid_request'],
      ['a blank title', { titles: { EN: '   ' } }, 400, 'invalid_request'],
      [
        'a colour that is a script',
        { art: { colors: ['url(javascript:1)', '#000000'], glyph: 'X' } },
        400,
        'invalid_request',
      ],
      ['a date that is no date', { startsAt: 'tomorrow' }, 400, 'invalid_request'],
    ];
    for (const [label, overrides, status, errorCode] of cases) {
      const { status: got, answer } = await call<StaffBannerView>(
        'POST',
        'banners',
        marketing,
        banner(overrides),
      );
      expect([label, got, answer.errorCode ?? null]).toEqual([label, status, errorCode]);
    }
  });

  it('shows a saved banner on the member site at once, per language, until it is retired', async () => {
    const created = await call<StaffBannerView>('POST', 'banners', marketing, banner({ position: -0 }));
    const view = created.answer.value as StaffBannerView;
    expect(view).toMatchObject({ status: 'live', titles: { EN: 'Weekend cashback', TH: 'คืนเงินสุดสัปดาห์' } });
    const shown = (language: string) =>
      member<Banner[]>('MCSFE_getBannerList?platform=M', language).then((list) =>
        list.find((item) => item.id === view.id),
      );
    expect((await shown('EN'))?.title).toBe('Weekend cashback');
    expect((await shown('TH'))?.title).toBe('คืนเงินสุดสัปดาห์');
    // A language without a translation gets the default language's title.
    expect((await shown('JA'))?.title).toBe('Weekend cashback');

    const saved = await call<StaffBannerView>('POST', `banners/${view.id}`, marketing, {
      ...banner({ titles: { EN: 'Cashback all week' } }),
    });
    expect(saved.status).toBe(200);
    expect((await shown('TH'))?.title).toBe('Cashback all week');

    // Same art: the picture keeps its name. New art: a new name (browsers keep pictures a year), and
    // only the new name draws it.
    expect((await shown('EN'))?.imageBase).toBe(`/wps/game/image/banner-${view.id}`);
    await call(
      'POST',
      `banners/${view.id}`,
      marketing,
      banner({ art: { colors: ['#000000', '#ff0000'], glyph: 'NEW' } }),
    );
    const renamed = (await shown('EN'))?.imageBase ?? '';
    expect(renamed).toBe(`/wps/game/image/banner-${view.id}_1`);
    const picture = (name: string) =>
      t.app.inject({ method: 'GET', url: `${name}.png`, headers: { host: AURORA } });
    expect((await picture(renamed)).statusCode).toBe(200);
    expect((await picture(`/wps/game/image/banner-${view.id}`)).statusCode).toBe(404);
    expect((await picture(`/wps/game/image/banner-${view.id}_7`)).statusCode).toBe(404);

    const retired = await call<StaffBannerView>('POST', `banners/${view.id}/retire`, marketing, {});
    expect(retired.answer.value?.status).toBe('ended');
    expect(await shown('EN')).toBeUndefined();
    // Never deleted: the list still has it, ended.
    const list = await call<StaffBannerList>('GET', 'banners', readonly);
    expect(list.answer.value?.banners.find((item) => item.id === view.id)?.status).toBe('ended');
    expect(list.answer.value?.defaultLanguage).toBe('EN');
  });

  it('lists a banner that starts later as scheduled and keeps it off the member site', async () => {
    const later = await call<StaffBannerView>(
      'POST',
      'banners',
      marketing,
      banner({ startsAt: iso(HOUR), endsAt: null }),
    );
    const id = later.answer.value?.id ?? '';
    expect(later.answer.value?.status).toBe('scheduled');
    const list = await member<Banner[]>('MCSFE_getBannerList?platform=M');
    expect(list.some((item) => item.id === id)).toBe(false);
    // Retiring one that never began leaves it ended, not scheduled.
    const retired = await call<StaffBannerView>('POST', `banners/${id}/retire`, marketing, {});
    expect(retired.answer.value?.status).toBe('ended');
  });

  it('never touches another merchant’s banner or announcement', async () => {
    const before = await rowsOf<{ d: string }>(
      t.db,
      sql`SELECT md5(string_agg(x::text, '|' ORDER BY x.id)) AS d FROM banners x JOIN merchants m ON m.id = x.merchant_id WHERE m.code = 'lotus'`,
    );
    const cases: [string, string, unknown][] = [
      ['save lotus’s banner', `banners/${ids.lotusBanner}`, banner()],
      ['retire lotus’s banner', `banners/${ids.lotusBanner}/retire`, {}],
      ['retire lotus’s marquee', `announcements/${ids.lotusMarquee}/retire`, {}],
      ['retire aurora’s promotion here', `announcements/${ids.auroraPr}/retire`, {}],
      ['retire an id beyond the column', 'banners/99999999999/retire', {}],
    ];
    for (const [label, path, body] of cases) {
      const { status, answer } = await call('POST', path, marketing, body);
      expect([label, status, answer.errorCode]).toEqual([
        label,
        path.includes('99999999999') ? 400 : 404,
        path.includes('99999999999') ? 'invalid_request' : 'content_not_found',
      ]);
    }
    const after = await rowsOf<{ d: string }>(
      t.db,
      sql`SELECT md5(string_agg(x::text, '|' ORDER BY x.id)) AS d FROM banners x JOIN merchants m ON m.id = x.merchant_id WHERE m.code = 'lotus'`,
    );
    expect(after).toEqual(before);
    // Lotus's own staff list only lotus's banners.
    const lotusList = await call<StaffBannerList>('GET', 'banners', lotusOwner, undefined, LOTUS);
    expect(lotusList.answer.value?.defaultLanguage).toBe('VI');
    expect(lotusList.answer.value?.banners.some((item) => item.id === String(ids.lotusBanner))).toBe(true);
  });

  it('writes marquee lines per language and shows them as the member’s news', async () => {
    const line = (overrides: Record<string, unknown> = {}) => ({
      type: 'MARQUEE',
      texts: {
        EN: { title: 'Maintenance', content: 'Deposits pause at 02:00.' },
        CN: { title: '维护', content: '02:00 暂停存款。' },
      },
      startsAt: iso(-HOUR),
      endsAt: null,
      ...overrides,
    });
    const cases: [string, Record<string, unknown>, number, string | null][] = [
      ['a marquee line', {}, 200, null],
      [
        'an oversized line',
        { texts: { EN: { title: 'x', content: 'y'.repeat(2_001) } } },
        400,
        'invalid_request',
      ],
      ['a promotion (not this section’s)', { type: 'PR' }, 400, 'invalid_request'],
      [
        'no default language',
        { texts: { CN: { title: '维护', content: '内容' } } },
        400,
        'content_default_language_missing',
      ],
      ['an end before the start', { endsAt: iso(-2 * HOUR) }, 400, 'content_window_invalid'],
      ['a control character', { texts: { EN: { title: 'a\u0000b', content: 'c' } } }, 400, 'invalid_request'],
    ];
    let id = '';
    for (const [label, overrides, status, errorCode] of cases) {
      const { status: got, answer } = await call<StaffAnnouncementView>(
        'POST',
        'announcements',
        marketing,
        line(overrides),
      );
      expect([label, got, answer.errorCode ?? null]).toEqual([label, status, errorCode]);
      if (got === 200) id = answer.value?.id ?? '';
    }
    const news = (language: string) =>
      member<Paged<Announcement>>('MCSFE_getListAnnouncements?types=MARQUEE&pageSize=50', language).then(
        (page) => page.list.find((item) => item.id === id),
      );
    expect((await news('CN'))?.content).toBe('02:00 暂停存款。');
    expect((await news('EN'))?.title).toBe('Maintenance');
    const list = await call<StaffAnnouncementList>('GET', 'announcements?type=MARQUEE', readonly);
    expect(list.answer.value?.announcements.find((item) => item.id === id)?.texts.CN?.title).toBe('维护');
    // Readonly staff read, never write.
    expect((await call('POST', `announcements/${id}/retire`, readonly, {})).status).toBe(403);
    expect((await call('POST', `announcements/${id}/retire`, marketing, {})).status).toBe(200);
    expect(await news('EN')).toBeUndefined();
  });

  it('saves every popup option and the popup shows its pages with them', async () => {
    const page = await call<StaffAnnouncementView>('POST', 'announcements', marketing, {
      type: 'POPUP',
      audience: 'visitors',
      texts: { EN: { title: 'Welcome', content: 'Try any game free.' } },
      startsAt: iso(-HOUR),
      endsAt: iso(HOUR),
    });
    expect(page.status).toBe(200);
    const options = {
      autoplay: false,
      delay: 8_000,
      showClose: false,
      showTodayCheckbox: false,
      showPagination: false,
      forceRead: true,
      forcePopup: true,
      outsideClose: false,
      waitSeconds: 5,
    };
    const invalid: [string, Record<string, unknown>][] = [
      ['a delay under a second', { ...options, delay: 10 }],
      ['a wait over a minute', { ...options, waitSeconds: 600 }],
      ['a missing option', { ...options, forceRead: undefined }],
      ['an option that is text', { ...options, autoplay: 'yes' }],
    ];
    for (const [label, body] of invalid) {
      const { status } = await call('POST', 'popup-options', marketing, body);
      expect([label, status]).toEqual([label, 400]);
    }
    expect((await call('POST', 'popup-options', marketing, options)).status).toBe(200);
    expect((await call('GET', 'popup-options', readonly)).answer.value).toEqual(options);
    const popup = await member<AnnouncementPopup>('MCSFE_getPopupAnnouncement');
    expect(popup).toMatchObject(options);
    expect(popup.popupList.find((item) => item.id === page.answer.value?.id)?.audience).toBe('visitors');
    // Lotus's popup keeps its own options.
    const lotusPopup = await member<AnnouncementPopup>('MCSFE_getPopupAnnouncement', 'VI', LOTUS);
    expect(lotusPopup.forcePopup === true && lotusPopup.delay === 8_000).toBe(false);
  });
});
