import {
  DEMO_LOTTERY,
  type DemoRedeemResult,
  type DemoRoundResult,
  type DemoRoundView,
  type DemoSessionView,
  type RankEntry,
} from '@wps/contract/games';
import type { DemoRoundPayload } from '@wps/contract/schemas/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { currencyExponent, formatAmount } from '@wps/contract/amounts';
import { and, desc, eq, gt, gte, inArray, isNotNull, lt, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, demoGameRounds, demoGameSessions, games } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { newToken, sha256Hex } from '../../lib/tokens.js';
import type { Merchant } from '../merchants/repository.js';
import type { LaunchTickets } from './tickets.js';
import { DemoMoneyRounds, type MoneySession } from './demo-vendor/money-rounds.js';
import { demoKindOf, moneyStakes, playOutcome } from './demo-vendor/rules.js';

export { DEMO_PAY_TABLE, drawNumbers, moneyStakes, payoutOf } from './demo-vendor/rules.js';

/**
 * The demo vendor's games (demo-vendor/rules.ts: the pick-3 lottery "Lucky Ten", the Vietnam lottery,
 * the slot): launch tickets redeemed for play sessions, rounds, their history and the rank list.
 *
 * A member's launch plays with real money through the operator's seamless wallet (demo-vendor/); a
 * visitor's or a free-play launch plays with play credit, which is never money and never makes the
 * rank list.
 */

/** The rounds GET /demo-game/api/rounds shows. */
export const DEMO_HISTORY_LIMIT = 10;
const SHOWN_STATES = ['settled', 'paying', 'refunded'] as const;

/** A play session lasts this long from its redemption. */
export const DEMO_SESSION_TTL_MS = 2 * 60 * 60_000;

/** Wins of this long ago or newer make the rank list. */
export const RANK_LIST_WINDOW_MS = 7 * 24 * 60 * 60_000;
export const RANK_LIST_LIMIT = 20;
/** The name the rank list shows for a win whose member is no longer known. */
export const GUEST_NAME = 'Guest';

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

interface GameOfSession {
  displayName: string;
  gameCode: string;
  launch: (typeof games.$inferSelect)['launch'];
}

function viewOf(row: SessionRow, game: GameOfSession, credit: number): DemoSessionView {
  const currency = row.trial ? null : row.currency;
  const kind = demoKindOf(game.launch);
  return {
    game: { displayName: game.displayName },
    kind,
    language: kind === 'vn2d' ? 'vi' : 'en',
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
      return session ?? null;
    });
    if (result === null) {
      throw new DomainError(
        ErrorCode.LAUNCH_TICKET_INVALID,
        'This game link has expired or was already used. Please launch the game again.',
      );
    }
    return { playToken, ...(await this.view(result)) };
  }

  /** The page's view: play credit as stored, real money as the wallet answers it now. */
  private async view(row: SessionRow): Promise<DemoSessionView> {
    const game = await this.gameOf(row);
    const money = moneyOf(row, game.gameCode);
    if (money === null || this.money === null) return viewOf(row, game, row.credit);
    return viewOf(row, game, await this.money.balance(money));
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
    return this.view(await this.authenticate(merchantId, playToken));
  }

  private async gameOf(row: SessionRow): Promise<GameOfSession> {
    const [game] = await this.db
      .select({ displayName: games.displayName, gameCode: games.gameCode, launch: games.launch })
      .from(games)
      .where(eq(games.id, row.gameId));
    return game ?? { displayName: '', gameCode: '', launch: { kind: 'vendor' } };
  }

  /** The session's last rounds, newest first (a round still betting, or cut off, is not shown yet). */
  async rounds(merchantId: number, playToken: string | undefined): Promise<DemoRoundView[]> {
    const session = await this.authenticate(merchantId, playToken);
    const rows = await this.db
      .select()
      .from(demoGameRounds)
      .where(and(eq(demoGameRounds.sessionId, session.id), inArray(demoGameRounds.state, SHOWN_STATES)))
      .orderBy(desc(demoGameRounds.id))
      .limit(DEMO_HISTORY_LIMIT);
    return rows.map((row) => ({
      at: row.createdAt.toISOString(),
      picks: row.picks,
      drawn: row.drawn,
      stake: row.stake,
      payout: row.payout,
      state: row.state === 'settled' ? 'settled' : row.state === 'refunded' ? 'refunded' : 'pending',
    }));
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
    payload: DemoRoundPayload,
  ): Promise<DemoRoundResult> {
    const session = await this.authenticate(merchantId, playToken);
    const game = await this.gameOf(session);
    const money = moneyOf(session, game.gameCode);
    const { stake } = payload;
    const stakes = money === null ? DEMO_LOTTERY.stakes : moneyStakes(money.currency);
    if (!(stakes as readonly number[]).includes(stake)) {
      throw new DomainError(ErrorCode.INVALID_REQUEST, 'Invalid request. stake: a stake of the list.');
    }
    const outcome = playOutcome(demoKindOf(game.launch), payload, stake);
    if (outcome === null) {
      throw new DomainError(ErrorCode.INVALID_REQUEST, 'Invalid request. This round is of another game.');
    }
    const { picks, drawn, matches, payout } = outcome;
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
