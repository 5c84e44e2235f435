import { isServerRecordedEvent, TrackingErrorCode } from '@wps/contract/tracking';
import type { EndpointParsed } from '@wps/contract/endpoints';
import { type MarketingEvent, marketingBatchSchema } from '@wps/contract/schemas/tracking';
import type { Db } from '../../db/client.js';
import { and, eq, gt } from 'drizzle-orm';
import { customers, marketingEvents } from '../../db/schema/index.js';
import { DomainError } from '../errors.js';
import { storeCollectedEvent } from '../system/collect.js';

/**
 * Marketing events (issue 17) arriving by beacon (/wps/system/collect, value `{ events }`) or by the
 * ping fallback (/wps/system/test/ping?events=<json>). Each is checked against spec section 9's names
 * and section 3's payload, and stored once per merchant and event id: a beacon and its fallback, or a
 * retry after a lost answer, count once.
 */

function invalid(detail: string): DomainError {
  return new DomainError(TrackingErrorCode.TRACKING_EVENT_INVALID, `Invalid tracking event. ${detail}`);
}

/** The batch, or a refusal naming the first wrong field (never echoing its value). */
export function parseBatch(value: unknown): MarketingEvent[] {
  const parsed = marketingBatchSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(issue ? `${issue.path.join('.') || 'events'}: ${issue.code}` : 'Malformed.');
  }
  return parsed.data.events;
}

/**
 * Who an event is attributed to. A client can write any customer id in its payload, so only the
 * session the event came with counts: with a session and no id, or the session's own id, the event
 * is the session member's; an id naming someone else, or any id without a session, is kept as a
 * flagged claim (`claimedCustomerRef`) and attributed to no one (a queued event of a member who
 * signed out, or a forged first deposit, never credits a member).
 */
export function attributionOf(
  claimed: string | undefined,
  sessionCustomerId: number | null,
): { customerRef: string | null; claimedCustomerRef: string | null } {
  const session = sessionCustomerId === null ? null : String(sessionCustomerId);
  const claim = claimed === undefined || claimed === '' ? null : claimed;
  if (session !== null && (claim === null || claim === session))
    return { customerRef: session, claimedCustomerRef: null };
  return { customerRef: null, claimedCustomerRef: claim };
}

/**
 * Stores the events not stored before; answers how many were new. A client's copy of an event the
 * server records from the ledger (a deposit credited, a withdrawal) is not stored: the browser sends
 * it to the ad pixels only, and a forged one must not count. A second first deposit of a member is
 * not stored either (a partial unique index: the first one stays).
 */
export async function storeMarketingEvents(
  db: Db,
  merchantId: number,
  events: readonly MarketingEvent[],
  ip: string,
  sessionCustomerId: number | null = null,
): Promise<number> {
  const fromClient = events.filter((event) => !isServerRecordedEvent(event.name));
  if (fromClient.length === 0) return 0;
  // A member on a time-out or self-exclusion is not marketed to (issue 29): their events are dropped.
  if (sessionCustomerId !== null && (await onBreak(db, sessionCustomerId))) return 0;
  const rows = await db
    .insert(marketingEvents)
    .values(
      fromClient.map((event) => ({
        merchantId,
        eventId: event.id,
        name: event.name,
        ...attributionOf(event.payload.customerId, sessionCustomerId),
        payload: { ...event.payload },
        clickIds: event.clickIds ?? null,
        occurredAt: new Date(event.time),
        ip,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: marketingEvents.id });
  return rows.length;
}

async function onBreak(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), gt(customers.breakUntil, new Date())));
  return row !== undefined;
}

function carriesEvents(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'events' in value;
}

/** A collect beacon: marketing events are checked and de-duplicated; any other value is kept as sent. */
export async function ingestCollect(
  db: Db,
  merchantId: number,
  body: EndpointParsed<'collect'>,
  ip: string,
  sessionCustomerId: number | null = null,
): Promise<number> {
  if (carriesEvents(body.value))
    return storeMarketingEvents(db, merchantId, parseBatch(body.value), ip, sessionCustomerId);
  await storeCollectedEvent(db, merchantId, body, ip);
  return 0;
}

/** The ping: without events it only answers; with them, the beacon's checks and de-duplication. */
export async function ingestPing(
  db: Db,
  merchantId: number,
  eventsJson: string | undefined,
  ip: string,
  sessionCustomerId: number | null = null,
): Promise<number> {
  if (eventsJson === undefined || eventsJson === '') return 0;
  let value: unknown;
  try {
    value = JSON.parse(eventsJson);
  } catch {
    throw invalid('events is not JSON.');
  }
  return storeMarketingEvents(db, merchantId, parseBatch(value), ip, sessionCustomerId);
}
