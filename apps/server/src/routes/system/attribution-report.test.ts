import { TrackingErrorCode, type AttributionReport } from '@wps/contract/tracking';
import { endpoints } from '@wps/contract/endpoints';
import type { MarketingEvent } from '@wps/contract/schemas/tracking';
import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, marketingEvents, merchants } from '../../db/schema/index.js';
import { SessionStore } from '../../services/identity/index.js';
import { recordMovementEvents } from '../../services/tracking/movement-events.js';
import { AURORA, LOTUS, failure, get, plainPost, value } from '../../test/accounts.js';
import { backends, useTestApp } from '../../test/test-app.js';

const REPORT = { headers: { 'x-report-token': 'aurora-report-token-demo' } };
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

describe.each(backends)('the attribution report (%s)', (backend) => {
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

  it('the report: registrations, first deposits and conversion per affiliate, campaign and referral', async () => {
    const [aurora] = await t.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, 'aurora'));
    const [lotus] = await t.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.code, 'lotus'));
    const at = new Date('2026-03-10T12:00:00Z');
    const seed = (
      merchantId: number,
      username: string,
      affiliateCode: string | null,
      pixelTrack: Record<string, string> | null,
    ) => ({
      merchantId,
      username,
      passwordHash: 'x',
      affiliateCode,
      referralCode: affiliateCode ? `r-${affiliateCode}` : null,
      pixelTrack,
      createdAt: at,
    });
    const rows = await t.db
      .insert(customers)
      .values([
        seed(aurora?.id ?? 0, 'rep-a1', 'alpha', { fbc: 'fb.1.1.x' }),
        seed(aurora?.id ?? 0, 'rep-a2', 'alpha', { utm_source: 'spring' }),
        seed(aurora?.id ?? 0, 'rep-a3', 'alpha', null),
        seed(aurora?.id ?? 0, 'rep-b1', 'beta', { gtag: 'g' }),
        seed(aurora?.id ?? 0, 'rep-n1', null, null),
        seed(lotus?.id ?? 0, 'rep-l1', 'alpha', { fbc: 'fb.1.1.y' }),
        { ...seed(aurora?.id ?? 0, 'rep-late', 'alpha', null), createdAt: new Date('2026-04-02T00:00:00Z') },
      ])
      .returning({ id: customers.id, username: customers.username });
    const idOf = (name: string) => String(rows.find((row) => row.username === name)?.id);
    const deposit = (name: string) =>
      event({ name: 'firstDeposit', payload: { customerId: idOf(name), amount: 10 } });
    // A first deposit is money the ledger credited: the settlement records it (movement-events.ts).
    const credited = (name: string, movementId: string) =>
      recordMovementEvents(t.db, ['deposit', 'firstDepositArrival'], {
        merchantId: aurora?.id ?? 0,
        customerId: Number(idOf(name)),
        movementId,
        amountMinor: 1000n,
        currency: 'PHP',
        at,
      });
    // Events count for the member of the session they come with (the ping carries the token).
    const asMember = async (name: string, events: MarketingEvent[], host = AURORA) =>
      get(t.app, pingUrl(events), {
        host,
        token: await sessionOf(host === AURORA ? aurora?.id : lotus?.id, name),
      });
    await credited('rep-a1', 'pay-a1-000000001');
    await asMember('rep-a1', [event({ name: 'login', payload: { customerId: idOf('rep-a1') } })]);
    await credited('rep-b1', 'pay-b1-000000001');
    // A member's own session cannot send what only the ledger records: not stored, not counted.
    await asMember('rep-a3', [
      event({ name: 'firstDepositArrival', payload: { customerId: idOf('rep-a3'), amount: 10 } }),
      event({ name: 'deposit', payload: { customerId: idOf('rep-a3'), amount: 10 } }),
    ]);
    // A deposit claimed for rep-a2 without a session, or from rep-n1's session, counts for no one.
    await plainPost(t.app, endpoints.collect.path, { value: { events: [deposit('rep-a2')] } });
    await asMember('rep-n1', [deposit('rep-a2')]);

    const url = `${endpoints.attributionReport.path}?from=2026-03-01&to=2026-03-31`;
    const report = value<AttributionReport>(await get(t.app, url, REPORT));
    expect(report.totals).toEqual({ registrations: 5, firstDeposits: 2, events: 5 });
    expect(report.byAffiliate).toEqual([
      { key: 'alpha', registrations: 3, firstDeposits: 1, conversion: 0.3333, events: 3 },
      { key: '', registrations: 1, firstDeposits: 0, conversion: 0, events: 0 },
      { key: 'beta', registrations: 1, firstDeposits: 1, conversion: 1, events: 2 },
    ]);
    expect(report.byCampaign.map((row) => [row.key, row.registrations, row.firstDeposits])).toEqual([
      ['', 2, 0],
      ['google', 1, 1],
      ['meta', 1, 1],
      ['spring', 1, 0],
    ]);
    expect(report.byReferralCode.find((row) => row.key === 'r-alpha')?.registrations).toBe(3);

    const [flagged] = await t.db
      .select({ n: count() })
      .from(marketingEvents)
      .where(
        and(eq(marketingEvents.claimedCustomerRef, idOf('rep-a2')), isNull(marketingEvents.customerRef)),
      );
    expect(flagged?.n).toBe(2);
    // They happened now, not in March: today's report shows them flagged.
    const today = new Date().toISOString().slice(0, 10);
    const now = value<AttributionReport>(
      await get(t.app, `${endpoints.attributionReport.path}?from=${today}&to=${today}`, REPORT),
    );
    expect(now.flaggedFirstDeposits).toBeGreaterThanOrEqual(2);

    const lotusReport = await get(t.app, url, { host: LOTUS, ...REPORT });
    expect(failure(lotusReport)).toMatchObject({ status: 401, code: TrackingErrorCode.REPORT_TOKEN_INVALID });
  });

  it.each([
    ['no token', {}, 401],
    ['a wrong token', { headers: { 'x-report-token': 'guess' } }, 401],
  ])('the report refuses %s', async (_name, options, status) => {
    const response = await get(
      t.app,
      `${endpoints.attributionReport.path}?from=2026-03-01&to=2026-03-31`,
      options,
    );
    expect(failure(response)).toMatchObject({ status, code: TrackingErrorCode.REPORT_TOKEN_INVALID });
  });

  it.each([
    ['from after to', 'from=2026-03-02&to=2026-03-01'],
    ['over a year', 'from=2024-01-01&to=2026-03-01'],
    ['not a date', 'from=yesterday&to=2026-03-01'],
  ])('the report refuses %s with invalid_request', async (_name, query) => {
    const response = await get(t.app, `${endpoints.attributionReport.path}?${query}`, REPORT);
    expect(failure(response)).toMatchObject({ status: 400, code: 'invalid_request' });
  });
});
