import {
  DemoGamePath,
  VN_LOTTERY_VENDOR,
  type GameLaunchTarget,
  type GameLaunchValue,
} from '@wps/contract/games';
import { endpoints } from '@wps/contract/endpoints';
import type { LoginResult } from '@wps/contract/accounts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { Backend, Db } from '../db/client.js';
import { games, gameVendors, merchants } from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../seed/members.js';
import type { DemoRedeemResult } from '@wps/contract/games';
import { AURORA, captchaPass, get, loginPayload, LOTUS, plainPost, sealedPost, value } from './accounts.js';
import { TestClock } from './clock.js';
import { useTestApp } from './test-app.js';

/**
 * The game launch tests' app (routes/games: launch.test.ts, demo-game.test.ts,
 * member-lists.test.ts): their own vendors and games, independent of the catalogue seed, three
 * logged-in members, and the calls they make.
 */

export const V = {
  lotto: 'TL_LOTTO',
  vn: 'TL_VN',
  slots: 'TL_SLOTS',
  maint: 'TL_MAINT',
  lotus: 'TL_LOTUS',
} as const;

export const ART = { colors: ['#112233', '#445566'] as [string, string], glyph: 'T' };

export interface FixtureGame {
  vendorCode: string;
  gameCode: string;
  nodeId: string;
  displayName: string;
  category: string;
  freeplay?: boolean;
  enabled?: boolean;
  launch: GameLaunchTarget;
}

export const FIXTURE_GAMES: FixtureGame[] = [
  {
    vendorCode: V.lotto,
    gameCode: 'TL_LUCKY',
    nodeId: 'node-lucky',
    displayName: 'Lucky Test',
    category: 'LOTT',
    freeplay: true,
    launch: { kind: 'lottery', prizeMode: 'Official', playType: 'NORMAL' },
  },
  {
    vendorCode: V.lotto,
    gameCode: 'TL_SEA',
    nodeId: 'node-sea',
    displayName: 'Sea Test',
    category: 'SEA_LOTT',
    launch: { kind: 'lottery', prizeMode: 'Tradition', playType: 'SEA' },
  },
  {
    vendorCode: V.vn,
    gameCode: 'TL_NORTH',
    nodeId: 'node-north',
    displayName: 'North Test',
    category: 'VN_LOTT',
    launch: { kind: 'vnLottery', vendor: VN_LOTTERY_VENDOR, prizeMode: 'VN' },
  },
  {
    vendorCode: V.slots,
    gameCode: 'TL_SPIN',
    nodeId: 'node-spin',
    displayName: 'Spin Test',
    category: 'RNG',
    launch: { kind: 'vendor' },
  },
  {
    vendorCode: V.slots,
    gameCode: 'TL_OFF',
    nodeId: 'node-off',
    displayName: 'Off Test',
    category: 'RNG',
    enabled: false,
    launch: { kind: 'vendor' },
  },
  {
    vendorCode: V.maint,
    gameCode: 'TL_BROKEN',
    nodeId: 'node-broken',
    displayName: 'Broken Test',
    category: 'RNG',
    freeplay: true,
    launch: { kind: 'vendor' },
  },
  {
    vendorCode: V.lotus,
    gameCode: 'TL_LOTUS',
    nodeId: 'node-lotus',
    displayName: 'Lotus Test',
    category: 'RNG',
    freeplay: true,
    launch: { kind: 'vendor' },
  },
];

export async function setVendors(db: Db, code: string, allVendors: string[]): Promise<void> {
  const [row] = await db.select().from(merchants).where(eq(merchants.code, code));
  if (row === undefined) throw new Error(`no merchant ${code}`);
  const settings = row.publicSettings;
  await db
    .update(merchants)
    .set({ publicSettings: { ...settings, gameVendor: { ...settings.gameVendor, allVendors } } })
    .where(eq(merchants.code, code));
}

/** Inserts the fixture vendors and games and offers them: aurora all but TL_LOTUS, lotus only that. */
export async function insertFixtures(db: Db): Promise<Map<string, number>> {
  await db.insert(gameVendors).values(
    Object.values(V).map((code) => ({
      code,
      displayName: `${code} vendor`,
      category: 'RNG',
      adapter: 'demo',
      maintenance: code === V.maint,
      art: ART,
    })),
  );
  const rows = await db
    .insert(games)
    .values(
      FIXTURE_GAMES.map((game, position) => ({
        ...game,
        freeplay: game.freeplay ?? false,
        enabled: game.enabled ?? true,
        position,
        art: ART,
      })),
    )
    .returning({ id: games.id, gameCode: games.gameCode });
  await setVendors(db, 'aurora', [V.lotto, V.vn, V.slots, V.maint]);
  await setVendors(db, 'lotus', [V.lotus]);
  return new Map(rows.map((row) => [row.gameCode, row.id]));
}

export const LOTTERY_QUERY = {
  launchMode: 'LOTT',
  lottoPrizeMode: 'Official',
  lottoGameCode: 'TL_LUCKY',
  lottoView: 'betting',
  device: 'MOBILE',
  hasLobby: 'false',
  language: 'EN',
};

export function launchUrl(query: Record<string, string>): string {
  return `${endpoints.launchGame.path}?${new URLSearchParams(query).toString()}`;
}

export function ticketOf(gameUrl: string): string {
  const url = new URL(gameUrl);
  expect(url.pathname).toBe(DemoGamePath.page);
  const ticket = url.searchParams.get('ticket');
  expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return ticket ?? '';
}

export function envelopeValue<T>(response: LightMyRequestResponse): T {
  return value<T>(response);
}

/** One app per describe block with the fixture games, its clock, and three members' tokens. */
export function useLaunchApp(backend: Backend) {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });
  let ids = new Map<string, number>();
  /** Aurora's demo and agent, Lotus's demo: logged in before the tests. */
  const tokens = { demo: '', agent: '', lotus: '' };

  const idOf = (code: string): number => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`no fixture game ${code}`);
    return id;
  };

  const loginAurora = async (username: string): Promise<string> => {
    const pass = await captchaPass(t.app, t.db);
    return envelopeValue<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD, pass)),
    ).token;
  };

  beforeAll(async () => {
    ids = await insertFixtures(t.db);
    tokens.demo = await loginAurora('demo');
    tokens.agent = await loginAurora('agent');
    tokens.lotus = envelopeValue<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD), { host: LOTUS }),
    ).token;
  });

  const launch = (query: Record<string, string>, token = tokens.demo, host = AURORA) =>
    get(t.app, launchUrl(query), { token, host });

  const redeem = (ticket: string, host = AURORA) =>
    plainPost(t.app, DemoGamePath.redeem, { ticket }, { host });

  const round = (playToken: string, body: unknown, host = AURORA) =>
    plainPost(t.app, DemoGamePath.round, body, { token: playToken, host });

  /** Launches the lottery fixture for a member (real money) and redeems its ticket. */
  const play = async (token = tokens.demo, backUrl = '/m/game'): Promise<DemoRedeemResult> => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch({ ...LOTTERY_QUERY, backUrl }, token));
    return envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl)));
  };

  const trialUrl = (gameId: number, nodeId: string, extra = '') =>
    `${endpoints.trialLaunch.path}?gameId=${gameId}&nodeId=${nodeId}&platform=html5${extra}`;

  /** A free-play launch of the lottery fixture (play credit), redeemed. */
  const playTrial = async (host = AURORA): Promise<DemoRedeemResult> => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(
      await get(t.app, trialUrl(idOf('TL_LUCKY'), 'node-lucky'), { host }),
    );
    return envelopeValue<DemoRedeemResult>(await redeem(ticketOf(gameUrl), host));
  };

  return { t, clock, tokens, idOf, loginAurora, launch, redeem, round, play, playTrial, trialUrl };
}
