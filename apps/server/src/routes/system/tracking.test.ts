import { ModuleId } from '@wps/contract/flags';
import { TransportHeader } from '@wps/contract/transport';
import { TrackingErrorCode } from '@wps/contract/tracking';
import { endpoints } from '@wps/contract/endpoints';
import type { MarketingEvent } from '@wps/contract/schemas/tracking';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, marketingEvents, merchants } from '../../db/schema/index.js';
import { SessionStore } from '../../services/identity/index.js';
import { attributionOf } from '../../services/tracking/events.js';
import {
  AURORA,
  LOTUS,
  captchaPass,
  failure,
  get,
  plainPost,
  registration,
  sealedPost,
  value,
} from '../../test/accounts.js';
import { backends, countCollectedEvents, useTestApp } from '../../test/test-app.js';

const REG = { headers: { [TransportHeader.moduleId]: ModuleId.REGISTER } };
import { newLotusMember } from '../../test/cashier.js';
import { memberTakesBreak } from '../../test/trust.js';

let serial = 0;

function event(overrides: Partial<MarketingEvent> = {}): MarketingEvent {
  serial += 1;
  return {
    id: `evt-${String(serial).padStart(8, '0')}`,
    name: 'login',
    time: Date.now(),
    payload: { customerId: '1', currency: 'PHP' },
    ...overrides,
  };
}

const pingUrl = (events: MarketingEvent[]) =>
  `${endpoints.ping.path}?events=${encodeURIComponent(JSON.stringify({ events }))}`;

describe('attributionOf: only the session names the member', () => {
  it.each([
    ['session, no claim', undefined, 7, { customerRef: '7', claimedCustomerRef: null }],
    ['session, empty claim', '', 7, { customerRef: '7', claimedCustomerRef: null }],
    ['session, its own id', '7', 7, { customerRef: '7', claimedCustomerRef: null }],
    ['session, another id (flagged)', '8', 7, { customerRef: null, claimedCustomerRef: '8' }],
    ['session, padded own id (not equal)', ' 7', 7, { customerRef: null, claimedCustomerRef: ' 7' }],
    ['no session, a claim (flagged)', '7', null, { customerRef: null, claimedCustomerRef: '7' }],
    ['no session, no claim', undefined, null, { customerRef: null, claimedCustomerRef: null }],
  ] as const)('%s', (_name, claimed, session, expected) => {
    expect(attributionOf(claimed, session)).toEqual(expected);
  });
});

describe.each(backends)('marketing events, attribution report (%s)', (backend) => {
  const t = useTestApp(backend);
  const sessionOf = async (merchantId: number | undefined, username: string) => {
    const [customer] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.merchantId, merchantId ?? 0), eq(customers.username, username)));
    return new SessionStore(t.db, 3_600_000, Date.now).create(t.db, {
      merchantId: merchantId ?? 0,
      customerId: customer?.id ?? 0,
      ip: '127.0.0.1',
      bindIp: false,
    });
  };

  async function stored(eventId: string, host = AURORA) {
    const code = host === AURORA ? 'aurora' : 'lotus';
    const [merchant] = await t.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, code));
    return t.db
      .select()
      .from(marketingEvents)
      .where(and(eq(marketingEvents.eventId, eventId), eq(marketingEvents.merchantId, merchant?.id ?? 0)));
  }

  it('a beacon (text/plain) stores its events; the same ids again by beacon or ping count once', async () => {
    const batch = [
      event({ name: 'firstOpen', payload: {} }),
      event({ name: 'depositSubmit', payload: { amount: 50, contentId: 99 } }),
    ];
    const beacon = await t.app.inject({
      method: 'POST',
      url: endpoints.collect.path,
      headers: { host: AURORA, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ merchant: 'aurora', value: { events: batch } }),
    });
    expect(beacon.statusCode).toBe(200);
    expect(value(await plainPost(t.app, endpoints.collect.path, { value: { events: batch } }))).toBeNull();
    const ping = await get(
      t.app,
      `${endpoints.ping.path}?events=${encodeURIComponent(JSON.stringify({ events: batch }))}`,
    );
    expect(value(ping)).toBeNull();
    for (const item of batch) expect(await stored(item.id)).toHaveLength(1);
    expect((await stored(batch[1]?.id ?? ''))[0]?.payload).toEqual({ amount: 50, contentId: 99 });
  });

  it('stores no event from a member on a time-out; the same member’s events count again after it', async () => {
    const member = await newLotusMember(t.app, 'Evt');
    const send = (item: MarketingEvent) =>
      plainPost(t.app, endpoints.collect.path, { value: { events: [item] } }, member);
    const before = event({ name: 'login', payload: {} });
    expect(value(await send(before))).toBeNull();
    expect(await stored(before.id, LOTUS)).toHaveLength(1);
    await memberTakesBreak(t.app, member, 'time_out', '24h');
    for (const name of ['login', 'depositSubmit', 'register'] as const) {
      const during = event({ name, payload: {} });
      expect(value(await send(during))).toBeNull();
      expect(await stored(during.id, LOTUS)).toHaveLength(0);
    }
  });

  it('merchant isolation: the same event id at another merchant is its own row', async () => {
    const shared = event();
    await plainPost(t.app, endpoints.collect.path, { value: { events: [shared] } });
    await plainPost(t.app, endpoints.collect.path, { value: { events: [shared] } }, { host: LOTUS });
    expect(await stored(shared.id, AURORA)).toHaveLength(1);
    expect(await stored(shared.id, LOTUS)).toHaveLength(1);
  });

  it.each<[string, unknown]>([
    ['an unknown event name', { events: [{ ...event(), name: 'purchase' }] }],
    ['a name of another type', { events: [{ ...event(), name: 7 }] }],
    ['an unknown payload field', { events: [{ ...event(), payload: { secret: 'x' } }] }],
    ['an amount as text', { events: [{ ...event(), payload: { amount: '10' } }] }],
    ['a negative amount', { events: [{ ...event(), payload: { amount: -1 } }] }],
    ['a currency that is not 3 letters', { events: [{ ...event(), payload: { currency: 'PESO' } }] }],
    ['an id too short', { events: [{ ...event(), id: 'x' }] }],
    ['an id with markup', { events: [{ ...event(), id: '<script>alert(1)</script>' }] }],
    ['a time far in the future', { events: [{ ...event(), time: 9_999_999_999_999 }] }],
    ['no events', { events: [] }],
    ['21 events', { events: Array.from({ length: 21 }, () => event()) }],
    ['events not a list', { events: 'login' }],
    ['an extra top-level key', { events: [event()], more: 1 }],
    [
      'too many click ids',
      {
        events: [
          { ...event(), clickIds: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'v'])) },
        ],
      },
    ],
  ])('refuses %s with tracking_event_invalid, stores nothing', async (_name, value) => {
    const before = await t.db.$count(marketingEvents);
    const response = await plainPost(t.app, endpoints.collect.path, { value });
    expect(failure(response)).toMatchObject({ status: 400, code: TrackingErrorCode.TRACKING_EVENT_INVALID });
    expect(await t.db.$count(marketingEvents)).toBe(before);
  });

  it.each([
    ['not JSON', 'not json', TrackingErrorCode.TRACKING_EVENT_INVALID],
    [
      'an unknown event',
      JSON.stringify({ events: [{ ...event(), name: 'hack' }] }),
      TrackingErrorCode.TRACKING_EVENT_INVALID,
    ],
    ['over 8 KB', 'x'.repeat(9000), 'invalid_request'],
  ])('the ping refuses %s', async (_name, events, code) => {
    const response = await get(t.app, `${endpoints.ping.path}?events=${encodeURIComponent(events)}`);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(failure(response).code).toBe(code);
  });

  it('a plain ping and a non-event collect value still answer (the latency report)', async () => {
    expect(value(await get(t.app, endpoints.ping.path))).toBeNull();
    const before = await countCollectedEvents(t.db);
    expect(
      value(
        await plainPost(t.app, endpoints.collect.path, {
          value: { kind: 'statusLatency', ms: 6100, url: '/m/home' },
        }),
      ),
    ).toBeNull();
    expect(await countCollectedEvents(t.db)).toBe(before + 1);
  });

  it('registration keeps affiliate, referral code, click ids and ad-tracking info', async () => {
    const response = await sealedPost(
      t.app,
      endpoints.register.path,
      registration({
        username: 'tracked01',
        password: 'Secret123',
        affiliateCode: 'aff7',
        referralCode: 'ref7',
        domain: 'aff7.localhost',
        pixelTrack: { fbc: 'fb.1.1763900000000.IwAR', gtag: 'G-1', utm_source: 'spring' },
        adTracking: { gpsAdid: 'gps-1', idfa: '' },
        ...(await captchaPass(t.app, t.db)),
      }),
      REG,
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.username, 'tracked01'));
    expect(row).toMatchObject({
      affiliateCode: 'aff7',
      referralCode: 'ref7',
      pixelTrack: { fbc: 'fb.1.1763900000000.IwAR', gtag: 'G-1', utm_source: 'spring' },
      adTracking: { gpsAdid: 'gps-1' },
    });
  });

  it('hostile: a first deposit claimed for another member is stored, flagged and never attributed', async () => {
    const [aurora] = await t.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, 'aurora'));
    const [lotus] = await t.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, 'lotus'));
    const made = await t.db
      .insert(customers)
      .values([
        { merchantId: aurora?.id ?? 0, username: 'claim-victim', passwordHash: 'x' },
        { merchantId: aurora?.id ?? 0, username: 'claim-thief', passwordHash: 'x' },
        { merchantId: lotus?.id ?? 0, username: 'claim-lotus', passwordHash: 'x' },
      ])
      .returning({ id: customers.id });
    const victim = String(made[0]?.id);
    const thief = String(made[1]?.id);
    const thiefToken = await sessionOf(aurora?.id, 'claim-thief');
    const lotusToken = await sessionOf(lotus?.id, 'claim-lotus');
    const cases: [
      string,
      MarketingEvent,
      string | undefined,
      { customerRef: string | null; claimedCustomerRef: string | null },
    ][] = [
      [
        'beacon, no session',
        event({ name: 'firstDeposit', payload: { customerId: victim } }),
        undefined,
        { customerRef: null, claimedCustomerRef: victim },
      ],
      [
        'ping with the thief session',
        event({ name: 'firstDeposit', payload: { customerId: victim } }),
        thiefToken,
        { customerRef: null, claimedCustomerRef: victim },
      ],
      [
        'a token that is no session',
        event({ name: 'firstDeposit', payload: { customerId: victim } }),
        'forged-token',
        { customerRef: null, claimedCustomerRef: victim },
      ],
      [
        'another merchant session',
        event({ name: 'firstDeposit', payload: { customerId: victim } }),
        lotusToken,
        { customerRef: null, claimedCustomerRef: victim },
      ],
      [
        'the thief session, no id',
        event({ name: 'firstDeposit', payload: {} }),
        thiefToken,
        { customerRef: thief, claimedCustomerRef: null },
      ],
      [
        'the thief session, own id',
        event({ name: 'depositSubmit', payload: { customerId: thief } }),
        thiefToken,
        { customerRef: thief, claimedCustomerRef: null },
      ],
    ];
    // A beacon sends no headers: its token rides in the body, with the same checks.
    const beaconCases: typeof cases = [
      [
        // (A second firstDeposit of the thief's would not be stored: once per member.)
        'beacon, the thief session in the body, own id',
        event({ name: 'depositSubmit', payload: { customerId: thief } }),
        thiefToken,
        { customerRef: thief, claimedCustomerRef: null },
      ],
      [
        'beacon, the thief session in the body, the victim named',
        event({ name: 'firstDeposit', payload: { customerId: victim } }),
        thiefToken,
        { customerRef: null, claimedCustomerRef: victim },
      ],
      [
        'beacon, a forged token in the body',
        event({ name: 'firstDeposit', payload: { customerId: victim } }),
        'forged-token',
        { customerRef: null, claimedCustomerRef: victim },
      ],
      [
        'beacon, another merchant session in the body',
        event({ name: 'firstDeposit', payload: { customerId: victim } }),
        lotusToken,
        { customerRef: null, claimedCustomerRef: victim },
      ],
    ];
    const sent = [
      ...cases.map((row) => [...row, 'ping'] as const),
      ...beaconCases.map((row) => [...row, 'beacon'] as const),
    ];
    for (const [name, item, token, expected, via] of sent) {
      const response =
        token === undefined
          ? await plainPost(t.app, endpoints.collect.path, { value: { events: [item] } })
          : via === 'beacon'
            ? await plainPost(t.app, endpoints.collect.path, { value: { events: [item] }, token })
            : await get(t.app, pingUrl([item]), { token });
      expect(response.statusCode, name).toBe(200);
      const [row] = await stored(item.id);
      expect({ customerRef: row?.customerRef, claimedCustomerRef: row?.claimedCustomerRef }, name).toEqual(
        expected,
      );
      // The payload keeps what the client sent.
      expect(row?.payload.customerId, name).toBe(item.payload.customerId);
    }
  });
});
