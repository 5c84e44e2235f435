import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { merchants } from './merchants.js';

/* The ledger (services/wallet, docs/decisions/ledger.md): accounts with a cached balance, transfers of
 * balanced entries that are never updated or deleted (migration 0016's triggers refuse it), and the
 * idempotency record of every money write. Amounts are bigint minor units. */

/**
 * What an account is for. Member accounts (cash, bonus) never go below zero; the merchant's own
 * accounts are the other side of every movement and may (house buckets pay wins, psp clearing is owed
 * by the provider until it settles).
 */
export const ACCOUNT_KINDS = [
  'member_cash',
  'member_bonus',
  'house',
  'psp_clearing',
  'withdrawals_pending',
  'bonus_pool',
  'adjustments',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    currency: text('currency').notNull(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    /** The member of a member account; 0 for the merchant's own accounts. */
    customerId: integer('customer_id').notNull().default(0),
    /** House accounts are spread over buckets so concurrent bets do not queue on one row. */
    bucket: integer('bucket').notNull().default(0),
    /** Cached sum of the account's entries; the only mutable money column (verified by `verify`). */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('wallet_accounts_identity').on(
      table.merchantId,
      table.kind,
      table.currency,
      table.customerId,
      table.bucket,
    ),
    index('wallet_accounts_member').on(table.merchantId, table.customerId),
    check(
      'wallet_accounts_member_not_negative',
      sql`${table.kind} NOT IN ('member_cash', 'member_bonus', 'withdrawals_pending') OR ${table.balance} >= 0`,
    ),
    check('wallet_accounts_currency_format', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** One money write per (merchant, source, key): its request's hash and the answer it got. */
export const walletRequests = pgTable(
  'wallet_requests',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Who keys it: `member:<id>`, `psp:<provider>`, `vendor:<id>`, `staff:<id>`, `system`. */
    source: text('source').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the canonical request; the same key with another hash is `idempotency_conflict`. */
    requestHash: text('request_hash').notNull(),
    /** The stored answer, replayed to a repeat. */
    answer: jsonb('answer').$type<unknown>().notNull(),
    /** The transfers the request posted (written last, in the same transaction). */
    transferIds: bigint('transfer_ids', { mode: 'bigint' }).array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('wallet_requests_key').on(table.merchantId, table.source, table.idempotencyKey)],
);

export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** deposit, bet, win, rollback, bonus, withdrawal_hold, withdrawal_paid, withdrawal_return, ... */
    kind: text('kind').notNull(),
    /** A correction names the transfer it reverses. */
    reversesTransferId: bigint('reverses_transfer_id', { mode: 'bigint' }),
    /** The member it concerns (history), 0 for none. */
    customerId: integer('customer_id').notNull().default(0),
    /** Reference shown in the history (payment id, round id, withdrawal id). */
    reference: text('reference').notNull().default(''),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('wallet_transfers_member').on(table.merchantId, table.customerId, table.id)],
);

export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'bigint' })
      .notNull()
      .references(() => walletTransfers.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => walletAccounts.id),
    currency: text('currency').notNull(),
    /** Signed minor units: positive credits the account. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    index('wallet_entries_transfer').on(table.transferId),
    index('wallet_entries_account').on(table.accountId, table.id),
    check('wallet_entries_not_zero', sql`${table.amount} <> 0`),
  ],
);
