import {
  DEMO_LOTTERY,
  type DemoRedeemResult,
  type DemoRoundResult,
  type DemoSessionView,
  type RankEntry,
} from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { customers, demoGameRounds, demoGameSessions, games } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { newToken, sha256Hex } from '../../lib/tokens.js';
import type { Merchant } from '../merchants/repository.js';
import type { LaunchTickets } from './tickets.js';

/**
 * The demo lottery ("Lucky Ten"): the player picks DEMO_LOTTERY.pickCount distinct numbers of
 * 1..numberMax and a stake; the server draws as many numbers with crypto randomness and pays the
 * stake times DEMO_PAY_TABLE[matches]. With 3 of 10 drawn against 3 picks the chances are
 * 0 matches 35/120, 1 match 63/120, 2 matches 21/120, 3 matches 1/120, so the table
 * 0×, 0×, 3×, 50× returns (21·3 + 50)/120 ≈ 94 % of the stakes. The credit is play money only.
 */
export const DEMO_PAY_TABLE: readonly number[] = [0, 0, 3, 50];

/** A play session lasts this long from its redemption. */
export const DEMO_SESSION_TTL_MS = 2 * 60 * 60_000;

/** Wins of this long ago or newer make the rank list. */
export const RANK_LIST_WINDOW_MS = 7 * 24 * 60 * 60_000;
export const RANK_LIST_LIMIT = 20;
/** The name the rank list shows for a win whose member is no longer known. */
export const GUEST_NAME = 'Guest';

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

export class DemoGame {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly tickets: LaunchTickets,
  ) {}

  /** Redeems a launch ticket (once) for a play session with the trial credit. */
  async redeem(merchantId: number, ticket: string): Promise<DemoRedeemResult> {
    const playToken = newToken();
    const result = await this.db.transaction(async (tx) => {
      const redeemed = await this.tickets.redeem(tx, ticket, merchantId);
      if (redeemed === null) return null;
      await tx.insert(demoGameSessions).values({
        tokenHash: sha256Hex(playToken),
        merchantId,
        customerId: redeemed.customerId,
        gameId: redeemed.gameId,
        trial: redeemed.trial,
        credit: DEMO_LOTTERY.trialCredit,
        backUrl: redeemed.backUrl,
        expiresAt: new Date(this.now() + DEMO_SESSION_TTL_MS),
      });
      const [game] = await tx
        .select({ displayName: games.displayName })
        .from(games)
        .where(eq(games.id, redeemed.gameId));
      return {
        game: { displayName: game?.displayName ?? '' },
        credit: DEMO_LOTTERY.trialCredit,
        trial: redeemed.trial,
        backUrl: redeemed.backUrl,
      };
    });
    if (result === null) {
      throw new DomainError(
        ErrorCode.LAUNCH_TICKET_INVALID,
        'This game link has expired or was already used. Please launch the game again.',
      );
    }
    return { playToken, ...result };
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
    const [game] = await this.db
      .select({ displayName: games.displayName })
      .from(games)
      .where(eq(games.id, row.gameId));
    return {
      game: { displayName: game?.displayName ?? '' },
      credit: row.credit,
      trial: row.trial,
      backUrl: row.backUrl,
    };
  }

  /**
   * Plays one round: draws, then takes the stake and adds the payout in one conditional UPDATE
   * (credit ≥ stake), so concurrent rounds of one session never overdraw it; the round is stored in
   * the same transaction.
   */
  async playRound(
    merchantId: number,
    playToken: string | undefined,
    picks: number[],
    stake: number,
  ): Promise<DemoRoundResult> {
    const session = await this.authenticate(merchantId, playToken);
    const drawn = drawNumbers();
    const { matches, payout } = payoutOf(picks, drawn, stake);
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
   * The biggest wins of the last RANK_LIST_WINDOW_MS on this merchant, names masked. Members' launches
   * only (not a visitor's trial). The demo game plays with play credit, never money: each entry says
   * so (`playCredit`, no currency), so no client can show it as a cash win.
   */
  async rankList(merchant: Merchant): Promise<RankEntry[]> {
    const since = new Date(this.now() - RANK_LIST_WINDOW_MS);
    const rows = await this.db
      .select({
        payout: demoGameRounds.payout,
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
          gt(demoGameRounds.payout, 0),
          gte(demoGameRounds.createdAt, since),
        ),
      )
      .orderBy(desc(demoGameRounds.payout), desc(demoGameRounds.createdAt), desc(demoGameRounds.id))
      .limit(RANK_LIST_LIMIT);
    return rows.map((row) => ({
      maskedName: row.username === null ? GUEST_NAME : maskName(row.username),
      gameName: row.gameName,
      gameId: String(row.gameId),
      amount: row.payout,
      currency: '',
      playCredit: true,
      at: row.at.toISOString(),
    }));
  }

  /**
   * Deletes play sessions (and their rounds) that ended before the rank list's window: nothing reads
   * them any more, and trial launches would otherwise grow the tables for ever.
   */
  async sweep(): Promise<void> {
    await this.db
      .delete(demoGameSessions)
      .where(lt(demoGameSessions.expiresAt, new Date(this.now() - RANK_LIST_WINDOW_MS)));
  }
}
