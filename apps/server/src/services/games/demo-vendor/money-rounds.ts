import { ErrorCode } from '@wps/contract/errorCodes';
import { SeamlessErrorCode } from '@wps/contract/seamless';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import { demoGameRounds, demoGameSessions, type DemoRoundState } from '../../../db/schema/index.js';
import { DomainError } from '../../errors.js';
import type { SeamlessWalletClient, WalletOutcome } from './wallet-client.js';

/** The demo vendor's id with the operator's seamless wallet (`vendor:demo` in the ledger). */
export const DEMO_VENDOR_ID = 'demo';

/** A real-money play session: what the vendor keeps of the launch to call the operator's wallet. */
export interface MoneySession {
  id: number;
  player: string;
  walletToken: string;
  currency: string;
  gameCode: string;
}

/** One round's outcome, decided by the game before the stake is asked for. */
export interface RoundPlan {
  picks: number[];
  drawn: number[];
  /** Minor units. */
  stake: number;
  payout: number;
}

/** A round in flight longer than this was cut off (a crash, a lost answer) and is settled by the sweep. */
export const PENDING_ROUND_AGE_MS = 60_000;
const PENDING_BATCH = 50;

const betId = (round: string) => `${round}:bet`;
const winId = (round: string) => `${round}:win`;
const rollbackId = (round: string) => `${round}:rollback`;

function unavailable(): DomainError {
  return new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'The wallet cannot be reached. Please try again.');
}

/**
 * Real-money rounds of the demo vendor (issue 28 item 6): the stake is asked of the operator's wallet
 * (bet), the win paid (win, closing the round), both keyed by ids derived from the round's id so
 * that a repeat is harmless. The round's row records where it is before each call: a round cut off
 * mid-way is finished by `settlePending`, which repeats the win, or rolls back a bet whose answer
 * never came. The stake is never assumed taken or refunded without the wallet's signed word.
 */
export class DemoMoneyRounds {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly wallet: SeamlessWalletClient,
    private readonly logWarning: (message: string) => void = () => undefined,
  ) {}

  /** The member's cash balance in minor units, as the wallet answers it. */
  async balance(session: MoneySession): Promise<number> {
    const outcome = await this.wallet.balance({ player: session.player, currency: session.currency });
    if (outcome.kind === 'ok') return outcome.answer.balance;
    if (outcome.kind === 'refused') this.logWarning(`demo vendor balance refused: ${outcome.errorCode}`);
    throw unavailable();
  }

  /** Plays one round; answers the balance after it. */
  async play(session: MoneySession, plan: RoundPlan): Promise<number> {
    const walletRound = randomUUID();
    const [row] = await this.db
      .insert(demoGameRounds)
      .values({
        sessionId: session.id,
        ...plan,
        currency: session.currency,
        walletRound,
        state: 'betting',
        createdAt: new Date(this.now()),
      })
      .returning({ id: demoGameRounds.id });
    const roundId = row?.id ?? 0;
    const bet = await this.wallet.bet({
      transactionId: betId(walletRound),
      player: session.player,
      token: session.walletToken,
      currency: session.currency,
      amount: plan.stake,
      roundId: walletRound,
      gameCode: session.gameCode,
    });
    if (bet.kind === 'refused') {
      // Nothing was taken: the round never happened.
      await this.db.delete(demoGameRounds).where(eq(demoGameRounds.id, roundId));
      throw betRefusal(bet);
    }
    if (bet.kind === 'unknown') {
      this.logWarning(`demo vendor bet outcome unknown (${bet.reason}): rolling it back`);
      await this.setState(roundId, 'refunding');
      await this.refund(roundId, session.player, walletRound);
      throw unavailable();
    }
    await this.setState(roundId, 'paying');
    const paid = await this.pay(roundId, session.player, session.currency, walletRound, plan.payout);
    // Unacknowledged, the win is repeated by the sweep: the member will have it.
    return paid ?? bet.answer.balance + plan.payout;
  }

  /** Finishes the rounds cut off mid-way: repeats their win, or rolls back a bet of unknown fate. */
  async settlePending(): Promise<void> {
    const rows = await this.db
      .select({
        id: demoGameRounds.id,
        state: demoGameRounds.state,
        walletRound: demoGameRounds.walletRound,
        payout: demoGameRounds.payout,
        currency: demoGameRounds.currency,
        player: demoGameSessions.player,
      })
      .from(demoGameRounds)
      .innerJoin(demoGameSessions, eq(demoGameSessions.id, demoGameRounds.sessionId))
      .where(
        and(
          inArray(demoGameRounds.state, ['betting', 'paying', 'refunding']),
          lt(demoGameRounds.createdAt, new Date(this.now() - PENDING_ROUND_AGE_MS)),
        ),
      )
      .orderBy(demoGameRounds.id)
      .limit(PENDING_BATCH);
    for (const row of rows) {
      if (row.walletRound === null || row.player === null || row.currency === null) continue;
      if (row.state === 'paying') {
        await this.pay(row.id, row.player, row.currency, row.walletRound, row.payout);
      } else {
        // A bet whose answer never came (or whose process died waiting): it may or may not have
        // been taken, so it is rolled back, which the wallet does once or remembers as a tombstone.
        await this.setState(row.id, 'refunding');
        await this.refund(row.id, row.player, row.walletRound);
      }
    }
  }

  /** Sends the round's win (0 for a loss, which closes it too); the balance after, or null when unknown. */
  private async pay(
    roundId: number,
    player: string,
    currency: string,
    walletRound: string,
    payout: number,
  ): Promise<number | null> {
    const outcome = await this.wallet.win({
      transactionId: winId(walletRound),
      player,
      currency,
      amount: payout,
      roundId: walletRound,
      roundClosed: true,
    });
    if (outcome.kind === 'ok') {
      await this.setState(roundId, 'settled');
      return outcome.answer.balance;
    }
    this.logWarning(`demo vendor win not settled: ${describe(outcome)}`);
    // A refusal will not change by asking again: the round is left for people to look at.
    if (outcome.kind === 'refused') await this.setState(roundId, 'failed');
    return null;
  }

  private async refund(roundId: number, player: string, walletRound: string): Promise<void> {
    const outcome = await this.wallet.rollback({
      transactionId: rollbackId(walletRound),
      player,
      roundId: walletRound,
      referenceTransactionId: betId(walletRound),
    });
    if (outcome.kind === 'ok') {
      await this.setState(roundId, 'refunded');
      return;
    }
    this.logWarning(`demo vendor rollback not settled: ${describe(outcome)}`);
    if (outcome.kind === 'refused') await this.setState(roundId, 'failed');
  }

  private async setState(roundId: number, state: DemoRoundState): Promise<void> {
    await this.db.update(demoGameRounds).set({ state }).where(eq(demoGameRounds.id, roundId));
  }

  /** Whether a session still has rounds to settle (its rows must outlive the sweep until then). */
  static pendingOf(sessionId: typeof demoGameSessions.id) {
    return sql`EXISTS (SELECT 1 FROM ${demoGameRounds} WHERE ${demoGameRounds.sessionId} = ${sessionId}
      AND ${demoGameRounds.state} IN ('betting', 'paying', 'refunding'))`;
  }
}

function describe(outcome: WalletOutcome): string {
  if (outcome.kind === 'refused') return `refused ${outcome.errorCode}`;
  if (outcome.kind === 'unknown') return outcome.reason;
  return 'ok';
}

function betRefusal(outcome: Extract<WalletOutcome, { kind: 'refused' }>): DomainError {
  if (outcome.errorCode === SeamlessErrorCode.NOT_ENOUGH_MONEY) {
    return new DomainError(ErrorCode.INVALID_REQUEST, 'Not enough balance for this stake.', {
      balance: outcome.balance ?? 0,
    });
  }
  if (outcome.errorCode === SeamlessErrorCode.TOKEN_INVALID) {
    return new DomainError(
      ErrorCode.LAUNCH_TICKET_INVALID,
      'This game session has ended. Please launch the game again.',
    );
  }
  return new DomainError(ErrorCode.INVALID_REQUEST, 'The wallet refused this stake.');
}
