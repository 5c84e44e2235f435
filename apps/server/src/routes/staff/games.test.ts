import { endpoints } from '@wps/contract/endpoints';
import type { GameCard, GameCategoryCard, GameVendorInfo, Paged } from '@wps/contract/games';
import type { StaffGamesView } from '@wps/contract/gamesAdmin';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw.js';
import { AURORA, get, LOTUS, value } from '../../test/accounts.js';
import { staffCall, staffSignerOn } from '../../test/chat.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

/**
 * Issue 30 item 6: the back office's Games section. A merchant's staff reorder its categories (the
 * ordinal steps of spec section 9), vendors and games, mark games hot, tag a vendor in maintenance,
 * offer or withdraw a vendor or a game — and the member lobby of that merchant answers with it on its
 * next call, while another merchant's lobby stays as it was. Hostile inputs are refused in words.
 */

interface Answer<V> {
  success: boolean;
  value?: V;
  errorCode?: string;
}

const DAY_MS = 86_400_000;

describe.each(backends)('back office Games (%s)', (backend) => {
  const clock = new TestClock();
  clock.set(Date.now());
  const t = useTestApp(backend, { now: clock.now });
  const signIn = staffSignerOn(clock);
  let marketing = '';
  let readonly = '';
  /** A game only lotus offers (the Vietnam lottery's). */
  let lotusGameId = '';

  beforeAll(async () => {
    marketing = await signIn(t.app, 'aurora-marketing');
    readonly = await signIn(t.app, 'aurora-readonly');
    const [row] = await rowsOf<{ id: number }>(
      t.db,
      sql`SELECT id FROM games WHERE vendor_code = 'TCG_LOTTO_VN' ORDER BY id LIMIT 1`,
    );
    lotusGameId = String(row?.id ?? 0);
  });

  async function call(method: 'GET' | 'POST', path: string, cookie: string, body?: unknown) {
    const response = await staffCall(t.app, method, path, cookie, body);
    return {
      status: response.statusCode,
      body: response.body,
      answer: response.json<Answer<StaffGamesView>>(),
    };
  }
  const view = async (cookie = readonly): Promise<StaffGamesView> => {
    const { answer, body } = await call('GET', 'games', cookie);
    if (answer.value === undefined) throw new Error(body);
    return answer.value;
  };
  const save = async (path: string, body: unknown): Promise<StaffGamesView> => {
    const { answer, body: text } = await call('POST', path, marketing, body);
    if (answer.value === undefined) throw new Error(text);
    return answer.value;
  };
  const lobby = {
    categories: async (host = AURORA) =>
      value<GameCategoryCard[]>(await get(t.app, endpoints.gameVendor.path, { host })).map((c) => c.category),
    hot: async (host = AURORA) =>
      value<GameCard[]>(await get(t.app, endpoints.hotGames.path, { host })).map((g) => g.gameId),
    list: async (category: string, host = AURORA) =>
      value<Paged<GameCard>>(
        await get(t.app, `${endpoints.gameList.path}?category=${category}&pageSize=60`, { host }),
      ).list.map((g) => g.gameId),
    vendors: async (host = AURORA) =>
      value<GameVendorInfo[]>(await get(t.app, `${endpoints.newGameVendor.path}`, { host })),
  };

  it('shows the merchant’s categories by ordinal, every vendor with whether it is offered, its games', async () => {
    const seen = await view();
    const ordinals = seen.categories.map((c) => c.ordinal);
    expect([...ordinals].sort((a, b) => a - b)).toEqual(ordinals);
    const lott = seen.categories.find((c) => c.category === 'LOTT');
    expect(seen.categories.find((c) => c.category === 'SEA_LOTT')).toMatchObject({
      follows: 'LOTT',
      ordinal: (lott?.ordinal ?? 0) + 5,
    });
    expect(seen.vendors.find((v) => v.code === 'TCG_LOTTO_VN')?.enabled).toBe(false);
    expect(seen.vendors.find((v) => v.code === 'NOVA_LOTTO')?.enabled).toBe(true);
    expect(seen.games.some((g) => g.id === lotusGameId)).toBe(false);
    expect(seen.games.length).toBeGreaterThan(20);
  });

  it.each([
    [
      'a category twice',
      'games/categories/order',
      () => ({ order: ['LOTT', 'LOTT', 'SPORTS'] }),
      400,
      'games_order_invalid',
    ],
    [
      'a category missing',
      'games/categories/order',
      () => ({ order: ['LOTT', 'ELOTT', 'SPORTS', 'LIVE', 'RNG', 'TABLE', 'FISH', 'PVP', 'CRASH'] }),
      400,
      'games_order_invalid',
    ],
    [
      'a lottery variant placed',
      'games/categories/order',
      () => ({ order: ['SEA_LOTT'] }),
      400,
      'invalid_request',
    ],
    [
      'an unknown vendor',
      'games/vendors/order',
      () => ({ category: 'RNG', order: ['NOPE'] }),
      400,
      'games_order_invalid',
    ],
    [
      'a vendor twice',
      'games/vendors/order',
      () => ({ category: 'LIVE', order: ['HALO_LIVE', 'HALO_LIVE', 'VELVET_LIVE'] }),
      400,
      'games_order_invalid',
    ],
    [
      'another merchant’s game in an order',
      'games/order',
      () => ({ category: 'VN_LOTT', order: [lotusGameId] }),
      400,
      'games_order_invalid',
    ],
    [
      'another merchant’s game made hot',
      'games/hot',
      () => ({ gameId: lotusGameId, hot: true }),
      404,
      'game_not_found',
    ],
    [
      'a game that does not exist',
      'games/hot',
      () => ({ gameId: '999999', hot: true }),
      404,
      'game_not_found',
    ],
    [
      'another merchant’s game enabled',
      'games/availability',
      () => ({ gameId: lotusGameId, enabled: false }),
      404,
      'game_not_found',
    ],
    [
      'a game id that is not one',
      'games/availability',
      () => ({ gameId: '1 OR 1=1', enabled: false }),
      400,
      'invalid_request',
    ],
    [
      'an unknown vendor offered',
      'games/vendors/availability',
      () => ({ vendor: 'NOPE', enabled: true }),
      404,
      'game_vendor_not_found',
    ],
    [
      'an unknown vendor tagged',
      'games/vendors/maintenance',
      () => ({ vendor: 'NOPE', maintenance: true }),
      404,
      'game_vendor_not_found',
    ],
    [
      'a maintenance end in the past',
      'games/vendors/maintenance',
      () => ({ vendor: 'MOONSPIN', maintenance: true, until: new Date(clock.now() - 60_000).toISOString() }),
      400,
      'games_maintenance_end_past',
    ],
  ])('refuses %s', async (_name, path, body, status, code) => {
    const before = await view();
    const lotusBefore = [
      await lobby.categories(LOTUS),
      await lobby.hot(LOTUS),
      await lobby.list('VN_LOTT', LOTUS),
    ];
    const refused = await call('POST', path, marketing, body());
    expect(refused.status, refused.body).toBe(status);
    expect(refused.answer.errorCode).toBe(code);
    expect(await view()).toEqual(before);
    expect([
      await lobby.categories(LOTUS),
      await lobby.hot(LOTUS),
      await lobby.list('VN_LOTT', LOTUS),
    ]).toEqual(lotusBefore);
  });

  it('a game order naming a game twice or leaving one out is refused', async () => {
    const rng = (await view()).games.filter((g) => g.category === 'RNG').map((g) => g.id);
    for (const order of [[...rng, rng[0]], rng.slice(1), [rng[1], rng[1], ...rng.slice(2)]]) {
      const refused = await call('POST', 'games/order', marketing, { category: 'RNG', order });
      expect(refused.answer.errorCode).toBe('games_order_invalid');
    }
  });

  it('the read-only role reads but may not write', async () => {
    const refused = await call('POST', 'games/hot', readonly, { gameId: '1', hot: true });
    expect(refused.status).toBe(403);
    expect(refused.answer.errorCode).toBe('staff_forbidden');
  });

  it('a new category order reaches the member lobby in ordinal steps of 100, the variants after the lottery', async () => {
    const order = ['RNG', 'LOTT', 'SPORTS', 'LIVE', 'TABLE', 'FISH', 'PVP', 'CRASH', 'ARCADE', 'ELOTT'];
    const lotusBefore = await lobby.categories(LOTUS);
    const saved = await save('games/categories/order', { order });
    const ordinal = (category: string) => saved.categories.find((c) => c.category === category)?.ordinal;
    expect([
      ordinal('RNG'),
      ordinal('LOTT'),
      ordinal('SEA_LOTT'),
      ordinal('VN_LOTT'),
      ordinal('SPORTS'),
    ]).toEqual([100, 200, 205, 201, 300]);
    expect((await lobby.categories()).slice(0, 3)).toEqual(['RNG', 'LOTT', 'SEA_LOTT']);
    expect(await lobby.categories(LOTUS)).toEqual(lotusBefore);
  });

  it('a category’s new game order and vendor order reach the member lobby', async () => {
    const rng = (await view()).games.filter((g) => g.category === 'RNG');
    const reversed = rng.map((g) => g.id).reverse();
    await save('games/order', { category: 'RNG', order: reversed });
    // The lobby lists the enabled ones, in the saved order.
    const enabled = new Set(rng.filter((g) => g.enabled).map((g) => g.id));
    expect(await lobby.list('RNG')).toEqual(reversed.filter((id) => enabled.has(id)));
    const live = (await view()).vendors.filter((v) => v.category === 'LIVE' && v.enabled).map((v) => v.code);
    await save('games/vendors/order', { category: 'LIVE', order: [...live].reverse() });
    expect((await lobby.vendors()).filter((v) => v.category === 'LIVE').map((v) => v.vendor)).toEqual(
      [...live].reverse(),
    );
  });

  it('hot games: marked last, unmarked without a gap, lotus’s list untouched', async () => {
    const lotusHot = await lobby.hot(LOTUS);
    const hotBefore = await lobby.hot();
    const candidate = (await view()).games.find((g) => g.hotRank === null && g.enabled);
    if (candidate === undefined) throw new Error('no game to mark hot');
    const marked = await save('games/hot', { gameId: candidate.id, hot: true });
    expect(marked.games.find((g) => g.id === candidate.id)?.hotRank).toBe(hotBefore.length + 1);
    expect(await lobby.hot()).toContain(candidate.id);
    const first = hotBefore[0] ?? '';
    const unmarked = await save('games/hot', { gameId: first, hot: false });
    const ranks = unmarked.games
      .flatMap((g) => (g.hotRank === null ? [] : [g.hotRank]))
      .sort((a, b) => a - b);
    expect(ranks).toEqual(ranks.map((_rank, index) => index + 1));
    expect(await lobby.hot()).not.toContain(first);
    expect(await lobby.hot(LOTUS)).toEqual(lotusHot);
  });

  it('a maintenance tag with an end shows in the member lobby, ends by itself; cleared, it is gone', async () => {
    const until = new Date(Date.now() + DAY_MS).toISOString();
    const tagged = await save('games/vendors/maintenance', { vendor: 'MOONSPIN', maintenance: true, until });
    expect(tagged.vendors.find((v) => v.code === 'MOONSPIN')).toMatchObject({
      maintenance: true,
      maintenanceUntil: until,
    });
    expect((await lobby.vendors()).find((v) => v.vendor === 'MOONSPIN')?.maintenance).toBe(true);
    // A tag whose end has passed is off by itself.
    await t.db.execute(
      sql`UPDATE merchant_game_vendors SET maintenance_until = now() - interval '1 minute' WHERE vendor_code = 'MOONSPIN'`,
    );
    expect((await lobby.vendors()).find((v) => v.vendor === 'MOONSPIN')?.maintenance).toBe(false);
    await save('games/vendors/maintenance', { vendor: 'MOONSPIN', maintenance: true });
    expect((await lobby.vendors()).find((v) => v.vendor === 'MOONSPIN')?.maintenance).toBe(true);
    const cleared = await save('games/vendors/maintenance', { vendor: 'MOONSPIN', maintenance: false });
    expect(cleared.vendors.find((v) => v.code === 'MOONSPIN')).toMatchObject({
      maintenance: false,
      maintenanceUntil: null,
    });
    expect((await lobby.vendors()).find((v) => v.vendor === 'MOONSPIN')?.maintenance).toBe(false);
  });

  it('a withdrawn game and a withdrawn vendor leave the member lobby; offered again, they return', async () => {
    const game = (await view()).games.find((g) => g.category === 'TABLE' && g.enabled);
    if (game === undefined) throw new Error('no table game');
    await save('games/availability', { gameId: game.id, enabled: false });
    expect(await lobby.list('TABLE')).not.toContain(game.id);
    await save('games/availability', { gameId: game.id, enabled: true });
    expect(await lobby.list('TABLE')).toContain(game.id);

    const lotusVendors = (await lobby.vendors(LOTUS)).map((v) => v.vendor);
    await save('games/vendors/availability', { vendor: 'NOVA_LOTTO', enabled: false });
    expect((await lobby.vendors()).map((v) => v.vendor)).not.toContain('NOVA_LOTTO');
    expect((await lobby.vendors(LOTUS)).map((v) => v.vendor)).toEqual(lotusVendors);
    const back = await save('games/vendors/availability', { vendor: 'NOVA_LOTTO', enabled: true });
    expect(back.vendors.find((v) => v.code === 'NOVA_LOTTO')?.enabled).toBe(true);
    expect((await lobby.vendors()).map((v) => v.vendor)).toContain('NOVA_LOTTO');
  });

  it('every write appends one audit row for the merchant', async () => {
    const count = async () =>
      (
        await rowsOf<{ n: number }>(
          t.db,
          sql`SELECT count(*)::int AS n FROM staff_audit WHERE merchant_id = (SELECT id FROM merchants WHERE code = 'aurora')`,
        )
      )[0]?.n ?? 0;
    const before = await count();
    await save('games/vendors/maintenance', { vendor: 'OAK_TABLE', maintenance: false });
    expect(await count()).toBe(before + 1);
  });
});
