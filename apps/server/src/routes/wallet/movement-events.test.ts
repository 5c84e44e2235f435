import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DepositView, PayoutAccountView, WithdrawalView } from '@wps/contract/cashier';
import { endpoints } from '@wps/contract/endpoints';
import type { MarketingEvent } from '@wps/contract/schemas/tracking';
import { movementEventId } from '@wps/contract/tracking';
import { marketingEvents } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { get, LOTUS, plainPost, sealedPost, value, type CallOptions } from '../../test/accounts.js';
import { fundedLotusMember, newLotusMember, providerRefOf, settledDeposit } from '../../test/cashier.js';
import { backends, useTestApp } from '../../test/test-app.js';
import { memberTakesBreak } from '../../test/trust.js';

/**
 * The marketing events of money that moved (spec section 9, issue 28): recorded by the server in the
 * transaction that moved it, once, with content id 99 on the deposit events; the first deposit once
 * per member; a client cannot add one.
 */

let serial = 0;
const key = (prefix: string) => `${prefix}-${process.pid}-${(serial += 1)}-abcdef`;

function clientEvent(name: MarketingEvent['name'], customerId: number): MarketingEvent {
  serial += 1;
  return {
    id: `client-${process.pid}-${serial}`.padEnd(12, '0'),
    name,
    time: Date.now(),
    payload: { customerId: String(customerId), amount: 100, currency: 'VND' },
  };
}

describe.each(backends)('marketing events of money (%s)', (backend) => {
  const t = useTestApp(backend);
  const eventsOf = async (customerId: number) =>
    t.db
      .select({
        eventId: marketingEvents.eventId,
        name: marketingEvents.name,
        payload: marketingEvents.payload,
      })
      .from(marketingEvents)
      .where(eq(marketingEvents.customerRef, String(customerId)))
      .orderBy(asc(marketingEvents.id));
  const namesOf = async (customerId: number) => (await eventsOf(customerId)).map((event) => event.name);
  const deposit = async (member: CallOptions, amount: string, outcome: 'succeeded' | 'failed') => {
    const created = value<DepositView>(
      await plainPost(
        t.app,
        '/wps/wallet/deposit',
        { requestKey: key('dep'), method: 'vietqr', amount },
        member,
      ),
    );
    await t.app.inject({
      method: 'POST',
      url: `/stand-ins/demopay/pay/${await providerRefOf(t.db, created.id)}`,
      headers: { host: LOTUS, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
    return settledDeposit(t.app, member, created.id);
  };
  const ping = (member: CallOptions, events: MarketingEvent[]) =>
    get(t.app, `${endpoints.ping.path}?events=${encodeURIComponent(JSON.stringify({ events }))}`, member);

  it('a deposit started before a time-out is credited during it without a marketing event', async () => {
    const member = await newLotusMember(t.app, 'Brk');
    const created = value<DepositView>(
      await plainPost(
        t.app,
        '/wps/wallet/deposit',
        { requestKey: key('brk'), method: 'vietqr', amount: '100000' },
        member,
      ),
    );
    await memberTakesBreak(t.app, member, 'time_out', '24h');
    await t.app.inject({
      method: 'POST',
      url: `/stand-ins/demopay/pay/${await providerRefOf(t.db, created.id)}`,
      headers: { host: LOTUS, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeeded',
    });
    expect((await settledDeposit(t.app, member, created.id)).state).toBe('success');
    expect(await namesOf(member.customerId)).toEqual([]);
  });
  it('a first deposit credited: deposit and firstDepositArrival, with content id 99, the amount and the currency', async () => {
    const member = await newLotusMember(t.app);
    const created = value<DepositView>(
      await plainPost(
        t.app,
        '/wps/wallet/deposit',
        { requestKey: key('dep'), method: 'vietqr', amount: '150000' },
        member,
      ),
    );
    // Asked for, not paid: no money moved, no event.
    expect(await namesOf(member.customerId)).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: `/stand-ins/demopay/pay/${await providerRefOf(t.db, created.id)}`,
      headers: { host: LOTUS, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeeded',
    });
    expect((await settledDeposit(t.app, member, created.id)).state).toBe('success');
    const events = await eventsOf(member.customerId);
    expect(events.map((event) => [event.eventId, event.name])).toEqual([
      [movementEventId(created.id, 'deposit'), 'deposit'],
      [movementEventId(created.id, 'firstDepositArrival'), 'firstDepositArrival'],
    ]);
    expect(events[0]?.payload).toEqual({
      customerId: String(member.customerId),
      amount: 150000,
      value: 150000,
      revenue: 150000,
      af_revenue: 150000,
      currency: 'VND',
      af_currency: 'VND',
      contentId: 99,
    });
  });

  it.each([
    ['a second deposit credited', ['succeeded'], ['deposit', 'redeposit']],
    ['a failed deposit', ['failed'], []],
    ['a failed one, then one credited', ['failed', 'succeeded'], ['deposit', 'redeposit']],
  ] as const)('after a first deposit, %s: %j', async (_case, outcomes, expected) => {
    const member = await fundedLotusMember(t.app, t.db, '100000');
    for (const outcome of outcomes) await deposit(member, '100000', outcome);
    expect((await namesOf(member.customerId)).slice(2)).toEqual(expected);
  });

  it('a withdrawal requested: one withdraw event, also when the request is sent again', async () => {
    const member = await fundedLotusMember(t.app, t.db, '1000000');
    const account = value<PayoutAccountView>(
      await sealedPost(
        t.app,
        '/wps/wallet/payout-accounts',
        {
          kind: 'bank',
          bankCode: 'VCB',
          accountName: 'Nguyen Van A',
          accountNumber: '0123456789',
          password: DEMO_PASSWORD,
        },
        member,
      ),
    );
    const body = { requestKey: key('wd'), accountId: account.id, amount: '300000', forfeitBonus: false };
    const first = value<WithdrawalView>(await plainPost(t.app, '/wps/wallet/withdraw', body, member));
    value<WithdrawalView>(await plainPost(t.app, '/wps/wallet/withdraw', body, member));
    const withdraws = (await eventsOf(member.customerId)).filter((event) => event.name === 'withdraw');
    expect(withdraws.map((event) => event.eventId)).toEqual([movementEventId(first.id, 'withdraw')]);
    expect(withdraws[0]?.payload).toMatchObject({ amount: 300000, currency: 'VND' });
    expect(withdraws[0]?.payload).not.toHaveProperty('contentId');
  });

  it.each([['deposit'], ['redeposit'], ['firstDepositArrival'], ['withdraw']] as const)(
    'a member’s own session sending %s stores nothing',
    async (name) => {
      const member = await newLotusMember(t.app);
      expect((await ping(member, [clientEvent(name, member.customerId)])).statusCode).toBeLessThan(300);
      expect(await namesOf(member.customerId)).toEqual([]);
    },
  );

  it('firstDeposit (the first deposit asked for) counts once per member, also sent at the same moment', async () => {
    const member = await newLotusMember(t.app);
    await Promise.all([
      ping(member, [clientEvent('firstDeposit', member.customerId)]),
      ping(member, [clientEvent('firstDeposit', member.customerId)]),
    ]);
    await ping(member, [
      clientEvent('firstDeposit', member.customerId),
      clientEvent('depositSubmit', member.customerId),
    ]);
    expect(await namesOf(member.customerId)).toEqual(['firstDeposit', 'depositSubmit']);
    // Another member's first deposit is theirs.
    const other = await newLotusMember(t.app);
    await ping(other, [clientEvent('firstDeposit', other.customerId)]);
    const rows = await t.db
      .select({ name: marketingEvents.name })
      .from(marketingEvents)
      .where(
        and(
          eq(marketingEvents.name, 'firstDeposit'),
          eq(marketingEvents.customerRef, String(other.customerId)),
        ),
      );
    expect(rows).toHaveLength(1);
  });
});
