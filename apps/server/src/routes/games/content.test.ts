import { endpoints } from '@wps/contract/endpoints';
import {
  PROMO_CODE_GUESSES_PER_HOUR,
  type DownloadSetting,
  type PromoCodeClaim,
  type PromoCodeEnable,
  type PromotionCategory,
} from '@wps/contract/content';
import { webClipProfileUrl } from '@wps/contract/system';
import type { Announcement, Paged } from '@wps/contract/games';
import type { LoginResult } from '@wps/contract/accounts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants, promoCodeClaims } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import {
  AURORA,
  captchaPass,
  failure,
  get,
  loginPayload,
  LOTUS,
  plainPost,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

describe.each(backends)('promotions, promo codes and the download page (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  const login = async (username: string, host = AURORA) => {
    const extra = host === AURORA ? await captchaPass(t.app, t.db) : {};
    return value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD, extra), { host }),
    ).token;
  };
  const claim = (body: unknown, token: string | undefined, host = AURORA) =>
    plainPost(t.app, endpoints.claimPromoCode.path, body, {
      host,
      ...(token === undefined ? {} : { token }),
    });
  const setSettings = async (code: string, change: (settings: Record<string, unknown>) => void) => {
    const [row] = await t.db.select().from(merchants).where(eq(merchants.code, code));
    if (!row) throw new Error(`no merchant ${code}`);
    const settings = structuredClone(row.publicSettings) as unknown as Record<string, unknown>;
    change(settings);
    await t.db
      .update(merchants)
      .set({ publicSettings: settings as unknown as typeof row.publicSettings })
      .where(eq(merchants.code, code));
    return async () => {
      await t.db
        .update(merchants)
        .set({ publicSettings: row.publicSettings })
        .where(eq(merchants.code, code));
    };
  };

  describe('POST /wps/member/promoCode/claim', () => {
    it('records a valid code once per member: the second claim is 409 promo_code_claimed', async () => {
      const token = await login('demo');
      const first = value<PromoCodeClaim>(await claim({ code: 'WELCOME88' }, token));
      expect(first.code).toBe('WELCOME88');
      expect(first.promotionId).toMatch(/^\d+$/);
      expect(failure(await claim({ code: 'WELCOME88' }, token))).toMatchObject({
        status: 409,
        code: 'promo_code_claimed',
      });
      // Any spelling of the same code is the same code.
      expect(failure(await claim({ code: ' welcome88 ' }, token))).toMatchObject({
        code: 'promo_code_claimed',
      });
      expect(await t.db.select().from(promoCodeClaims)).toHaveLength(1);
    });

    it('lets another member claim the same code (case-insensitive, spaces around dropped)', async () => {
      const token = await login('settings');
      expect(value<PromoCodeClaim>(await claim({ code: '  welcome88 ' }, token)).code).toBe('WELCOME88');
    });

    it.each([
      ['unknown code', { code: 'NOPE1234' }, 400, 'promo_code_invalid'],
      ['another merchant’s code', { code: 'LOTUS100' }, 400, 'promo_code_invalid'],
      ['expired code', { code: 'SUMMER2025' }, 400, 'promo_code_expired'],
      ['code not active yet', { code: 'MOONFEST' }, 400, 'promo_code_expired'],
      ['too short', { code: 'AB1' }, 400, 'invalid_request'],
      ['over-long', { code: 'A'.repeat(65) }, 400, 'invalid_request'],
      ['33 characters', { code: 'A'.repeat(33) }, 400, 'invalid_request'],
      ['markup', { code: '<script>alert(1)</script>' }, 400, 'invalid_request'],
      ['SQL', { code: "X' OR '1'='1" }, 400, 'invalid_request'],
      ['space inside', { code: 'WEL COME88' }, 400, 'invalid_request'],
      ['not a string', { code: 88 }, 400, 'invalid_request'],
      ['missing', {}, 400, 'invalid_request'],
      ['hostile promotion id', { code: 'WELCOME88', promotionId: '../1' }, 400, 'invalid_request'],
    ])('%s → %s %s', async (_name, body, status, code) => {
      const token = await login('demo');
      expect(failure(await claim(body, token))).toMatchObject({ status, code });
    });

    it('limits guessing: after the wrong codes of an hour a member is refused (429), others are not', async () => {
      const agent = await login('agent', LOTUS);
      for (let guess = 0; guess < PROMO_CODE_GUESSES_PER_HOUR; guess += 1) {
        expect(failure(await claim({ code: `GUESS${guess}00` }, agent, LOTUS)).code).toBe(
          'promo_code_invalid',
        );
      }
      // Even the right code waits: the answer would tell a guesser which one is right.
      expect(failure(await claim({ code: 'LOTUS100' }, agent, LOTUS))).toMatchObject({
        status: 429,
        code: 'TOO_MANY_REQUEST',
      });
      const other = await login('newbie', LOTUS);
      expect(failure(await claim({ code: 'GUESS9900' }, other, LOTUS)).code).toBe('promo_code_invalid');
      clock.advance(60 * 60 * 1000);
      expect(value<PromoCodeClaim>(await claim({ code: 'LOTUS100' }, agent, LOTUS)).code).toBe('LOTUS100');
    });

    it('refuses a visitor (no session) with 401 and records nothing', async () => {
      const before = (await t.db.select().from(promoCodeClaims)).length;
      expect(failure(await claim({ code: 'WELCOME88' }, undefined)).status).toBe(401);
      expect(failure(await claim({ code: 'WELCOME88' }, 'not-a-token')).status).toBe(401);
      expect(await t.db.select().from(promoCodeClaims)).toHaveLength(before);
    });

    it('keeps merchants apart: a Lotus member claims Lotus’s code on Lotus; an Aurora token is refused there', async () => {
      const lotusToken = await login('demo', LOTUS);
      expect(value<PromoCodeClaim>(await claim({ code: 'lotus100' }, lotusToken, LOTUS)).code).toBe(
        'LOTUS100',
      );
      expect(failure(await claim({ code: 'WELCOME88' }, lotusToken, LOTUS)).code).toBe('promo_code_invalid');
      const auroraToken = await login('demo');
      expect(failure(await claim({ code: 'LOTUS100' }, auroraToken, LOTUS)).status).toBe(401);
    });

    it('answers 403 promo_code_disabled when the merchant does not offer promo codes', async () => {
      const restore = await setSettings('aurora', (settings) => {
        settings.promoCodeEnable = false;
      });
      try {
        const token = await login('newbie');
        expect(failure(await claim({ code: 'WELCOME88' }, token))).toMatchObject({
          status: 403,
          code: 'promo_code_disabled',
        });
        expect(value<PromoCodeEnable>(await get(t.app, endpoints.promoCodeEnable.path))).toEqual({
          enabled: false,
        });
      } finally {
        await restore();
      }
    });
  });

  describe('GET PROMOFE_getPromotionAnnouncementCategory and PROMOFE_getPromoCodeEnable', () => {
    const categories = (host: string, language?: string) =>
      get(t.app, endpoints.promotionCategories.path, {
        host,
        ...(language === undefined ? {} : { headers: { Language: language } }),
      });

    it.each([
      [AURORA, undefined, ['Bonuses', 'Reloads', 'App']],
      [AURORA, 'CN', ['奖金', '续存', '应用']],
      [AURORA, 'ar', ['المكافآت', 'إعادة الإيداع', 'التطبيق']],
      // A language the merchant has no name in, or no language at all: the merchant's own names.
      [AURORA, 'VI', ['Bonuses', 'Reloads', 'App']],
      [AURORA, 'KLINGON', ['Bonuses', 'Reloads', 'App']],
      [LOTUS, undefined, ['Thưởng', 'Ứng dụng']],
      [LOTUS, 'EN', ['Bonuses', 'App']],
    ])('%s in %s', async (host, language, names) => {
      const response = await categories(host, language);
      expect(value<PromotionCategory[]>(response).map((category) => category.name)).toEqual(names);
      expect(response.headers.vary).toMatch(/Language/);
    });

    it('answers the codes the promotions carry', async () => {
      expect(value<PromotionCategory[]>(await categories(AURORA)).map((category) => category.code)).toEqual([
        'bonus',
        'reload',
        'app_download',
      ]);
    });

    it('says whether promo codes are offered', async () => {
      expect(value<PromoCodeEnable>(await get(t.app, endpoints.promoCodeEnable.path))).toEqual({
        enabled: true,
      });
    });
  });

  describe('GET MCSFE_getListAnnouncements in the request’s language', () => {
    const list = (query: string, host = AURORA, language?: string) =>
      get(t.app, `${endpoints.announcements.path}?${query}`, {
        host,
        ...(language === undefined ? {} : { headers: { Language: language } }),
      });
    const titles = async (query: string, host = AURORA, language?: string) =>
      value<Paged<Announcement>>(await list(query, host, language)).list.map((item) => item.title);

    it.each([
      [
        'aurora, no language: as stored',
        'types=PR&platform=M&category=bonus',
        AURORA,
        undefined,
        ['Welcome bonus'],
      ],
      ['aurora in CN: the translation', 'types=PR&platform=M&category=bonus', AURORA, 'CN', ['迎新奖金']],
      [
        'aurora in KO: no translation, as stored',
        'types=PR&platform=M&category=bonus',
        AURORA,
        'KO',
        ['Welcome bonus'],
      ],
      ['aurora marquee in HI', 'types=MARQUEE&pageSize=1', AURORA, 'HI', ['स्वागत है']],
      ['lotus, its default (VI)', 'types=PR&category=bonus', LOTUS, undefined, ['Thưởng nạp đầu']],
      ['lotus in EN', 'types=PR&category=bonus', LOTUS, 'EN', ['First deposit bonus']],
      ['app-download announcements', 'types=PR&platform=M&category=app_download', AURORA, 'CN', ['下载应用']],
      ['a category nobody has', 'types=PR&category=nothing', AURORA, undefined, []],
    ])('%s', async (_name, query, host, language, expected) => {
      expect(await titles(query, host, language)).toEqual(expected);
    });

    it('carries the rich text and terms, translated with the rest, and varies by Language', async () => {
      const response = await list('types=PR&category=bonus', AURORA, 'CN');
      const [promotion] = value<Paged<Announcement>>(response).list;
      expect(promotion?.richContent).toContain('<strong>首次存款</strong>');
      expect(promotion?.terms).toBe('每位会员限领一次。奖金须在 30 天内完成 10 倍流水。');
      expect(response.headers.vary).toMatch(/Language/);
      const [english] = value<Paged<Announcement>>(await list('types=PR&category=bonus')).list;
      expect(english?.terms).toMatch(/^One bonus per member/);
    });

    it('pages the list', async () => {
      const first = value<Paged<Announcement>>(await list('types=MARQUEE,POPUP&page=1&pageSize=2'));
      const second = value<Paged<Announcement>>(await list('types=MARQUEE,POPUP&page=2&pageSize=2'));
      expect(first.list).toHaveLength(2);
      expect(first.total).toBeGreaterThan(2);
      expect(second.list[0]?.id).not.toBe(first.list[0]?.id);
    });
  });

  describe('GET WPSCORE_getDownloadSetting', () => {
    it('answers the template texts and the download links, with the web-clip profile', async () => {
      const setting = value<DownloadSetting>(
        await get(t.app, `${endpoints.downloadSetting.path}?domain=localhost`),
      );
      expect(setting.app_desc).toBe('Aurora Play: lottery and games on your phone.');
      expect(setting.login_prompt_text).toMatch(/app bonus/);
      expect(setting.app_desc_font_color).toMatch(/^#/);
      expect(setting.resources.map((resource) => resource.resourceType).sort()).toEqual([
        'Android',
        'IOS',
        'MOBILECONFIG',
      ]);
      expect(setting.resources.find((resource) => resource.resourceType === 'MOBILECONFIG')?.url).toBe(
        webClipProfileUrl('aurora'),
      );
    });

    it('leaves out links that are not http(s)', async () => {
      const restore = await setSettings('lotus', (settings) => {
        settings.resources = [
          { resourceType: 'Android', url: 'javascript:alert(1)' },
          { resourceType: 'IOS', url: 'data:text/html,<script>alert(1)</script>' },
          { resourceType: 'AppDownloadIcon', url: 'https://cdn.example.com/icon.png' },
        ];
      });
      try {
        const setting = value<DownloadSetting>(
          await get(t.app, endpoints.downloadSetting.path, { host: LOTUS }),
        );
        expect(setting.resources).toEqual([
          { resourceType: 'AppDownloadIcon', url: 'https://cdn.example.com/icon.png' },
          { resourceType: 'MOBILECONFIG', url: webClipProfileUrl('lotus') },
        ]);
      } finally {
        await restore();
      }
    });

    it.each([
      ['a hostile domain', 'domain=%3Cscript%3E'],
      ['an over-long domain', `domain=${'a'.repeat(300)}`],
    ])('refuses %s with 400', async (_name, query) => {
      expect(failure(await get(t.app, `${endpoints.downloadSetting.path}?${query}`)).status).toBe(400);
    });
  });
});
