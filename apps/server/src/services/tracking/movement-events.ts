import { type SQL, sql } from 'drizzle-orm';
import { displayCurrencyCode } from '@wps/contract/constants';
import { formatAmount } from '@wps/contract/amounts';
import {
  DEPOSIT_CONTENT_ID,
  DEPOSIT_EVENTS,
  movementEventId,
  type ServerRecordedEvent,
} from '@wps/contract/tracking';
import type { TrackingEventPayload } from '@wps/contract/schemas/tracking';

/** What a money transaction's queries run on (the wallet's SqlRunner, structurally). */
interface Runner {
  execute(query: SQL): PromiseLike<unknown>;
}

export interface MovementFacts {
  merchantId: number;
  customerId: number;
  /** The deposit's or the withdrawal's id. */
  movementId: string;
  amountMinor: bigint;
  currency: string;
  at: Date;
}

/** The section 3 payload of a movement's event; deposit events carry content id 99. */
export function movementPayload(name: ServerRecordedEvent, facts: MovementFacts): TrackingEventPayload {
  const amount = Number(formatAmount(facts.amountMinor, facts.currency));
  const currency = displayCurrencyCode(facts.currency);
  const payload: TrackingEventPayload = {
    customerId: String(facts.customerId),
    amount,
    value: amount,
    revenue: amount,
    af_revenue: amount,
    currency,
    af_currency: currency,
  };
  if (DEPOSIT_EVENTS.includes(name)) payload.contentId = DEPOSIT_CONTENT_ID;
  return payload;
}

/**
 * Records the marketing events of a movement of money (spec section 9) inside the transaction that
 * moved it, so they exist exactly when the money moved: a deposit credited, a withdrawal requested.
 * Each has the id `movementEventId` gives, so a replay writes nothing new, and the first deposit is
 * kept once per member (a partial unique index; ON CONFLICT covers both).
 */
export async function recordMovementEvents(
  runner: Runner,
  names: readonly ServerRecordedEvent[],
  facts: MovementFacts,
): Promise<void> {
  for (const name of names) {
    const payload = JSON.stringify(movementPayload(name, facts));
    await runner.execute(
      // None for a member on a time-out or self-exclusion (issue 29): the money settles, marketing stops.
      sql`INSERT INTO marketing_events (merchant_id, event_id, name, customer_ref, payload, occurred_at, ip)
          SELECT ${facts.merchantId}, ${movementEventId(facts.movementId, name)}, ${name},
                 ${String(facts.customerId)}, ${payload}::jsonb, ${facts.at.toISOString()}::timestamptz, ''
          WHERE NOT EXISTS (SELECT 1 FROM customers WHERE id = ${facts.customerId}
                              AND break_until > ${facts.at.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING`,
    );
  }
}
