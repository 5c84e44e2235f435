import { endpoints } from '@wps/contract/endpoints';
import type { Announcement, Paged } from '@wps/contract/games';
import type {
  StaffPromoCode,
  StaffPromoCodes,
  StaffPromotion,
  StaffPromotions,
} from '@wps/contract/offersAdmin';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { AURORA, failure, get, LOTUS, plainPost, value } from '../../test/accounts.js';
import { memberToken, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { offersCall, promoCodeInput, promotionInput, text } from '../../test/offers.js';
import { backends, useTestApp } from '../../test/test-app.js';

/**
 * Issue 30 item 5: the back office's promotions and promo codes, as a merchant's marketing staff
 * use them, and what members then see: texts per language (the default one required), windows,
 * codes that never change what a member already claimed, another merchant's ids answering 404.
 */
describe.each(backends)('back office promotions and promo codes (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.parse('2026-06-01T12:00:00Z'));
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let marketing = '';
  let lotusOwner = '';
  let lotusPromotion = 0;
  let lotusCode = 0;
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown, cookie = marketing, host = AURORA) =>
    offersCall<T>(t.app, cookie, method, path, body, host);

  beforeAll(async () => {
    marketing = await signIn(t.app, 'aurora-marketing');
    lotusOwner = await signIn(t.app, 'lotus-owner', LOTUS);
    const [row] = await rowsOf<{ promotion: number; code: number }>(
      t.db,
      sql`SELECT (SELECT a.id FROM announcements a JOIN merchants m ON m.id = a.merchant_id WHERE m.code = 'lotus' AND a.type = 'PR' ORDER BY a.id LIMIT 1) AS promotion,
                 (SELECT p.id FROM promo_codes p JOIN merchants m ON m.id = p.merchant_id WHERE m.code = 'lotus' ORDER BY p.id LIMIT 1) AS code`,
    );
    lotusPromotion = row?.promotion ?? 0;
    lotusCode = row?.code ?? 0;
  });

  const memberTitles = async (language: string) =>
    value<Paged<Announcement>>(
      await get(t.app, `${endpoints.announcements.path}?types=PR&platform=M`, {
        host: AURORA,
        headers: { Language: language },
      }),
    ).list.map((item) => item.title);

  it('creates a promotion in two languages; members see it in theirs at once, and not after it is retired', async () => {
    const created = await call<StaffPromotion>('POST', 'promotions', promotionInput());
    expect(created.status).toBe(200);
    expect(created.value).toMatchObject({ status: 'live', position: 5 });
    expect(Object.keys(created.value.texts).sort()).toEqual(['EN', 'TH']);
    expect(await memberTitles('EN')).toContain('Spring reload');
    expect(await memberTitles('TH')).toContain('โบนัสฤดูใบไม้ผลิ');

    // A save replaces the texts: TH left out is gone, KO added.
    const saved = await call<StaffPromotion>(
      'POST',
      `promotions/${created.value.id}`,
      promotionInput({ texts: { EN: text('Summer reload'), KO: text('여름 보너스') } }),
    );
    expect(Object.keys(saved.value.texts).sort()).toEqual(['EN', 'KO']);
    expect(await memberTitles('TH')).toContain('Summer reload');
    expect(await memberTitles('KO')).toContain('여름 보너스');

    const retired = await call<StaffPromotion>('POST', `promotions/${created.value.id}/retire`, {});
    expect(retired.value.status).toBe('ended');
    expect(await memberTitles('EN')).not.toContain('Summer reload');
    const list = await call<StaffPromotions>('GET', 'promotions');
    expect(list.value).toMatchObject({ defaultLanguage: 'EN' });
    expect(list.value.promotions.find((p) => p.id === created.value.id)?.status).toBe('ended');
  });

  it('schedules a promotion: not shown before its start', async () => {
    const later = await call<StaffPromotion>(
      'POST',
      'promotions',
      promotionInput({ startsAt: '2026-07-01T00:00:00Z', texts: { EN: text('July only') } }),
    );
    expect(later.value.status).toBe('scheduled');
    expect(await memberTitles('EN')).not.toContain('July only');
  });

  it.each([
    [
      'no text in the default language (EN)',
      () => promotionInput({ texts: { TH: text('x') } }),
      400,
      'content_default_language_missing',
    ],
    [
      'a language aurora does not offer',
      () => promotionInput({ texts: { EN: text('x'), VI: text('y') } }),
      400,
      'content_language_not_offered',
    ],
    ['no texts at all', () => promotionInput({ texts: {} }), 400, 'invalid_request'],
    ['an empty title', () => promotionInput({ texts: { EN: text('  ') } }), 400, 'invalid_request'],
    [
      'ends before it starts',
      () => promotionInput({ endsAt: '2025-12-31T00:00:00Z' }),
      400,
      'content_window_invalid',
    ],
    [
      'ends when it starts',
      () => promotionInput({ endsAt: '2026-01-01T00:00:00Z' }),
      400,
      'content_window_invalid',
    ],
    [
      'a category aurora has not got',
      () => promotionInput({ category: 'lotus-only' }),
      400,
      'invalid_request',
    ],
    ['a date that is no date', () => promotionInput({ startsAt: 'tomorrow' }), 400, 'invalid_request'],
  ])('refuses a promotion with %s', async (_name, input, status, code) => {
    const answer = await call('POST', 'promotions', input());
    expect([answer.status, answer.errorCode]).toEqual([status, code]);
  });

  it.each([
    ['save', () => `promotions/${lotusPromotion}`, () => promotionInput()],
    ['retire', () => `promotions/${lotusPromotion}/retire`, () => ({})],
    ['save an unknown one', () => 'promotions/999999', () => promotionInput()],
  ])('answers 404 to %s of another merchant’s promotion, and changes nothing', async (_name, path, body) => {
    const before = await rowsOf(t.db, sql`SELECT * FROM announcements WHERE id = ${lotusPromotion}`);
    const answer = await call('POST', path(), body());
    expect([answer.status, answer.errorCode]).toEqual([404, 'not_found']);
    expect(await rowsOf(t.db, sql`SELECT * FROM announcements WHERE id = ${lotusPromotion}`)).toEqual(before);
  });

  it('saves a category with its names; the default language is required', async () => {
    const saved = await call('POST', 'promotion-categories', {
      code: 'reload',
      position: 3,
      names: { EN: 'Reload', CN: '充值' },
    });
    expect(saved.value).toMatchObject({ code: 'reload', names: { EN: 'Reload', CN: '充值' } });
    const cn = value<{ code: string; name: string }[]>(
      await get(t.app, endpoints.promotionCategories.path, { host: AURORA, headers: { Language: 'CN' } }),
    );
    expect(cn).toContainEqual({ code: 'reload', name: '充值' });
    const refused = await call('POST', 'promotion-categories', {
      code: 'reload',
      position: 3,
      names: { CN: '充值' },
    });
    expect(refused.errorCode).toBe('content_default_language_missing');
    // A seeded category's default-language name is its row's own: listed with the others.
    const list = await call<StaffPromotions>('GET', 'promotions');
    expect(list.value.categories.find((category) => category.code === 'bonus')?.names).toMatchObject({
      EN: 'Bonuses',
    });
  });

  describe('promo codes', () => {
    it.each([
      ['a name too short', { code: 'AB' }, 400, 'invalid_request'],
      ['a name with spaces inside', { code: 'SPR ING' }, 400, 'invalid_request'],
      ['the name of a seeded code, in lower case', { code: 'welcome88' }, 409, 'promo_code_taken'],
      [
        'an end before its start',
        { code: 'BACKWARDS', endsAt: '2025-01-01T00:00:00Z' },
        400,
        'content_window_invalid',
      ],
      ['another merchant’s promotion', { code: 'STOLEN', promotionId: -1 }, 404, 'not_found'],
      [
        'a bonus offer that does not exist',
        { code: 'NOBONUS', bonusOffer: 'FREE-MONEY' },
        400,
        'invalid_request',
      ],
      ['a limit of zero', { code: 'ZEROLIMIT', maxClaims: 0 }, 400, 'invalid_request'],
    ])('refuses %s', async (_name, overrides: Record<string, unknown>, status, code) => {
      const body = promoCodeInput({
        ...overrides,
        ...(overrides['promotionId'] === -1 ? { promotionId: lotusPromotion } : {}),
      });
      const answer = await call('POST', 'promo-codes', body);
      expect([answer.status, answer.errorCode]).toEqual([status, code]);
    });

    it('creates a code in upper case with a bonus; a second of the same name is refused', async () => {
      const created = await call<StaffPromoCode>(
        'POST',
        'promo-codes',
        promoCodeInput({ code: ' spring-2026 ', bonusOffer: 'WELCOME100', maxClaims: 5 }),
      );
      expect(created.status).toBe(200);
      expect(created.value).toMatchObject({
        code: 'SPRING-2026',
        bonusOffer: 'WELCOME100',
        maxClaims: 5,
        claims: 0,
        locked: false,
        status: 'live',
      });
      const again = await call('POST', 'promo-codes', promoCodeInput({ code: 'Spring-2026' }));
      expect([again.status, again.errorCode]).toEqual([409, 'promo_code_taken']);
      const list = await call<StaffPromoCodes>('GET', 'promo-codes');
      expect(list.value.bonusOffers.map((offer) => offer.code)).toContain('WELCOME100');
      expect(list.value.codes.map((code) => code.code)).toContain('SPRING-2026');
    });

    it('answers 404 to another merchant’s code', async () => {
      for (const path of [`promo-codes/${lotusCode}`, `promo-codes/${lotusCode}/retire`]) {
        const answer = await call('POST', path, promoCodeInput({ code: 'HIJACK' }));
        expect([answer.status, answer.errorCode]).toEqual([404, 'not_found']);
      }
    });

    it('never changes what a claimed code granted; its limit holds for members; retired, it is claimed no more', async () => {
      // On lotus (no captcha at sign-in): its owner writes, its demo member claims.
      const create = (body: unknown) => call<StaffPromoCode>('POST', 'promo-codes', body, lotusOwner, LOTUS);
      const code = await create(
        promoCodeInput({ code: 'LIMITED-1', maxClaims: 2, bonusOffer: 'WELCOME100' }),
      );
      expect(code.status).toBe(200);
      const id = code.value.id;
      // Someone else claimed it already (one of two places).
      await t.db.execute(
        sql`INSERT INTO promo_code_claims (promo_code_id, customer_id) SELECT ${id}, c.id FROM customers c
            JOIN merchants m ON m.id = c.merchant_id WHERE m.code = 'lotus' AND c.username = 'newbie'`,
      );
      const token = await memberToken(t.app, 'demo', LOTUS);
      const claim = () =>
        plainPost(t.app, endpoints.claimPromoCode.path, { code: 'limited-1' }, { host: LOTUS, token });
      expect(value<{ code: string }>(await claim()).code).toBe('LIMITED-1');

      const save = (overrides: Record<string, unknown>) =>
        call<StaffPromoCode>(
          'POST',
          `promo-codes/${id}`,
          promoCodeInput({ code: 'LIMITED-1', maxClaims: 2, bonusOffer: 'WELCOME100', ...overrides }),
          lotusOwner,
          LOTUS,
        );
      for (const change of [
        { bonusOffer: 'RELOAD10' },
        { bonusOffer: null },
        { code: 'LIMITED-2' },
        { startsAt: '2026-02-01T00:00:00Z' },
        { maxClaims: 1 },
      ]) {
        const answer = await save(change);
        expect([answer.status, answer.errorCode], JSON.stringify(change)).toEqual([409, 'promo_code_locked']);
      }
      const extended = await save({ endsAt: '2026-12-31T00:00:00Z', maxClaims: 3 });
      expect(extended.value).toMatchObject({
        claims: 2,
        locked: true,
        maxClaims: 3,
        endsAt: '2026-12-31T00:00:00.000Z',
      });

      const retired = await call<StaffPromoCode>('POST', `promo-codes/${id}/retire`, {}, lotusOwner, LOTUS);
      expect(retired.value.status).toBe('ended');
      expect(failure(await claim()).code).toBe('promo_code_expired');
    });

    it('a member past the limit is refused as for a code no longer active', async () => {
      const code = await call<StaffPromoCode>(
        'POST',
        'promo-codes',
        promoCodeInput({ code: 'ONLY-ONE', maxClaims: 1 }),
        lotusOwner,
        LOTUS,
      );
      await t.db.execute(
        sql`INSERT INTO promo_code_claims (promo_code_id, customer_id) SELECT ${code.value.id}, c.id FROM customers c
            JOIN merchants m ON m.id = c.merchant_id WHERE m.code = 'lotus' AND c.username = 'newbie'`,
      );
      const token = await memberToken(t.app, 'demo', LOTUS);
      const answer = failure(
        await plainPost(t.app, endpoints.claimPromoCode.path, { code: 'ONLY-ONE' }, { host: LOTUS, token }),
      );
      expect(answer.code).toBe('promo_code_expired');
    });
  });
});
