import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DepositMethodKind, PaymentAction, PaymentState } from '@wps/contract/cashier';
import { createdAt } from './columns.js';
import { merchants } from './merchants.js';

/* The cashier (services/wallet, issue 28): the merchant's payment providers and methods, the
 * members' deposits and the providers' callbacks already handled. The money itself is in the
 * ledger (wallet.ts); these rows are the payments' state, which does change. */

/** A merchant's account with a payment provider: where its API is, and its secrets sealed at rest. */
export const paymentProviders = pgTable(
  'payment_providers',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The adapter: `demo` (services/wallet/providers). */
    provider: text('provider').notNull(),
    /** The provider's API; `standin://demopay` is answered in process by the development stand-in. */
    apiBase: text('api_base').notNull(),
    /** The API key and the callbacks' signing secret, sealed with the key-encryption key (AAD `psp:<merchant>:<provider>`). */
    secretsSealed: text('secrets_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.provider] })],
);

export const cashierMethods = pgTable(
  'cashier_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    code: text('code').notNull(),
    direction: text('direction', { enum: ['deposit', 'withdraw'] }).notNull(),
    kind: text('kind').$type<DepositMethodKind>().notNull(),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** ISO country codes the method is offered in; empty: everywhere the merchant serves. */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    dailyMax: bigint('daily_max', { mode: 'bigint' }).notNull(),
    presets: bigint('presets', { mode: 'bigint' }).array().notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [
    uniqueIndex('cashier_methods_code').on(table.merchantId, table.direction, table.code),
    check('cashier_methods_limits', sql`0 < ${table.minAmount} AND ${table.minAmount} <= ${table.maxAmount}`),
  ],
);

/** Deposit bonuses a member may attach: percent of the deposit, capped, with a turnover to wager. */
export const depositBonusOffers = pgTable(
  'deposit_bonus_offers',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    code: text('code').notNull(),
    percent: integer('percent').notNull(),
    maxBonus: bigint('max_bonus', { mode: 'bigint' }).notNull(),
    turnoverMultiplier: integer('turnover_multiplier').notNull(),
    /** Only a member's first successful deposit qualifies. */
    firstDepositOnly: boolean('first_deposit_only').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.code] })],
);

export const payments = pgTable(
  'payments',
  {
    /** Public reference (random, URL-safe); also the provider's merchant reference. */
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerId: integer('customer_id').notNull(),
    methodCode: text('method_code').notNull(),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    bonusCode: text('bonus_code'),
    state: text('state').$type<PaymentState>().notNull().default('pending'),
    providerRef: text('provider_ref'),
    action: jsonb('action').$type<PaymentAction>(),
    firstDeposit: boolean('first_deposit').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('payments_member').on(table.merchantId, table.customerId, table.createdAt),
    uniqueIndex('payments_provider_ref').on(table.provider, table.providerRef),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Callback events already handled, by the provider's event id: a redelivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: text('payment_id').notNull(),
    receivedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** A bonus credited with its turnover requirement (issue 28 item 7). */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerId: integer('customer_id').notNull(),
    paymentId: text('payment_id').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' }).notNull(),
    wagered: bigint('wagered', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    state: text('state', { enum: ['active', 'met', 'forfeited'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  (table) => [index('bonus_grants_member').on(table.merchantId, table.customerId)],
);

/** The member's name for payouts, set when the first account is bound: every account must carry it. */
export const payoutHolders = pgTable(
  'payout_holders',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerId: integer('customer_id').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.customerId] })],
);

/** Bank accounts and e-wallets a member withdraws to. */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerId: integer('customer_id').notNull(),
    kind: text('kind', { enum: ['bank', 'ewallet'] }).notNull(),
    bankCode: text('bank_code').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payout_accounts_number').on(
      table.merchantId,
      table.customerId,
      table.bankCode,
      table.accountNumber,
    ),
  ],
);

export const WITHDRAWAL_STATES = ['review', 'paying', 'paid', 'rejected', 'failed', 'unknown'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/**
 * A withdrawal: its money is held (member → withdrawals_pending) from the request; paid out on
 * approval, returned on a rejection or a definite failure, and held while the outcome is unknown.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerId: integer('customer_id').notNull(),
    payoutAccountId: integer('payout_account_id')
      .notNull()
      .references(() => payoutAccounts.id),
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: text('state', { enum: WITHDRAWAL_STATES }).notNull().default('review'),
    /** Staff who approved; above the merchant's threshold two different people must. */
    approvedBy: integer('approved_by')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    rejectedBy: integer('rejected_by'),
    reason: text('reason'),
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('withdrawals_member').on(table.merchantId, table.customerId, table.createdAt),
    index('withdrawals_state').on(table.merchantId, table.state),
    check('withdrawals_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** A merchant's cashier rules that are not per method. */
export const cashierSettings = pgTable('cashier_settings', {
  merchantId: integer('merchant_id')
    .primaryKey()
    .references(() => merchants.id),
  /** A withdrawal above this (minor units) needs a second approver. */
  secondApprovalAbove: bigint('second_approval_above', { mode: 'bigint' }).notNull(),
});

export const ADJUSTMENT_STATES = ['proposed', 'posted', 'declined'] as const;

/**
 * A manual adjustment of a member's cash (issue 30 item 8): one staff member proposes it with a
 * reason; it reaches the ledger (one balanced transfer against the merchant's `adjustments` account)
 * only when a second, different staff member approves. A correction is another adjustment that
 * reverses a posted one, never an edit of it.
 */
export const cashierAdjustments = pgTable(
  'cashier_adjustments',
  {
    id: text('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    customerId: integer('customer_id').notNull(),
    currency: text('currency').notNull(),
    /** Signed minor units: positive credits the member, negative debits. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ADJUSTMENT_STATES }).notNull().default('proposed'),
    proposedBy: integer('proposed_by').notNull(),
    decidedBy: integer('decided_by'),
    declineReason: text('decline_reason'),
    /** The posted adjustment this one reverses; each may be reversed once (a declined proposal aside). */
    reverses: text('reverses'),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('cashier_adjustments_state').on(table.merchantId, table.state, table.createdAt),
    // One live correction per adjustment: a declined proposal does not block another.
    uniqueIndex('cashier_adjustments_reverses')
      .on(table.reverses)
      .where(sql`${table.state} <> 'declined'`),
    check('cashier_adjustments_amount_nonzero', sql`${table.amount} <> 0`),
    check(
      'cashier_adjustments_two_people',
      sql`${table.decidedBy} IS NULL OR ${table.state} <> 'posted' OR ${table.decidedBy} <> ${table.proposedBy}`,
    ),
  ],
);
