import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/* The back office's reports (issue 30 item 10, docs/decisions/reports-rollups.md): daily rollups the
 * reports read instead of the ledger, kept current by a rollup job with a watermark per source. */

/**
 * One measure of one merchant on one UTC day, per its dimensions (an empty string where a metric has
 * none): `count` events and `amount` minor units moved (the sum of the transfer's credit legs).
 *
 * metric: a ledger transfer's kind (deposit, bet, win, bet_rollback, bonus, bonus_release,
 * bonus_forfeit, withdrawal_hold, withdrawal_paid, withdrawal_return, adjustment), or
 * `first_deposit`, `registration`, `intervention`. vendor and game: a seamless round's; affiliate and
 * campaign: the member's attribution (registrations, first deposits); for interventions vendor holds
 * the action and game who asked (member, staff, system).
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    currency: text('currency').notNull().default(''),
    vendor: text('vendor').notNull().default(''),
    game: text('game').notNull().default(''),
    affiliate: text('affiliate').notNull().default(''),
    campaign: text('campaign').notNull().default(''),
    count: bigint('count', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    primaryKey({
      name: 'report_daily_pk',
      columns: [
        table.merchantId,
        table.day,
        table.metric,
        table.currency,
        table.vendor,
        table.game,
        table.affiliate,
        table.campaign,
      ],
    }),
  ],
);

/** How far the rollup job has read each source table (by id): moved in the same transaction as the sums. */
export const reportWatermarks = pgTable('report_watermarks', {
  source: text('source').primaryKey(),
  lastId: bigint('last_id', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});
