import {
  DEMO_LOTTERY,
  type DemoRedeemResult,
  type DemoRoundResult,
  type DemoSessionView,
  type RankEntry,
} from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { currencyExponent, formatAmount } from '@wps/contract/money';
import { and, desc, eq, gt, gte, isNotNull, lt, not, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { customers, demoGameRounds, demoGameSessions, games } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { newToken, sha256Hex } from '../../lib/tokens.js';
import type { Merchant } from '../merchants/repository.js';
import type { LaunchTickets } from './tickets.js';
import { DemoMoneyRounds, type MoneySession } from './demo-vendor/money-rounds.js';

/**
 * The demo lottery ("Lucky Ten"): the player picks DEMO_LOTTERY.pickCount distinct numbers of
 * 1..numberMax and a stake; the server draws as many numbers with crypto randomness and pays the
 * stake times DEMO_PAY_TABLE[matches]. With 3 of 10 drawn against 3 picks the chances are
 * 0 matches 35/120, 1 match 63/120, 2 matches 21/120, 3 matches 1/120, so the table
 * 0×, 0×, 3×, 50× returns (21·3 + 50)/120 ≈ 94 % of the stakes.
 *
 * A member's launch plays with real money through the operator's seamless wallet (demo-vendor/); a
 * visitor's or a free-play launch plays with play credit, which is never money and never makes the
 * rank list.
 */
export const DEMO_PAY_TABLE: readonly number[] = [0, 0, 3, 50];

/** A play session lasts this long from its redemption. */
export const DEMO_SESSION_TTL_MS = 2 * 60 * 60_000;

/** Wins of this long ago or newer make the rank list. */
export const RANK_LIST_WINDOW_MS = 7 * 24 * 60 * 60_000;
export const RANK_LIST_LIMIT = 20;
/** The name the rank list shows for a win whose member is no longer known. */
export const GUEST_NAME = 'Guest';

/**
 * A real-money stake unit per currency, in minor units: the stakes offered are DEMO_LOTTERY.stakeUnits
 * times it (10, 20, 50 pesos; 1, 2, 5 dollars; 10,000, 20,000, 50,000 dong).
 */
const STAKE_UNIT_MAJOR: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1,
  GBP: 1,
  VND: 10_000,
  IDR: 10_000,
  KRW: 1_000,
  JPY: 100,
};
const DEFAULT_STAKE_UNIT_MAJOR = 10;

export function moneyStakes(currency: string): number[] {
  const unit = (STAKE_UNIT_MAJOR[currency] ?? DEFAULT_STAKE_UNIT_MAJOR) * 10 ** currencyExponent(currency);
  return DEMO_LOTTERY.stakeUnits.map((units) => units * unit);
}

/** DEMO_LOTTERY.pickCount distinct numbers of 1..numberMax, in draw order (partial Fisher–Yates). */
export function drawNumbers(random: (max: number) => number = randomInt): number[] {
  const pool = Array.from({ length: DEMO_LOTTERY.numberMax }, (_, index) => index + 1);
  for (let index = 0; index < DEMO_LOTTERY.pickCount; index += 1) {
    const other = index + random(pool.length - index);
    [pool[index], pool[other]] = [pool[other] as number, pool[index] as number];
  }
  return pool.slice(0, DEMO_LOTTERY.pickCount);
}

export function payoutOf(picks: readonly number[], drawn: readonly number[], stake: number) {
  const matches = picks.filter((pick) => drawn.includes(pick)).length;
  return { matches, payout: stake * (DEMO_PAY_TABLE[matches] ?? 0) };
}

/** `demo` → `de***o`; three letters or fewer keep only the first. */
export function maskName(name: string): string {
  const letters = Array.from(name);
  if (letters.length <= 3) return `${letters[0] ?? ''}***`;
  return `${letters.slice(0, 2).join('')}***${letters.at(-1) ?? ''}`;
}

function sessionEnded(): DomainError {
  return new DomainError(
    ErrorCode.LAUNCH_TICKET_INVALID,
    'This game session has ended. Please launch the game again.',
  );
}

type SessionRow = typeof demoGameSessions.$inferSelect;

/** The session's real-money side, or null for play credit. */
function moneyOf(row: SessionRow, gameCode: string): MoneySession | null {
  if (row.trial || row.player === null || row.walletToken === null || row.currency === null) return null;
  return { id: row.id, player: row.player, walletToken: row.walletToken, currency: row.currency, gameCode };
}

function viewOf(row: SessionRow, displayName: string, credit: number): DemoSessionView {
  const currency = row.trial ? null : row.currency;
  return {
    game: { displayName },
    credit,
    trial: row.trial,
    currency,
    exponent: currency === null ? 0 : currencyExponent(currency),
    stakes: currency === null ? [...DEMO_LOTTERY.stakes] : moneyStakes(currency),
    backUrl: row.backUrl,
  };
}

export class DemoGame {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly tickets: LaunchTickets,
    /** Real-money rounds through the operator's wallet; without it every session plays credit. */
    private readonly money: DemoMoneyRounds | null = null,
  ) {}

  /**
   * Redeems a launch ticket (once) for a play session: a member's launch with its wallet session
   * plays real money, any other with the trial credit.
   */
  async redeem(merchantId: number, ticket: string): Promise<DemoRedeemResult> {
    const playToken = newToken();
    const result = await this.db.transaction(async (tx) => {
      const redeemed = await this.tickets.redeem(tx, ticket, merchantId);
      if (redeemed === null) return null;
      const real = !redeemed.trial && redeemed.customerId !== null && redeemed.walletToken !== null;
      const [session] = await tx
        .insert(demoGameSessions)
        .values({
          tokenHash: sha256Hex(playToken),
          merchantId,
          customerId: redeemed.customerId,
          gameId: redeemed.gameId,
          trial: redeemed.trial || !real,
          credit: real ? 0 : DEMO_LOTTERY.trialCredit,
          backUrl: redeemed.backUrl,
          player: real ? String(redeemed.customerId) : null,
          walletToken: real ? redeemed.walletToken : null,
          currency: real ? redeemed.currency : null,
          expiresAt: new Date(this.now() + DEMO_SESSION_TTL_MS),
        })
        .returning();
      const [game] = await tx
        .select({ displayName: games.displayName, gameCode: games.gameCode })
        .from(games)
        .where(eq(games.id, redeemed.gameId));
      return session === undefined ? null : { session, game };
    });
    if (result === null) {
      throw new DomainError(
        ErrorCode.LAUNCH_TICKET_INVALID,
        'This game link has expired or was already used. Please launch the game again.',
      );
    }
    const { session, game } = result;
    return { playToken, ...(await this.view(session, game?.displayName ?? '', game?.gameCode ?? '')) };
  }

  /** The page's view: play credit as stored, real money as the wallet answers it now. */
  private async view(row: SessionRow, displayName: string, gameCode: string): Promise<DemoSessionView> {
    const money = moneyOf(row, gameCode);
    if (money === null || this.money === null) return viewOf(row, displayName, row.credit);
    return viewOf(row, displayName, await this.money.balance(money));
  }

  private async authenticate(merchantId: number, playToken: string | undefined): Promise<SessionRow> {
    if (playToken === undefined || playToken === '') throw sessionEnded();
    const [row] = await this.db
      .select()
      .from(demoGameSessions)
      .where(eq(demoGameSessions.tokenHash, sha256Hex(playToken)))
      .limit(1);
    if (row === undefined || row.merchantId !== merchantId || row.expiresAt.getTime() <= this.now()) {
      throw sessionEnded();
    }
    return row;
  }

  /** The session of a play token (the page reloaded), else 401 launch_ticket_invalid. */
  async session(merchantId: number, playToken: string | undefined): Promise<DemoSessionView> {
    const row = await this.authenticate(merchantId, playToken);
    const game = await this.gameOf(row);
    return this.view(row, game.displayName, game.gameCode);
  }

  private async gameOf(row: SessionRow): Promise<{ displayName: string; gameCode: string }> {
    const [game] = await this.db
      .select({ displayName: games.displayName, gameCode: games.gameCode })
      .from(games)
      .where(eq(games.id, row.gameId));
    return game ?? { displayName: '', gameCode: '' };
  }

  /**
   * Plays one round. Real money: the stake and the win go through the operator's wallet
   * (DemoMoneyRounds). Play credit: draws, then takes the stake and adds the payout in one
   * conditional UPDATE (credit ≥ stake), so concurrent rounds of one session never overdraw it; the
   * round is stored in the same transaction.
   */
  async playRound(
    merchantId: number,
    playToken: string | undefined,
    picks: number[],
    stake: number,
  ): Promise<DemoRoundResult> {
    const session = await this.authenticate(merchantId, playToken);
    const money = moneyOf(session, (await this.gameOf(session)).gameCode);
    const stakes = money === null ? DEMO_LOTTERY.stakes : moneyStakes(money.currency);
    if (!(stakes as readonly number[]).includes(stake)) {
      throw new DomainError(ErrorCode.INVALID_REQUEST, 'Invalid request. stake: a stake of the list.');
    }
    const drawn = drawNumbers();
    const { matches, payout } = payoutOf(picks, drawn, stake);
    if (money !== null && this.money !== null) {
      const credit = await this.money.play(money, { picks, drawn, stake, payout });
      return { drawn, matches, payout, credit };
    }
    const now = new Date(this.now());
    const credit = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(demoGameSessions)
        .set({ credit: sql`${demoGameSessions.credit} - ${stake} + ${payout}` })
        .where(
          and(
            eq(demoGameSessions.id, session.id),
            gte(demoGameSessions.credit, stake),
            gt(demoGameSessions.expiresAt, now),
          ),
        )
        .returning({ credit: demoGameSessions.credit });
      if (updated === undefined) return null;
      await tx
        .insert(demoGameRounds)
        .values({ sessionId: session.id, picks, drawn, stake, payout, createdAt: now });
      return updated.credit;
    });
    if (credit === null) {
      throw new DomainError(ErrorCode.INVALID_REQUEST, 'Not enough credit for this stake.');
    }
    return { drawn, matches, payout, credit };
  }

  /**
   * The biggest real-money wins of the last RANK_LIST_WINDOW_MS on this merchant, names masked, in
   * the currency's major units. Play credit (a trial, a visitor) never makes the list, nor a round
   * whose win the wallet has not acknowledged yet.
   */
  async rankList(merchant: Merchant): Promise<RankEntry[]> {
    const since = new Date(this.now() - RANK_LIST_WINDOW_MS);
    const rows = await this.db
      .select({
        payout: demoGameRounds.payout,
        currency: demoGameRounds.currency,
        at: demoGameRounds.createdAt,
        username: customers.username,
        gameId: games.id,
        gameName: games.displayName,
      })
      .from(demoGameRounds)
      .innerJoin(demoGameSessions, eq(demoGameSessions.id, demoGameRounds.sessionId))
      .innerJoin(games, eq(games.id, demoGameSessions.gameId))
      .leftJoin(customers, eq(customers.id, demoGameSessions.customerId))
      .where(
        and(
          eq(demoGameSessions.merchantId, merchant.id),
          eq(demoGameSessions.trial, false),
          isNotNull(demoGameRounds.currency),
          eq(demoGameRounds.state, 'settled'),
          gt(demoGameRounds.payout, 0),
          gte(demoGameRounds.createdAt, since),
        ),
      )
      .orderBy(desc(demoGameRounds.payout), desc(demoGameRounds.createdAt), desc(demoGameRounds.id))
      .limit(RANK_LIST_LIMIT);
    return rows.map((row) => {
      const currency = row.currency ?? '';
      return {
        maskedName: row.username === null ? GUEST_NAME : maskName(row.username),
        gameName: row.gameName,
        gameId: String(row.gameId),
        amount: Number(formatAmount(BigInt(row.payout), currency)),
        currency,
        playCredit: false,
        at: row.at.toISOString(),
      };
    });
  }

  /**
   * Deletes play sessions (and their rounds) that ended before the rank list's window: nothing reads
   * them any more, and trial launches would otherwise grow the tables for ever. A session with a
   * real-money round still to settle stays until it is settled.
   */
  async sweep(): Promise<void> {
    await this.db
      .delete(demoGameSessions)
      .where(
        and(
          lt(demoGameSessions.expiresAt, new Date(this.now() - RANK_LIST_WINDOW_MS)),
          not(DemoMoneyRounds.pendingOf(demoGameSessions.id)),
        ),
      );
  }

  /** Finishes real-money rounds cut off mid-way (their win, or the rollback of an unanswered bet). */
  async settlePending(): Promise<void> {
    await this.money?.settlePending();
  }
}
