import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { formatAmount, WalletErrorCode } from '@wps/contract/amounts';
import type { Db } from '../../db/client.js';
import type { AccountKind } from '../../db/schema/wallet.js';
import { DomainError } from '../errors.js';
import { bigintArray, isRetryableConflict, rowsOf, type SqlRunner } from './sql.js';

/**
 * The double-entry ledger (docs/decisions/ledger.md). Every money write is one `write`: one database
 * transaction, keyed by (merchant, source, idempotency key), that posts transfers of balanced entries.
 * A repeat of the same request replays the stored answer; the same key with another request is
 * `idempotency_conflict`; a refusal rolls everything back, so it writes nothing.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface AccountRef {
  kind: AccountKind;
  currency: string;
  /** The member of member_cash and member_bonus accounts; omitted (0) for the merchant's own. */
  customerId?: number;
  /** House accounts only: which of the merchant's buckets (see `houseBucket`). */
  bucket?: number;
}

export interface Leg {
  account: AccountRef;
  /** Signed minor units; positive credits the account. */
  amount: bigint;
}

export interface TransferInput {
  kind: string;
  /** The member the movement concerns, for the history. */
  customerId?: number;
  reference?: string;
  details?: Record<string, string>;
  reversesTransferId?: bigint;
  legs: Leg[];
  /**
   * Rows written in the transfer's own statement (a round trip less): data-modifying statements
   * given the new transfer's id as an SQL expression. Their failure fails the transfer.
   */
  alongside?: (transferId: SQL) => SQL[];
}

export interface MoneyWrite<Answer extends Json> {
  merchantId: number;
  source: string;
  key: string;
  /** What makes two requests the same: hashed canonically. */
  request: Json;
  /**
   * The text of the advisory lock that serialises writes of this key, when the caller holds one of its
   * own that every write with this (merchant, source, key) takes too (the seamless wallet's lock on a
   * vendor's transaction id): one lock instead of two. Defaults to the key itself.
   */
  lockKey?: string;
  run(tx: MoneyTx): Promise<Answer>;
}

export interface WriteResult<Answer> {
  answer: Answer;
  /** True when the answer is the stored one of an earlier identical request. */
  replayed: boolean;
}

/** House accounts per merchant and currency: bets of different members do not queue on one row. */
export const HOUSE_BUCKETS = 16;
export const houseBucket = (customerId: number): number => customerId % HOUSE_BUCKETS;

/** Kinds whose balance may never go below zero (the member's money, and money held for them). */
const NEVER_NEGATIVE: ReadonlySet<AccountKind> = new Set([
  'member_cash',
  'member_bonus',
  'withdrawals_pending',
]);
const MAX_ATTEMPTS = 4; // the first try and at most 3 retries after a deadlock

export function requestHash(request: Json): string {
  return createHash('sha256').update(canonicalJson(request)).digest('base64url');
}

function canonicalJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] ?? null)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function accountKey(merchantId: number, ref: AccountRef): string {
  return `${merchantId}:${ref.kind}:${ref.currency}:${ref.customerId ?? 0}:${ref.bucket ?? 0}`;
}

export interface LedgerHooks {
  /** After a commit that moved members' money: the members whose balances changed. */
  afterCommit?(merchantId: number, customerIds: readonly number[]): void;
  /**
   * PostgreSQL: a notification each transfer sends from its own statement (`pg_notify`, which the
   * server delivers at the commit and drops at a rollback), instead of a statement of its own after
   * the commit; afterCommit is then not called.
   */
  notifyInTransfer?: { channel: string; payload(merchantId: number, customerIds: readonly number[]): string };
}

export class Ledger {
  /** Account ids learnt from committed transactions: accounts are never deleted, so they never go stale. */
  private readonly accountIds = new Map<string, bigint>();

  constructor(
    private readonly db: Db,
    private readonly hooks: LedgerHooks = {},
  ) {}

  async write<Answer extends Json>(write: MoneyWrite<Answer>): Promise<WriteResult<Answer>> {
    const hash = requestHash(write.request);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.attempt(write, hash);
      } catch (error) {
        // A duplicate committed first: the next attempt sees its row and replays it (once is enough).
        if (error instanceof DuplicateCommitted && attempt <= MAX_ATTEMPTS) continue;
        if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(error)) throw error;
      }
    }
  }

  /** A money transaction's reads: the cached balance of an account (0 when it does not exist yet). */
  async balance(merchantId: number, ref: AccountRef): Promise<bigint> {
    const [row] = await rowsOf<{ balance: string }>(
      this.db,
      sql`SELECT balance::text AS balance FROM wallet_accounts
          WHERE merchant_id = ${merchantId} AND kind = ${ref.kind} AND currency = ${ref.currency}
            AND customer_id = ${ref.customerId ?? 0} AND bucket = ${ref.bucket ?? 0}`,
    );
    return row === undefined ? 0n : BigInt(row.balance);
  }

  private async attempt<Answer extends Json>(
    write: MoneyWrite<Answer>,
    hash: string,
  ): Promise<WriteResult<Answer>> {
    let moneyTx: MoneyTx | null = null;
    const result = await this.db.transaction(async (tx) => {
      // One round trip: the key's lock (one writer per key at a time) and the key's stored answer.
      const [stored] = await rowsOf<{ request_hash: string | null; answer: Answer | null }>(
        tx,
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${write.lockKey ?? JSON.stringify([write.merchantId, write.source, write.key])}, 0)) AS locked,
                   r.request_hash, r.answer
            FROM (VALUES (1)) AS one LEFT JOIN wallet_requests r
              ON r.merchant_id = ${write.merchantId} AND r.source = ${write.source} AND r.idempotency_key = ${write.key}`,
      );
      if (stored?.request_hash != null) {
        if (stored.request_hash !== hash) {
          throw new DomainError(
            WalletErrorCode.IDEMPOTENCY_CONFLICT,
            'This request key was already used for a different request.',
          );
        }
        return { answer: stored.answer as Answer, replayed: true };
      }
      // The lookup's snapshot was taken before the lock was granted, so a duplicate that committed while
      // this one waited for the lock is not in it: such a duplicate is found below, before this write
      // can answer (its refusal or its insert), and the write is rolled back and replays it.
      moneyTx = new MoneyTx(tx, write.merchantId, this.accountIds, this.hooks.notifyInTransfer);
      let answer: Answer;
      try {
        answer = await write.run(moneyTx);
      } catch (error) {
        if (await storedNow(tx, write).catch(() => false)) throw new DuplicateCommitted();
        throw error;
      }
      const inserted = await rowsOf<{ id: string }>(
        tx,
        sql`INSERT INTO wallet_requests (merchant_id, source, idempotency_key, request_hash, answer, transfer_ids)
            VALUES (${write.merchantId}, ${write.source}, ${write.key}, ${hash}, ${JSON.stringify(answer)}::jsonb,
                    ${bigintArray(moneyTx.transferIds)}::bigint[])
            ON CONFLICT (merchant_id, source, idempotency_key) DO NOTHING RETURNING id::text AS id`,
      );
      if (inserted.length === 0) throw new DuplicateCommitted();
      return { answer, replayed: false };
    });
    const committed = moneyTx as MoneyTx | null;
    if (committed !== null) {
      for (const [key, id] of committed.learntAccounts) this.accountIds.set(key, id);
      if (committed.members.size > 0 && this.hooks.notifyInTransfer === undefined) {
        this.hooks.afterCommit?.(write.merchantId, [...committed.members]);
      }
    }
    return result;
  }
}

/** Thrown inside a write's transaction to roll it back and replay the duplicate that committed first. */
class DuplicateCommitted extends Error {}

/** Whether the key's request is stored, in a fresh snapshot (the key's lock is held). */
async function storedNow(tx: SqlRunner, write: MoneyWrite<Json>): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM wallet_requests
        WHERE merchant_id = ${write.merchantId} AND source = ${write.source} AND idempotency_key = ${write.key}`,
  );
  return rows.length > 0;
}

interface LockedRow {
  id: string;
  kind: AccountKind;
  customer_id: number;
  currency: string;
  balance: string;
}

interface LockedAccount {
  id: bigint;
  kind: AccountKind;
  customerId: number;
  currency: string;
  balance: bigint;
}

/** The inside of one money transaction: accounts, locks and transfers, all on its one connection. */
export class MoneyTx {
  readonly transferIds: bigint[] = [];
  readonly learntAccounts = new Map<string, bigint>();
  readonly members = new Set<number>();
  private readonly locked = new Map<bigint, LockedAccount>();

  constructor(
    /** The transaction's connection, for the wallet's other tables (payments, withdrawals). */
    readonly runner: SqlRunner,
    readonly merchantId: number,
    private readonly knownAccounts: ReadonlyMap<string, bigint>,
    private readonly notify?: LedgerHooks['notifyInTransfer'],
  ) {}

  async accountId(ref: AccountRef): Promise<bigint> {
    const key = accountKey(this.merchantId, ref);
    const known = this.knownAccounts.get(key) ?? this.learntAccounts.get(key);
    if (known !== undefined) return known;
    const customerId = ref.customerId ?? 0;
    const bucket = ref.bucket ?? 0;
    const [created] = await rowsOf<{ id: string }>(
      this.runner,
      sql`INSERT INTO wallet_accounts (merchant_id, currency, kind, customer_id, bucket)
          VALUES (${this.merchantId}, ${ref.currency}, ${ref.kind}, ${customerId}, ${bucket})
          ON CONFLICT (merchant_id, kind, currency, customer_id, bucket) DO NOTHING RETURNING id::text AS id`,
    );
    const row =
      created ??
      (
        await rowsOf<{ id: string }>(
          this.runner,
          sql`SELECT id::text AS id FROM wallet_accounts
              WHERE merchant_id = ${this.merchantId} AND kind = ${ref.kind} AND currency = ${ref.currency}
                AND customer_id = ${customerId} AND bucket = ${bucket}`,
        )
      )[0];
    if (row === undefined) throw new Error('wallet account vanished while it was being created');
    const id = BigInt(row.id);
    this.learntAccounts.set(key, id);
    return id;
  }

  /** One after the other: queries on one connection are not sent while another is in flight (pg 9 refuses). */
  private async accountIds(refs: readonly AccountRef[]): Promise<bigint[]> {
    const ids: bigint[] = [];
    for (const ref of refs) ids.push(await this.accountId(ref));
    return ids;
  }

  /** Locks the accounts (in id order, with those already held) and answers their balances. */
  async lock(refs: readonly AccountRef[]): Promise<bigint[]> {
    const ids = await this.accountIds(refs);
    const missing = [...new Set(ids.filter((id) => !this.locked.has(id)))].sort((a, b) => (a < b ? -1 : 1));
    if (missing.length > 0) {
      const rows = await rowsOf<LockedRow>(
        this.runner,
        sql`SELECT id::text AS id, kind, customer_id, currency, balance::text AS balance FROM wallet_accounts
            WHERE id = ANY(${bigintArray(missing)}::bigint[]) ORDER BY id FOR UPDATE`,
      );
      for (const row of rows) this.hold(row);
    }
    return ids.map((id) => this.lockedAccount(id).balance);
  }

  async balance(ref: AccountRef): Promise<bigint> {
    const [balance] = await this.lock([ref]);
    return balance ?? 0n;
  }

  /** Posts one balanced transfer; refuses (and so rolls back the write) when a member would go negative. */
  async transfer(input: TransferInput): Promise<bigint> {
    const ids = await this.accountIds(input.legs.map((leg) => leg.account));
    const byAccount = new Map<bigint, bigint>();
    input.legs.forEach((leg, index) => {
      const id = ids[index] as bigint;
      byAccount.set(id, (byAccount.get(id) ?? 0n) + leg.amount);
    });
    for (const [id, amount] of byAccount) if (amount === 0n) byAccount.delete(id);
    // The lock stays a statement of its own: merged into the write below (a round trip less), a race
    // with a concurrent commit let the check and the update see different balances, and the
    // property tests' races caught a member balance below zero.
    await this.lock(input.legs.map((leg) => leg.account));
    const sums = new Map<string, bigint>();
    for (const [id, amount] of byAccount) {
      const account = this.lockedAccount(id);
      sums.set(account.currency, (sums.get(account.currency) ?? 0n) + amount);
    }
    if (byAccount.size < 2 || [...sums.values()].some((sum) => sum !== 0n)) {
      throw new Error(`unbalanced transfer ${input.kind}`);
    }
    for (const [id, amount] of byAccount) {
      const account = this.lockedAccount(id);
      if (NEVER_NEGATIVE.has(account.kind) && account.balance + amount < 0n) {
        throw new DomainError(WalletErrorCode.INSUFFICIENT_FUNDS, 'The balance does not cover this amount.', {
          currency: account.currency,
          balance: formatAmount(account.balance, account.currency),
        });
      }
    }
    const accountIds = [...byAccount.keys()];
    const amounts = accountIds.map((id) => byAccount.get(id) as bigint);
    const members = [...new Set(accountIds.map((id) => this.lockedAccount(id).customerId))].filter(
      (customerId) => customerId !== 0,
    );
    // A CTE that nothing reads is not run: the final SELECT joins the notification's one row.
    const notified =
      this.notify === undefined || members.length === 0
        ? sql``
        : sql`, notified AS (SELECT pg_notify(${this.notify.channel}, ${this.notify.payload(this.merchantId, members)}) AS sent)`;
    const notifiedJoin = this.notify === undefined || members.length === 0 ? sql`` : sql`, notified`;
    const alongside = sql.join(
      (input.alongside?.(sql`(SELECT id FROM t)`) ?? []).map(
        (each, index) => sql`, ${sql.raw(`alongside${index}`)} AS (${each})`,
      ),
    );
    const rows = await rowsOf<{ transfer_id: string; account_id: string; balance_after: string }>(
      this.runner,
      sql`WITH t AS (
            INSERT INTO wallet_transfers (merchant_id, kind, reverses_transfer_id, customer_id, reference, details)
            VALUES (${this.merchantId}, ${input.kind}, ${input.reversesTransferId?.toString() ?? null}::bigint,
                    ${input.customerId ?? 0}, ${input.reference ?? ''}, ${JSON.stringify(input.details ?? {})}::jsonb)
            RETURNING id
          ), moved AS (
            UPDATE wallet_accounts a SET balance = a.balance + v.amount
            FROM unnest(${bigintArray(accountIds)}::bigint[], ${bigintArray(amounts)}::bigint[]) AS v(id, amount)
            WHERE a.id = v.id
            RETURNING a.id, a.currency, v.amount, a.balance
          )${alongside}${notified}
          INSERT INTO wallet_entries (transfer_id, account_id, currency, amount, balance_after)
          SELECT t.id, moved.id, moved.currency, moved.amount, moved.balance FROM t, moved${notifiedJoin}
          RETURNING transfer_id::text AS transfer_id, account_id::text AS account_id, balance_after::text AS balance_after`,
    );
    for (const row of rows) this.lockedAccount(BigInt(row.account_id)).balance = BigInt(row.balance_after);
    for (const customerId of members) this.members.add(customerId);
    const transferId = BigInt((rows[0] as { transfer_id: string }).transfer_id);
    this.transferIds.push(transferId);
    return transferId;
  }

  /** Takes in a row this transaction locked. */
  private hold(row: LockedRow): void {
    const id = BigInt(row.id);
    this.locked.set(id, {
      id,
      kind: row.kind,
      customerId: row.customer_id,
      currency: row.currency,
      balance: BigInt(row.balance),
    });
  }

  private lockedAccount(id: bigint): LockedAccount {
    const account = this.locked.get(id);
    if (account === undefined) throw new Error(`wallet account ${id} is not locked`);
    return account;
  }
}
