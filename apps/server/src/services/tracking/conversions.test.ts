import type { MarketingEvent } from '@wps/contract/schemas/tracking';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingEvents, merchants } from '../../db/schema/index.js';
import { serveFetchHandler, type FetchServer } from '../../test/fetch-server.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { forwardPending, metaServerEvent } from './conversions.js';
import { storeMarketingEvents } from './events.js';

interface Received {
  path: string;
  body: { data: Record<string, unknown>[]; access_token: string };
}

describe.each(backends)('conversion API forwarding (%s)', (backend) => {
  const t = useTestApp(backend);
  const received: Received[] = [];
  let fakeMeta: FetchServer;

  beforeAll(async () => {
    // A local stand-in speaking the Conversions API: POST /<pixel>/events, { data, access_token }.
    fakeMeta = await serveFetchHandler(async (request) => {
      received.push({
        path: new URL(request.url).pathname,
        body: (await request.json()) as Received['body'],
      });
      return Response.json({ events_received: 1 });
    });
  });
  afterAll(() => fakeMeta.close());

  async function aurora() {
    const [row] = await t.db.select().from(merchants).where(eq(merchants.code, 'aurora'));
    if (!row) throw new Error('aurora');
    return row;
  }

  it("maps an event to Meta's server event (hashed external id, click cookies, value, content id)", () => {
    expect(
      metaServerEvent({
        eventId: 'evt-1',
        name: 'firstDeposit',
        occurredAt: new Date(1_763_900_000_123),
        customerRef: '42',
        payload: { currency: 'PHP', value: 100, contentId: 99, customerName: 'alice' },
        clickIds: { fbc: 'fb.1.1.abc', fbp: 'fb.1.1.123', gclid: 'g' },
        ip: '203.0.113.9',
      }),
    ).toEqual({
      event_name: 'Purchase',
      event_time: 1_763_900_000,
      event_id: 'evt-1',
      action_source: 'website',
      user_data: {
        client_ip_address: '203.0.113.9',
        fbc: 'fb.1.1.abc',
        fbp: 'fb.1.1.123',
        external_id: ['73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049'],
      },
      custom_data: { currency: 'PHP', value: 100, content_ids: ['99'] },
    });
  });

  it('an event the server wrote from the ledger sends no client address', () => {
    const event = metaServerEvent({
      eventId: 'm_AbCdEfGhIjKlMnOp_firstDepositArrival',
      name: 'firstDepositArrival',
      occurredAt: new Date(1_763_900_000_123),
      customerRef: '42',
      payload: { currency: 'PHP', value: 100, contentId: 99 },
      clickIds: null,
      ip: '',
    });
    expect(event.user_data).toEqual({
      external_id: ['73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049'],
    });
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: 'm_AbCdEfGhIjKlMnOp_firstDepositArrival',
    });
  });

  it('a merchant without configuration forwards nothing', async () => {
    expect(await forwardPending(t.db, (await aurora()).id)).toBe(0);
  });

  it('configured: new events reach the fake API once, with the token; a failure keeps them for later', async () => {
    const merchant = await aurora();
    await t.db
      .update(merchants)
      .set({
        secrets: {
          ...merchant.secrets,
          META_PIXEL_ID: 'px1',
          META_CAPI_TOKEN: 'capi-token',
          META_CAPI_URL: fakeMeta.url,
        },
      })
      .where(eq(merchants.id, merchant.id));
    // Whatever earlier tests stored is not this test's business.
    await t.db
      .update(marketingEvents)
      .set({ forwardedAt: new Date() })
      .where(isNull(marketingEvents.forwardedAt));

    fakeMeta.fault = 'status500';
    const event: MarketingEvent = {
      id: 'capi-0001',
      name: 'register',
      time: Date.now(),
      payload: { customerId: '7' },
    };
    // Stored by the service (the route would also forward in the background, racing this test).
    expect(await storeMarketingEvents(t.db, merchant.id, [event], '203.0.113.9')).toBe(1);
    await expect(forwardPending(t.db, merchant.id)).rejects.toThrow('500');
    const [kept] = await t.db.select().from(marketingEvents).where(eq(marketingEvents.eventId, 'capi-0001'));
    expect(kept?.forwardedAt).toBeNull();

    fakeMeta.fault = 'none';
    received.length = 0;
    expect(await forwardPending(t.db, merchant.id)).toBe(1);
    expect(await forwardPending(t.db, merchant.id)).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/px1/events');
    expect(received[0]?.body.access_token).toBe('capi-token');
    expect(received[0]?.body.data).toEqual([
      expect.objectContaining({ event_name: 'CompleteRegistration', event_id: 'capi-0001' }),
    ]);
  });
});
