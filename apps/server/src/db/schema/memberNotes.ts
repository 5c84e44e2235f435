import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MEMBER_NOTE_KINDS } from '@wps/contract/memberAdmin';
import { customers } from './identity.js';
import { merchants } from './merchants.js';
import { staffAccounts } from './staff.js';

/**
 * A member's notes (issue 30 item 7): what staff wrote about the member, and the reason of every
 * staff action on the account (lock, unlock, second-factor reset, sessions ended). Append-only: a
 * trigger (migration member_admin) refuses any UPDATE, so a note keeps its author, time and text.
 * The author's name is kept as written, so the note reads the same after the account is renamed.
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    staffName: text('staff_name').notNull(),
    kind: text('kind', { enum: MEMBER_NOTE_KINDS }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('member_notes_customer_idx').on(table.customerId, table.id),
    check('member_notes_body_length', sql`char_length(${table.body}) BETWEEN 1 AND 2000`),
  ],
);
