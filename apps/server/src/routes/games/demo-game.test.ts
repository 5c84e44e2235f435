import { DEMO_LOTTERY, DemoGamePath, LAUNCH_TICKET_TTL_MS, type GameLaunchValue } from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoGameRounds, demoGameSessions } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/tokens.js';
import {
  DEMO_PAY_TABLE,
  DEMO_SESSION_TTL_MS,
  DemoGame,
  RANK_LIST_WINDOW_MS,
} from '../../services/games/demo.js';
import type { DemoRedeemResult, DemoRoundResult } from '@wps/contract/games';
import { LaunchTickets } from '../../services/games/tickets.js';
import { AURORA, failure, get, LOTUS, plainPost } from '../../test/accounts.js';
import { backends } from '../../test/test-app.js';
import { envelopeValue, LOTTERY_QUERY, ticketOf, useLaunchApp } from '../../test/game-launch.js';
import { DEMO_CSP, DEMO_SESSION_PATH } from './demo-page.js';

describe.each(backends)('the demo game: tickets, play-credit rounds and its page (%s)', (backend) => {
  const { t, clock, launch, redeem, round, playTrial: play } = useLaunchApp(backend);

  // ---- tickets ---------------------------------------------------------------------------------

  it('redeems a ticket once: a second redemption answers 400 launch_ticket_invalid', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    const ticket = ticketOf(gameUrl);
    const first = await redeem(ticket);
    expect(first.headers['cache-control']).toBe('no-store');
    const session = envelopeValue<DemoRedeemResult>(first);
    expect(session.playToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db
      .select()
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    // A member's launch: real money, the wallet token of the launch kept for the vendor's calls.
    expect(stored).toMatchObject({ trial: false, currency: 'PHP' });
    expect(stored?.walletToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ trial: false, currency: 'PHP', exponent: 2, stakes: [1000, 2000, 5000] });
    expect(failure(await redeem(ticket))).toEqual({ status: 400, code: ErrorCode.LAUNCH_TICKET_INVALID });
  });

  it('lets only one of two racing redemptions win', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    const ticket = ticketOf(gameUrl);
    const answers = await Promise.all([redeem(ticket), redeem(ticket), redeem(ticket)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an expired ticket, an unknown one and one of another merchant', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    const ticket = ticketOf(gameUrl);
    clock.advance(LAUNCH_TICKET_TTL_MS);
    expect(failure(await redeem(ticket))).toEqual({ status: 400, code: ErrorCode.LAUNCH_TICKET_INVALID });
    expect(failure(await redeem('A'.repeat(43)))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });

    const fresh = ticketOf(envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY)).gameUrl);
    expect(failure(await redeem(fresh, LOTUS))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
    // The wrong merchant's attempt did not use it up.
    expect((await redeem(fresh)).statusCode).toBe(200);
    expect(failure(await redeem('short'))).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
  });

  it('refuses a cross-origin redemption', async () => {
    const { gameUrl } = envelopeValue<GameLaunchValue>(await launch(LOTTERY_QUERY));
    const response = await plainPost(
      t.app,
      DemoGamePath.redeem,
      { ticket: ticketOf(gameUrl) },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(failure(response)).toEqual({ status: 403, code: 'cross_origin_forbidden' });
  });

  // ---- rounds ----------------------------------------------------------------------------------

  it.each([
    ['too few picks', { picks: [1, 2], stake: 10 }],
    ['too many picks', { picks: [1, 2, 3, 4], stake: 10 }],
    ['duplicate picks', { picks: [1, 1, 2], stake: 10 }],
    ['a pick out of range', { picks: [0, 1, 2], stake: 10 }],
    ['a pick above the range', { picks: [1, 2, DEMO_LOTTERY.numberMax + 1], stake: 10 }],
    ['a fractional pick', { picks: [1, 2, 2.5], stake: 10 }],
    ['a stake not offered', { picks: [1, 2, 3], stake: 15 }],
    ['no stake', { picks: [1, 2, 3] }],
  ])('refuses a round with %s (400 invalid_request), credit untouched', async (_name, body) => {
    const session = await play();
    expect(failure(await round(session.playToken, body))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    const [row] = await t.db
      .select({ credit: demoGameSessions.credit })
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    expect(row?.credit).toBe(DEMO_LOTTERY.trialCredit);
  });

  it('refuses a round without a play token, with a bad one, an expired one or on another merchant', async () => {
    const session = await play();
    const body = { picks: [1, 2, 3], stake: 10 };
    expect(failure(await plainPost(t.app, DemoGamePath.round, body))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
    expect(failure(await round('x'.repeat(43), body))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
    expect(failure(await round(session.playToken, body, LOTUS))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
    // A session lasts 2 hours.
    clock.advance(2 * 60 * 60_000);
    expect(failure(await round(session.playToken, body))).toEqual({
      status: 400,
      code: ErrorCode.LAUNCH_TICKET_INVALID,
    });
  });

  it('sweeps play sessions and their rounds once they ended before the rank-list window', async () => {
    const session = await play();
    await round(session.playToken, { picks: [2, 5, 9], stake: 10 });
    // A sweeper with its own clock: moving the shared one would end the members' logins too.
    let offset = 0;
    const later = () => clock.now() + offset;
    const demo = new DemoGame(t.db, later, new LaunchTickets(t.db, later));
    const sessionRows = async () =>
      (await t.db.select().from(demoGameSessions)).filter(
        (row) => row.tokenHash === sha256Hex(session.playToken),
      );
    // Ended (2 h), but still inside the 7-day window: kept.
    offset = DEMO_SESSION_TTL_MS + RANK_LIST_WINDOW_MS - 1000;
    await demo.sweep();
    expect(await sessionRows()).toHaveLength(1);
    offset += 2000;
    await demo.sweep();
    expect(await sessionRows()).toHaveLength(0);
  });

  it('keeps the credit right over several rounds and stores each round', async () => {
    const session = await play();
    let credit = session.credit;
    const picks = [2, 5, 9];
    for (let index = 0; index < 8; index += 1) {
      const stake = DEMO_LOTTERY.stakes[index % DEMO_LOTTERY.stakes.length] ?? 10;
      const response = await round(session.playToken, { picks, stake });
      expect(response.headers['cache-control']).toBe('no-store');
      const result = envelopeValue<DemoRoundResult>(response);
      expect(result.drawn).toHaveLength(DEMO_LOTTERY.pickCount);
      expect(new Set(result.drawn).size).toBe(DEMO_LOTTERY.pickCount);
      for (const number of result.drawn) {
        expect(number).toBeGreaterThanOrEqual(1);
        expect(number).toBeLessThanOrEqual(DEMO_LOTTERY.numberMax);
      }
      const matches = picks.filter((pick) => result.drawn.includes(pick)).length;
      expect(result.matches).toBe(matches);
      expect(result.payout).toBe(stake * (DEMO_PAY_TABLE[matches] ?? 0));
      credit = credit - stake + result.payout;
      expect(result.credit).toBe(credit);
    }
    const [row] = await t.db
      .select({ id: demoGameSessions.id, credit: demoGameSessions.credit })
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    expect(row?.credit).toBe(credit);
    const rounds = await t.db
      .select()
      .from(demoGameRounds)
      .where(eq(demoGameRounds.sessionId, row?.id ?? 0));
    expect(rounds).toHaveLength(8);
    expect(rounds.every((each) => JSON.stringify(each.picks) === JSON.stringify(picks))).toBe(true);

    // The page reloaded: the play token reads the session back.
    const reread = await t.app.inject({
      method: 'GET',
      url: DEMO_SESSION_PATH,
      headers: { host: AURORA, authorization: session.playToken },
    });
    expect(envelopeValue<{ credit: number }>(reread).credit).toBe(credit);
  });

  it('refuses a stake above the credit (400 invalid_request) and leaves the credit as it was', async () => {
    const session = await play();
    await t.db
      .update(demoGameSessions)
      .set({ credit: 15 })
      .where(eq(demoGameSessions.tokenHash, sha256Hex(session.playToken)));
    expect(failure(await round(session.playToken, { picks: [1, 2, 3], stake: 20 }))).toEqual({
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    });
    const result = envelopeValue<DemoRoundResult>(
      await round(session.playToken, { picks: [1, 2, 3], stake: 10 }),
    );
    expect(result.credit).toBe(5 + result.payout);
  });

  it('never overdraws under concurrent rounds', async () => {
    const session = await play();
    const tokenHash = sha256Hex(session.playToken);
    await t.db.update(demoGameSessions).set({ credit: 100 }).where(eq(demoGameSessions.tokenHash, tokenHash));
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => round(session.playToken, { picks: [1, 2, 3], stake: 50 })),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    for (const answer of refused) {
      expect(failure(answer)).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
    }
    const [row] = await t.db
      .select({ id: demoGameSessions.id, credit: demoGameSessions.credit })
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, tokenHash));
    const rounds = await t.db
      .select()
      .from(demoGameRounds)
      .where(eq(demoGameRounds.sessionId, row?.id ?? 0));
    expect(rounds).toHaveLength(accepted.length);
    const expected = 100 + rounds.reduce((sum, each) => sum - each.stake + each.payout, 0);
    expect(row?.credit).toBe(expected);
    expect(row?.credit).toBeGreaterThanOrEqual(0);
    for (const answer of accepted) {
      expect(envelopeValue<DemoRoundResult>(answer).credit).toBeGreaterThanOrEqual(0);
    }
  });

  // ---- the demo page -----------------------------------------------------------------------------

  it('serves the demo page with its own strict policy, and its script and stylesheet', async () => {
    const page = await get(t.app, `${DemoGamePath.page}?ticket=abc`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toBe(DEMO_CSP);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.body).not.toMatch(/\sstyle=/);
    expect(page.body).not.toMatch(/\son[a-z]+=/);
    for (let n = 1; n <= DEMO_LOTTERY.numberMax; n += 1) {
      expect(page.body).toContain(`data-number="${n}" disabled>${n}</button>`);
    }
    expect(page.body).toContain('>Play</button>');
    expect(page.body).toContain('>Back</a>');
    expect(page.body).toContain('<span id="credit-label">Credit</span>');

    const script = await get(t.app, '/demo-game/game.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('history.replaceState');
    expect(script.body).not.toMatch(/\binterface\b|: string\b/);

    const style = await get(t.app, '/demo-game/game.css');
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);

    const bare = await get(t.app, '/demo-game?ticket=abc');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/demo-game/?ticket=abc');
  });
});
