import { TransportHeader } from '@wps/contract/transport';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { Announcement, AnnouncementPopup, Banner, Paged } from '@wps/contract/games';
import { endpoints } from '@wps/contract/endpoints';
import { afterEach, describe, expect, it } from 'vitest';
import { announcementPopupOptions, announcements, banners, gameVendors } from '../../db/schema/index.js';
import { seedGameCatalogue } from '../../seed/games.js';
import { DEFAULT_POPUP_OPTIONS } from '../../services/games/catalogue-lobby.js';
import { AURORA, failure, get, LOTUS, value } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, merchantRow, updateMerchant, useTestApp } from '../../test/test-app.js';

const ORBIT = 'orbit.localhost';
const DAY = 86_400_000;

describe.each(backends)('the lobby content (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });
  afterEach(() => clock.set(TestClock.START));

  const bannerList = async (host = AURORA) =>
    value<Banner[]>(await get(t.app, `${endpoints.banners.path}?platform=M`, { host }));
  const announcementList = async (query: string, host = AURORA, token?: string) =>
    value<Paged<Announcement>>(
      await get(t.app, `${endpoints.announcements.path}?platform=M&${query}`, {
        host,
        ...(token === undefined ? {} : { token }),
      }),
    );

  it('answers aurora banners inside their window, by position, with each link type', async () => {
    const response = await get(t.app, `${endpoints.banners.path}?platform=M`);
    // Issue 30 item 5: the back office changes banners at any time; caches keep them 5 s at most.
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.headers.vary).toContain('Language');
    const list = value<Banner[]>(response);
    expect(list.map((banner) => [banner.linkageType, banner.title])).toEqual([
      ['P', 'Welcome bonus'],
      ['G', 'Play Fast 3'],
      ['URL', 'All lotteries'],
      ['URL', 'Play responsibly'],
    ]);
    const [promotion, game, internal, external] = list;
    expect(game).toMatchObject({
      linkage: 'NOVA_FAST3',
      vendor: 'NOVA_LOTTO',
      gameType: 'LOTT',
      roomId: 'FAST3',
      nodeId: '1001',
    });
    expect(internal?.linkage).toBe('/m/game');
    expect(external?.linkage).toMatch(/^https:\/\//);
    expect(promotion?.imageBase).toBe(`/wps/game/image/banner-${promotion?.id}`);
    // The P banner names a promotion the announcement list answers.
    const linked = await announcementList(`types=PR&id=${promotion?.linkage}`);
    expect(linked.list.map((item) => item.title)).toEqual(['Welcome bonus']);
  });

  it.each<[string, number, string[]]>([
    ['at seeding', 0, ['Thưởng nạp đầu', 'Xổ số miền Bắc']],
    [
      'a week later, the upcoming banner has started',
      7 * DAY,
      ['Thưởng nạp đầu', 'Xổ số miền Bắc', 'Sắp ra mắt'],
    ],
    ['two days before seeding, nothing had started', -2 * DAY, []],
  ])('lotus banners %s', async (_name, offset, titles) => {
    clock.advance(offset);
    expect((await bannerList(LOTUS)).map((banner) => banner.title)).toEqual(titles);
  });

  it.each<[string, number, number]>([
    ['types=MARQUEE', 0, 3],
    ['types=POPUP', 0, 2],
    ['types=POPUP', 3 * DAY, 3],
    ['types=PR', 0, 3],
    ['types=PR', 11 * DAY, 2],
    ['types=PR&category=app_download', 0, 1],
    ['types=PR,MARQUEE', 0, 6],
    ['types=MARQUEE,POPUP,PR', 0, 8],
    ['types=PR&category=nothing_here', 0, 0],
    ['types=MARQUEE&id=999999', 0, 0],
    ['types=PR&id=welcome-bonus', 0, 0],
    ['types=PR&id=0', 0, 0],
    ['types=PR&id=99999999999', 0, 0],
  ])('announcements %s, clock moved by %i ms → %i', async (query, offset, total) => {
    clock.advance(offset);
    const page = await announcementList(query);
    expect(page.total).toBe(total);
    expect(page.list).toHaveLength(total);
    const now = TestClock.START + offset;
    for (const item of page.list) {
      expect(Date.parse(item.startTime)).toBeLessThanOrEqual(now);
      if (item.endTime !== null) expect(Date.parse(item.endTime)).toBeGreaterThan(now);
    }
  });

  it('announcements carry plain fields; pictures only where there is art', async () => {
    const [download] = (await announcementList('types=PR&category=app_download')).list;
    expect(download).toMatchObject({ type: 'PR', category: 'app_download', title: 'Get the app' });
    expect(download?.imageBase).toBe(`/wps/game/image/announcement-${download?.id}`);
    const [marquee] = (await announcementList('types=MARQUEE')).list;
    expect(marquee).toMatchObject({ category: null, imageBase: null, endTime: null });
  });

  it.each<[string, number, number, number]>([
    ['pageSize=2', 1, 2, 2],
    ['pageSize=2&page=4', 4, 2, 2],
    ['pageSize=2&page=5', 5, 2, 0],
    ['pageSize=50', 1, 50, 8],
  ])('announcement paging %s', async (query, page, pageSize, length) => {
    const answer = await announcementList(`types=MARQUEE,POPUP,PR&${query}`);
    expect(answer).toMatchObject({ page, pageSize, total: 8 });
    expect(answer.list).toHaveLength(length);
  });

  it.each([
    'types=PR,FOO',
    'types=',
    'types=pr',
    'types=PR,PR',
    'platform=M',
    'types=PR&page=0',
    'types=PR&pageSize=51',
    'types=PR&id=a%20b',
    `types=PR&id=${'9'.repeat(65)}`,
    'types=PR&category=a%20b',
  ])('announcements refuse %s with 400', async (query) => {
    const url = `${endpoints.announcements.path}?${query}`;
    expect(failure(await get(t.app, url))).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
  });

  it.each([endpoints.banners.path, endpoints.popupAnnouncement.path, endpoints.announcements.path])(
    '%s refuses another platform',
    async (path) => {
      const url = `${path}?platform=PC&types=PR`;
      expect(failure(await get(t.app, url))).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
    },
  );

  it('the announcement list needs no token, and a dead one changes nothing', async () => {
    const withoutToken = await announcementList('types=PR&category=app_download');
    expect(withoutToken.total).toBe(1);
    expect(await announcementList('types=PR&category=app_download', AURORA, 'x'.repeat(43))).toEqual(
      withoutToken,
    );
  });

  it('each merchant sees its own announcements only', async () => {
    const aurora = await announcementList('types=MARQUEE,POPUP,PR');
    const lotus = await announcementList('types=MARQUEE,POPUP,PR', LOTUS);
    const auroraIds = new Set(aurora.list.map((item) => item.id));
    expect(lotus.total).toBeGreaterThan(0);
    expect(lotus.list.some((item) => auroraIds.has(item.id))).toBe(false);
    // An id of another merchant is not found.
    const foreign = aurora.list[0]?.id ?? '';
    expect((await announcementList(`types=MARQUEE,POPUP,PR&id=${foreign}`, LOTUS)).total).toBe(0);
  });

  it('answers aurora popup options with the popup pages inside their window', async () => {
    const popup = value<AnnouncementPopup>(
      await get(t.app, `${endpoints.popupAnnouncement.path}?platform=M`),
    );
    expect(popup).toMatchObject({
      showTodayCheckbox: true,
      showPagination: true,
      autoplay: true,
      delay: 4000,
      waitSeconds: 3,
      forceRead: false,
      forcePopup: false,
      outsideClose: true,
      showClose: true,
    });
    expect(popup.popupList.map((item) => item.title)).toEqual([
      'Golden Comet is here',
      'Secure your account',
    ]);
    clock.advance(3 * DAY);
    const later = value<AnnouncementPopup>(await get(t.app, endpoints.popupAnnouncement.path));
    expect(later.popupList).toHaveLength(3);
  });

  // Each page says whom it is written for (the client shows a member and a visitor their own), and
  // comes in the request's language where the merchant wrote it in that language.
  it.each([
    [
      'EN',
      AURORA,
      [
        ['Golden Comet is here', 'visitors'],
        ['Secure your account', 'members'],
      ],
    ],
    [
      'AR',
      AURORA,
      [
        ['وصلت Golden Comet', 'visitors'],
        ['أمّن حسابك', 'members'],
      ],
    ],
    [
      'KO',
      AURORA,
      [
        ['Golden Comet is here', 'visitors'],
        ['Secure your account', 'members'],
      ],
    ],
    [
      'EN',
      LOTUS,
      [
        ['45-second quick lottery', 'all'],
        ['Secure your account', 'members'],
      ],
    ],
    [
      'VI',
      LOTUS,
      [
        ['Xổ số nhanh 45 giây', 'all'],
        ['Bảo mật tài khoản', 'members'],
      ],
    ],
    [
      'EN',
      ORBIT,
      [
        ['Welcome', 'all'],
        ['Play responsibly', 'all'],
      ],
    ],
  ] as const)('in %s on %s: titles and audiences', async (language, host, expected) => {
    const response = await t.app.inject({
      url: `${endpoints.popupAnnouncement.path}?platform=M`,
      headers: { host, [TransportHeader.language]: language },
    });
    const popup = value<AnnouncementPopup>(response);
    expect(popup.popupList.map((item) => [item.title, item.audience])).toEqual(expected);
    expect(response.headers.vary).toMatch(new RegExp(TransportHeader.language, 'i'));
  });

  it('a merchant without popup options gets the defaults', async () => {
    const { popupList, ...options } = value<AnnouncementPopup>(
      await get(t.app, `${endpoints.popupAnnouncement.path}?platform=M`, { host: ORBIT }),
    );
    expect(options).toEqual(DEFAULT_POPUP_OPTIONS);
    expect(popupList).toHaveLength(2);
    const lotus = value<AnnouncementPopup>(
      await get(t.app, endpoints.popupAnnouncement.path, { host: LOTUS }),
    );
    expect(lotus).toMatchObject({ forcePopup: true, forceRead: true, showTodayCheckbox: false });
  });

  it('seeding again (the next start) adds nothing', async () => {
    const before = await Promise.all([
      t.db.select().from(banners),
      t.db.select().from(announcements),
      t.db.select().from(announcementPopupOptions),
    ]);
    await seedGameCatalogue(t.db, new Date(TestClock.START));
    const after = await Promise.all([
      t.db.select().from(banners),
      t.db.select().from(announcements),
      t.db.select().from(announcementPopupOptions),
    ]);
    expect(after.map((rows) => rows.length)).toEqual(before.map((rows) => rows.length));
  });

  // Last: it rewrites the catalogue under the other tests' feet.
  it('a database made before the catalogue gets it, and its demo merchants the matching settings', async () => {
    await t.db.delete(gameVendors);
    const row = await merchantRow(t.db, 'aurora');
    const legacy = { ...row.publicSettings.gameVendor, allVendors: ['LEGACY_VENDOR'] };
    await updateMerchant(t.db, 'aurora', { publicSettings: { ...row.publicSettings, gameVendor: legacy } });
    expect(value<unknown[]>(await get(t.app, endpoints.gameVendor.path))).toEqual([]);
    await seedGameCatalogue(t.db, new Date(TestClock.START));
    expect((await merchantRow(t.db, 'aurora')).publicSettings.gameVendor).toEqual(
      row.publicSettings.gameVendor,
    );
    expect(value<unknown[]>(await get(t.app, endpoints.gameVendor.path)).length).toBeGreaterThan(0);
    // The lobby content was there already: not written twice.
    expect(await bannerList()).toHaveLength(4);
  });
});
