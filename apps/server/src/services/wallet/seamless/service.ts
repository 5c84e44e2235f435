import { SeamlessErrorCode, type SeamlessOperation, type SeamlessRequest } from '@wps/contract/seamless';
import { eq } from 'drizzle-orm';
import type { TrustGate } from '../../trust/index.js';
import type { Db } from '../../../db/client.js';
import { customers, merchants } from '../../../db/schema/index.js';
import { countWager } from '../bonus.js';
import type { KeyEncryptionKey } from '../../keys/key-encryption-key.js';
import { houseBucket, type AccountRef, type Json, type Ledger, type MoneyTx } from '../ledger.js';
import { SeamlessRefusal, translate } from './refusal.js';
import { parseSeamlessCall } from './requests.js';
import { SeamlessSessions, type WalletSession } from './sessions.js';
import {
  findTransaction,
  insertTransaction,
  insertTransactionSql,
  lockRound,
  lockTransactionId,
  probeBet,
  rolledBack,
  transactionLockKey,
  updateRound,
  updateRoundSql,
  type NewTransaction,
  type RoundRow,
} from './store.js';
import { SeamlessVendors } from './vendors.js';

/** An accepted call's answer: the player's cash balance after it, in minor units. */
export type SeamlessAnswer = {
  status: 'OK';
  player: string;
  currency: string;
  balance: number;
  transactionId?: string;
};

/**
 * The seamless wallet (issue 28 item 6, docs/decisions/seamless-wallet.md): what a game vendor's
 * balance, bet, win, rollback and endRound calls do to the member's money. Each money call is one
 * ledger write keyed by (merchant, `vendor:<id>`, the vendor's transaction id) with its body's hash:
 * a repeat replays the first answer, another body with the id is DUPLICATE_TRANSACTION, a refusal
 * writes nothing. Bets take cash only (no bonus money yet) and wins pay cash, both against the
 * merchant's house bucket of the member.
 */
export class SeamlessWallet {
  readonly vendors: SeamlessVendors;
  readonly sessions: SeamlessSessions;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    kek: KeyEncryptionKey,
    private readonly now: () => number,
    private readonly trust: TrustGate,
  ) {
    this.vendors = new SeamlessVendors(db, kek);
    this.sessions = new SeamlessSessions(db, now);
  }

  /** One call whose signature the route verified: parsed, validated and run. */
  async call(vendorId: string, operation: SeamlessOperation, rawBody: string): Promise<SeamlessAnswer> {
    switch (operation) {
      case 'balance':
        return this.balance(parseSeamlessCall('balance', rawBody).request);
      case 'bet':
        return this.bet(vendorId, parseSeamlessCall('bet', rawBody));
      case 'win':
        return this.win(vendorId, parseSeamlessCall('win', rawBody));
      case 'rollback':
        return this.rollback(vendorId, parseSeamlessCall('rollback', rawBody));
      case 'endRound':
        return this.endRound(vendorId, parseSeamlessCall('endRound', rawBody));
    }
  }

  async balance(request: SeamlessRequest<'balance'>): Promise<SeamlessAnswer> {
    const wallet = await this.player(request.player);
    requireCurrency(request.currency, wallet.currency);
    const balance = await this.ledger.balance(wallet.merchantId, cashOf(wallet));
    return answer(wallet, balance);
  }

  /** Takes the stake from the member's cash: the one call that checks the session token. */
  private async bet(vendorId: string, call: Parsed<'bet'>): Promise<SeamlessAnswer> {
    const { request } = call;
    const wallet = await this.sessions.check(vendorId, request.token, request.player);
    requireCurrency(request.currency, wallet.currency);
    // The id's lock is the write's own key lock (one lock, see `transactionLockKey`).
    const lockKey = transactionLockKey(vendorId, request.transactionId);
    return this.write(vendorId, wallet, call, lockKey, async (tx) => {
      const amount = BigInt(request.amount);
      const probe = await probeBet(
        tx.runner,
        {
          vendorId,
          roundId: request.roundId,
          merchantId: wallet.merchantId,
          customerId: wallet.customerId,
          currency: wallet.currency,
          gameCode: request.gameCode,
          // On the app's clock: the wager and loss limits' windows are counted on it.
          openedAt: this.now(),
        },
        request.transactionId,
      );
      if (probe.rolledBack) {
        throw new SeamlessRefusal(
          SeamlessErrorCode.TRANSACTION_ROLLED_BACK,
          'This bet was rolled back before it arrived.',
        );
      }
      if (probe.used) throw duplicateTransaction();
      const { round } = probe;
      requirePlayable(round, wallet);
      // Breaks, the stake cap, the shortest round and the member's wager and loss limits, in the bet's own transaction.
      await this.trust.checkStake(tx.runner, wallet, amount, round.id);
      await tx.transfer({
        kind: 'bet',
        customerId: wallet.customerId,
        reference: `${vendorId}:${request.roundId}`,
        details: { vendor: vendorId, round: request.roundId, transaction: request.transactionId },
        legs: [
          { account: cashOf(wallet), amount: -amount },
          { account: houseOf(wallet), amount },
        ],
        // The bet's own row and its round's stake, in the transfer's statement.
        alongside: (transferId) => [
          insertTransactionSql(rowOf(vendorId, wallet, { kind: 'bet', request, amount }), transferId),
          updateRoundSql(round.id, { staked: amount }),
        ],
      });
      // The stake counts towards the member's bonus turnover, in the bet's own transaction.
      if (probe.bonusActive) await countWager(tx, wallet.customerId, wallet.currency, amount);
      return answerIn(tx, wallet, request.transactionId);
    });
  }

  /** Pays a win into the member's cash; never gated by the session (a round always settles). */
  private async win(vendorId: string, call: Parsed<'win'>): Promise<SeamlessAnswer> {
    const { request } = call;
    const wallet = await this.player(request.player);
    requireCurrency(request.currency, wallet.currency);
    return this.write(vendorId, wallet, call, undefined, async (tx) => {
      await requireUnused(tx, vendorId, request.transactionId);
      const round = requireRound(await lockRound(tx.runner, vendorId, request.roundId), wallet);
      requirePlayable(round, wallet);
      const amount = BigInt(request.amount);
      const recorded: Recorded = { kind: 'win', request, amount };
      const change = {
        won: amount,
        wins: 1,
        ...(request.roundClosed === true ? { status: 'closed' as const } : {}),
      };
      // A win of nothing moves no money: its row is written alone; any other in its transfer's statement.
      if (amount === 0n) {
        await record(tx, vendorId, wallet, recorded);
        await updateRound(tx.runner, round.id, change);
      } else
        await tx.transfer({
          kind: 'win',
          customerId: wallet.customerId,
          reference: `${vendorId}:${request.roundId}`,
          details: { vendor: vendorId, round: request.roundId, transaction: request.transactionId },
          legs: [
            { account: houseOf(wallet), amount: -amount },
            { account: cashOf(wallet), amount },
          ],
          alongside: (transferId) => [
            insertTransactionSql(rowOf(vendorId, wallet, recorded), transferId),
            updateRoundSql(round.id, change),
          ],
        });
      return answerIn(tx, wallet, request.transactionId);
    });
  }

  /**
   * Reverses a bet once. A bet we never saw leaves a tombstone (this rollback's row names it), so
   * that the bet is refused if it arrives late; a second rollback of one bet moves nothing. Refused
   * once the round paid a win or was ended: its outcome stands.
   */
  private async rollback(vendorId: string, call: Parsed<'rollback'>): Promise<SeamlessAnswer> {
    const { request } = call;
    const wallet = await this.player(request.player);
    const betId = request.referenceTransactionId;
    return this.write(vendorId, wallet, call, undefined, async (tx) => {
      await lockTransactionId(tx.runner, vendorId, betId);
      await requireUnused(tx, vendorId, request.transactionId);
      const bet = await findTransaction(tx.runner, vendorId, betId);
      const reference = { referenceTransactionId: betId };
      if (bet === undefined) {
        await record(tx, vendorId, wallet, { kind: 'rollback', request, ...reference, tombstone: true });
        return answerIn(tx, wallet, request.transactionId);
      }
      if (
        bet.kind !== 'bet' ||
        bet.merchantId !== wallet.merchantId ||
        bet.customerId !== wallet.customerId ||
        bet.roundId !== request.roundId
      ) {
        throw new SeamlessRefusal(
          SeamlessErrorCode.ROLLBACK_REFUSED,
          'The reference is not a bet of this player and round.',
        );
      }
      if (await rolledBack(tx.runner, vendorId, betId)) {
        await record(tx, vendorId, wallet, { kind: 'rollback', request, ...reference });
        return answerIn(tx, wallet, request.transactionId);
      }
      const round = requireRound(await lockRound(tx.runner, vendorId, request.roundId), wallet);
      if (round.wins > 0 || round.status === 'closed') {
        throw new SeamlessRefusal(
          SeamlessErrorCode.ROLLBACK_REFUSED,
          'The round already paid a win or was ended: its bets stand.',
        );
      }
      const betWallet = { ...wallet, currency: bet.currency };
      const transferId = await tx.transfer({
        kind: 'bet_rollback',
        customerId: wallet.customerId,
        reference: `${vendorId}:${request.roundId}`,
        details: { vendor: vendorId, round: request.roundId, transaction: request.transactionId },
        ...(bet.transferId === null ? {} : { reversesTransferId: bet.transferId }),
        legs: [
          { account: houseOf(betWallet), amount: -bet.amount },
          { account: cashOf(betWallet), amount: bet.amount },
        ],
      });
      await record(tx, vendorId, betWallet, {
        kind: 'rollback',
        request,
        ...reference,
        amount: bet.amount,
        transferId,
      });
      await updateRound(tx.runner, round.id, { staked: -bet.amount, status: 'cancelled' });
      return answerIn(tx, wallet, request.transactionId);
    });
  }

  /** Closes a round: wins and bets on it are refused from now on. */
  private async endRound(vendorId: string, call: Parsed<'endRound'>): Promise<SeamlessAnswer> {
    const { request } = call;
    const wallet = await this.player(request.player);
    return this.write(vendorId, wallet, call, undefined, async (tx) => {
      await requireUnused(tx, vendorId, request.transactionId);
      const round = requireRound(await lockRound(tx.runner, vendorId, request.roundId), wallet);
      if (round.status === 'open') await updateRound(tx.runner, round.id, { status: 'closed' });
      await record(tx, vendorId, wallet, { kind: 'end', request });
      return answerIn(tx, wallet, request.transactionId);
    });
  }

  /** The ledger write of a call, its refusals in the vendor API's codes. */
  private async write(
    vendorId: string,
    wallet: WalletSession,
    call: { raw: Json; request: { transactionId: string } },
    lockKey: string | undefined,
    run: (tx: MoneyTx) => Promise<SeamlessAnswer>,
  ): Promise<SeamlessAnswer> {
    try {
      const { answer } = await this.ledger.write({
        merchantId: wallet.merchantId,
        source: `vendor:${vendorId}`,
        key: call.request.transactionId,
        request: call.raw,
        ...(lockKey === undefined ? {} : { lockKey }),
        run,
      });
      return answer;
    } catch (error) {
      throw translate(error);
    }
  }

  /** The player a vendor names (the id we gave it at launch) and the wallet currency of its merchant. */
  private async player(player: string): Promise<WalletSession> {
    const [row] = await this.db
      .select({ merchantId: customers.merchantId, currency: merchants.currency })
      .from(customers)
      .innerJoin(merchants, eq(merchants.id, customers.merchantId))
      .where(eq(customers.id, Number(player)));
    if (row === undefined) throw new SeamlessRefusal(SeamlessErrorCode.PLAYER_NOT_FOUND, 'No such player.');
    return { merchantId: row.merchantId, customerId: Number(player), currency: row.currency };
  }
}

type Parsed<Op extends SeamlessOperation> = { raw: Json; request: SeamlessRequest<Op> };

const cashOf = (wallet: WalletSession): AccountRef => ({
  kind: 'member_cash',
  currency: wallet.currency,
  customerId: wallet.customerId,
});

const houseOf = (wallet: WalletSession): AccountRef => ({
  kind: 'house',
  currency: wallet.currency,
  bucket: houseBucket(wallet.customerId),
});

function answer(wallet: WalletSession, balance: bigint, transactionId?: string): SeamlessAnswer {
  return {
    status: 'OK',
    player: String(wallet.customerId),
    currency: wallet.currency,
    balance: Number(balance),
    ...(transactionId === undefined ? {} : { transactionId }),
  };
}

async function answerIn(tx: MoneyTx, wallet: WalletSession, transactionId: string): Promise<SeamlessAnswer> {
  return answer(wallet, await tx.balance(cashOf(wallet)), transactionId);
}

function requireCurrency(asked: string, wallet: string): void {
  if (asked !== wallet) {
    throw new SeamlessRefusal(SeamlessErrorCode.CURRENCY_MISMATCH, `The player's wallet is in ${wallet}.`);
  }
}

/** A transaction id is used once per vendor, across merchants and calls. */
async function requireUnused(tx: MoneyTx, vendorId: string, transactionId: string): Promise<void> {
  if ((await findTransaction(tx.runner, vendorId, transactionId)) !== undefined) throw duplicateTransaction();
}

const duplicateTransaction = () =>
  new SeamlessRefusal(SeamlessErrorCode.DUPLICATE_TRANSACTION, 'This transaction id was already used.');

function requireRound(round: RoundRow | undefined, wallet: WalletSession): RoundRow {
  if (
    round === undefined ||
    round.merchantId !== wallet.merchantId ||
    round.customerId !== wallet.customerId
  ) {
    throw new SeamlessRefusal(SeamlessErrorCode.ROUND_NOT_FOUND, 'No round of this player has that id.');
  }
  return round;
}

function requirePlayable(round: RoundRow, wallet: WalletSession): void {
  requireRound(round, wallet);
  if (round.status === 'cancelled') {
    throw new SeamlessRefusal(SeamlessErrorCode.ROUND_CANCELLED, 'A bet of this round was rolled back.');
  }
  if (round.status === 'closed') {
    throw new SeamlessRefusal(SeamlessErrorCode.ROUND_CLOSED, 'This round is closed.');
  }
  if (round.currency !== wallet.currency) {
    throw new SeamlessRefusal(SeamlessErrorCode.CURRENCY_MISMATCH, `This round is in ${round.currency}.`);
  }
}

interface Recorded {
  kind: NewTransaction['kind'];
  request: { transactionId: string; roundId: string };
  referenceTransactionId?: string;
  tombstone?: boolean;
  amount?: bigint;
  transferId?: bigint | null;
}

function record(tx: MoneyTx, vendorId: string, wallet: WalletSession, row: Recorded): Promise<void> {
  return insertTransaction(tx.runner, {
    ...rowOf(vendorId, wallet, row),
    transferId: row.transferId ?? null,
  });
}

function rowOf(vendorId: string, wallet: WalletSession, row: Recorded): Omit<NewTransaction, 'transferId'> {
  return {
    vendorId,
    transactionId: row.request.transactionId,
    merchantId: wallet.merchantId,
    customerId: wallet.customerId,
    kind: row.kind,
    roundId: row.request.roundId,
    ...(row.referenceTransactionId === undefined
      ? {}
      : { referenceTransactionId: row.referenceTransactionId }),
    ...(row.tombstone === undefined ? {} : { tombstone: row.tombstone }),
    amount: row.amount ?? 0n,
    currency: wallet.currency,
  };
}
