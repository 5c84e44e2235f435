import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { marketingEvents, merchants } from '../../db/schema/index.js';

/**
 * Server-to-server forwarding of marketing events to an ad platform's conversion API (issue 17),
 * behind a small interface. The one adapter is Meta's Conversions API, configured per merchant in
 * its server-only secrets (META_PIXEL_ID, META_CAPI_TOKEN, optionally META_CAPI_URL — a local fake in
 * tests). Merchants without them forward nothing.
 */

export interface ForwardedEvent {
  eventId: string;
  name: string;
  occurredAt: Date;
  customerRef: string | null;
  payload: Record<string, unknown>;
  clickIds: Record<string, string> | null;
  ip: string;
}

export interface ConversionForwarder {
  /** Resolves when the platform accepted every event; throws otherwise (they are tried again later). */
  forward(events: readonly ForwardedEvent[]): Promise<void>;
}

const META_EVENT_NAMES: Readonly<Record<string, string>> = {
  register: 'CompleteRegistration',
  registerSubmit: 'SubmitApplication',
  depositSubmit: 'InitiateCheckout',
  firstDeposit: 'Purchase',
  deposit: 'Purchase',
  redeposit: 'Purchase',
  firstDepositArrival: 'Purchase',
  viewContent: 'ViewContent',
  startTrial: 'StartTrial',
};

const sha256 = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest('hex');

/** Meta's event for one of ours (the Conversions API server event shape). */
export function metaServerEvent(event: ForwardedEvent): Record<string, unknown> {
  // An event the server wrote from the ledger has no client address (an empty ip).
  const userData: Record<string, unknown> = event.ip ? { client_ip_address: event.ip } : {};
  if (event.clickIds?.fbc) userData.fbc = event.clickIds.fbc;
  if (event.clickIds?.fbp) userData.fbp = event.clickIds.fbp;
  if (event.customerRef) userData.external_id = [sha256(event.customerRef)];
  const customData: Record<string, unknown> = {};
  if (typeof event.payload.currency === 'string') customData.currency = event.payload.currency;
  if (typeof event.payload.value === 'number') customData.value = event.payload.value;
  if (typeof event.payload.contentId === 'number') customData.content_ids = [String(event.payload.contentId)];
  return {
    event_name: META_EVENT_NAMES[event.name] ?? event.name,
    event_time: Math.floor(event.occurredAt.getTime() / 1000),
    event_id: event.eventId,
    action_source: 'website',
    user_data: userData,
    ...(Object.keys(customData).length > 0 ? { custom_data: customData } : {}),
  };
}

export class MetaConversionsApi implements ConversionForwarder {
  constructor(
    private readonly config: { pixelId: string; accessToken: string; baseUrl: string },
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async forward(events: readonly ForwardedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const url = `${this.config.baseUrl.replace(/\/$/, '')}/${encodeURIComponent(this.config.pixelId)}/events`;
    const response = await this.fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: events.map(metaServerEvent), access_token: this.config.accessToken }),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`conversion API answered ${response.status}`);
  }
}

/** The merchant's forwarder from its secrets, or null when it configured none. */
export function forwarderFromSecrets(secrets: Record<string, string>): ConversionForwarder | null {
  const pixelId = secrets.META_PIXEL_ID;
  const accessToken = secrets.META_CAPI_TOKEN;
  if (!pixelId || !accessToken) return null;
  return new MetaConversionsApi({
    pixelId,
    accessToken,
    baseUrl: secrets.META_CAPI_URL ?? 'https://graph.facebook.com/v23.0',
  });
}

/** Forwards the merchant's events not forwarded yet (oldest first, up to `limit`); answers how many. */
export async function forwardPending(
  db: Db,
  merchantId: number,
  forwarder?: ConversionForwarder | null,
  limit = 100,
): Promise<number> {
  let target = forwarder;
  if (target === undefined) {
    const [row] = await db
      .select({ secrets: merchants.secrets })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    target = row ? forwarderFromSecrets(row.secrets) : null;
  }
  if (target === null) return 0;
  const pending = await db
    .select()
    .from(marketingEvents)
    .where(and(eq(marketingEvents.merchantId, merchantId), isNull(marketingEvents.forwardedAt)))
    .orderBy(asc(marketingEvents.id))
    .limit(limit);
  if (pending.length === 0) return 0;
  await target.forward(pending);
  await db
    .update(marketingEvents)
    .set({ forwardedAt: new Date() })
    .where(
      inArray(
        marketingEvents.id,
        pending.map((row) => row.id),
      ),
    );
  return pending.length;
}
