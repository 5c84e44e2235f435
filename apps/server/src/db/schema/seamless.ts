import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { merchants } from './merchants.js';

/* The seamless wallet (services/wallet/seamless, docs/decisions/seamless-wallet.md): the game vendors
 * that may call it, the session tokens handed to them at launch, the rounds they play and every
 * transaction they sent. The money itself moves in the ledger (wallet.ts); these rows are the
 * vendor's side of the story: what each transaction id was, so that rules across calls hold (a late
 * bet after its rollback, a win on a closed round). */

/** A game vendor allowed to call the wallet, with its signing secret sealed by the key-encryption key. */
export const seamlessVendors = pgTable('seamless_vendors', {
  id: text('id').primaryKey(),
  /** `KeyEncryptionKey.seal(secret, 'seamless-vendor:<id>')`. */
  secretSealed: text('secret_sealed').notNull(),
  createdAt: createdAt(),
});

/** A wallet session handed to a vendor at a member's launch: bets must carry its token. */
export const seamlessSessions = pgTable(
  'seamless_sessions',
  {
    /** SHA-256 of the token: the token itself is only with the vendor. */
    tokenHash: text('token_hash').primaryKey(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => seamlessVendors.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('seamless_sessions_expiry').on(table.expiresAt)],
);

export const SEAMLESS_ROUND_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type SeamlessRoundStatus = (typeof SEAMLESS_ROUND_STATUSES)[number];

/** A vendor's round, opened by its first bet. */
export const seamlessRounds = pgTable(
  'seamless_rounds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vendorId: text('vendor_id').notNull(),
    roundId: text('round_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    customerId: integer('customer_id').notNull(),
    currency: text('currency').notNull(),
    gameCode: text('game_code').notNull(),
    /** open, closed (ended, or a win closed it), cancelled (a bet was rolled back). */
    status: text('status', { enum: SEAMLESS_ROUND_STATUSES }).notNull().default('open'),
    staked: bigint('staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    won: bigint('won', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Wins settled (also those of 0): a rollback after a win is refused. */
    wins: integer('wins').notNull().default(0),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('seamless_rounds_vendor_round').on(table.vendorId, table.roundId),
    index('seamless_rounds_member').on(table.merchantId, table.customerId, table.id),
  ],
);

export const SEAMLESS_TRANSACTION_KINDS = ['bet', 'win', 'rollback', 'end'] as const;
export type SeamlessTransactionKind = (typeof SEAMLESS_TRANSACTION_KINDS)[number];

/**
 * Every transaction a vendor sent and we accepted, by its id (unique per vendor, across merchants).
 * Never updated or deleted (migration 0017's triggers refuse it), as the ledger's own rows.
 */
export const seamlessTransactions = pgTable(
  'seamless_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vendorId: text('vendor_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    customerId: integer('customer_id').notNull(),
    kind: text('kind', { enum: SEAMLESS_TRANSACTION_KINDS }).notNull(),
    roundId: text('round_id').notNull(),
    /** A rollback: the bet it reverses. */
    referenceTransactionId: text('reference_transaction_id'),
    /** A rollback of a bet we never saw: it stands for that bet, which is refused if it comes later. */
    tombstone: boolean('tombstone').notNull().default(false),
    /** Minor units moved (0 for a win of nothing, an end, a tombstone or a repeated rollback). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** The ledger transfer it posted, if it moved money. */
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('seamless_transactions_vendor_tx').on(table.vendorId, table.transactionId),
    index('seamless_transactions_reference').on(table.vendorId, table.referenceTransactionId),
  ],
);
