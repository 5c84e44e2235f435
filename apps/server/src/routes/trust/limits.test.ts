import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIMIT_TYPES, type LimitType, type ResponsibleGamingStatus } from '@wps/contract/trust';
import { rowsOf } from '../../db/raw.js';
import { failure, get, plainPost, value, type CallOptions } from '../../test/accounts.js';
import { newLotusMember, signInAgain } from '../../test/cashier.js';
import { HOUR, TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

/** Lotus runs under the MGA-like profile: 24 hours of cooling-off, 7 days to confirm. */
const COOLING = 24 * HOUR;
const WINDOW = 168 * HOUR;

/** Amounts per type: VND for money limits, minutes for the session. */
const LOW: Record<LimitType, string> = Object.fromEntries(
  LIMIT_TYPES.map((type) => [type, type === 'session_time' ? '60' : '500000']),
) as Record<LimitType, string>;
const HIGH: Record<LimitType, string> = Object.fromEntries(
  LIMIT_TYPES.map((type) => [type, type === 'session_time' ? '120' : '900000']),
) as Record<LimitType, string>;

describe.each(backends)('limits a member sets, under a controlled clock (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });
  const status = async (as: CallOptions) => value<ResponsibleGamingStatus>(await get(t.app, '/wps/rg', as));
  const limitOf = (view: ResponsibleGamingStatus, type: LimitType) =>
    view.limits.find((limit) => limit.type === type);
  const set = (as: CallOptions, type: LimitType, amount: string | null) =>
    plainPost(t.app, '/wps/rg/limits', { type, amount }, as);
  const confirm = (as: CallOptions, type: LimitType) =>
    plainPost(t.app, '/wps/rg/limits/confirm', { type }, as);
  const cancel = (as: CallOptions, type: LimitType) =>
    plainPost(t.app, '/wps/rg/limits/cancel', { type }, as);

  it.each(LIMIT_TYPES)(
    '%s: set, lower at once, raise after the cooling-off, remove, cancel',
    async (type) => {
      clock.set(TestClock.START);
      let member = await newLotusMember(t.app, 'Lim');
      expect(limitOf(await status(member), type)).toMatchObject({ amount: null, parked: null });

      // A first limit and a lower one apply at once.
      expect(limitOf(value(await set(member, type, HIGH[type])), type)?.amount).toBe(HIGH[type]);
      expect(limitOf(value(await set(member, type, LOW[type])), type)).toMatchObject({
        amount: LOW[type],
        parked: null,
      });

      // A raise is parked: the limit stays, confirming early is refused.
      const parked = limitOf(value(await set(member, type, HIGH[type])), type);
      expect(parked?.amount).toBe(LOW[type]);
      expect(parked?.parked).toEqual({
        amount: HIGH[type],
        requestedAt: new Date(TestClock.START).toISOString(),
        confirmableFrom: new Date(TestClock.START + COOLING).toISOString(),
        confirmableUntil: new Date(TestClock.START + COOLING + WINDOW).toISOString(),
      });
      clock.advance(COOLING - 1);
      member = await signInAgain(t.app, member);
      expect(failure(await confirm(member, type))).toMatchObject({
        status: 409,
        code: 'rg_change_not_ready',
        data: { reason: 'cooling_off' },
      });
      clock.advance(1);
      member = await signInAgain(t.app, member);
      expect(limitOf(value(await confirm(member, type)), type)).toMatchObject({
        amount: HIGH[type],
        parked: null,
      });

      // A removal is parked too; cancelling it keeps the limit.
      expect(limitOf(value(await set(member, type, null)), type)?.parked?.amount).toBeNull();
      expect(limitOf(value(await cancel(member, type)), type)).toMatchObject({
        amount: HIGH[type],
        parked: null,
      });

      // A removal confirmed too late lapses; asked again and confirmed in time, the limit goes.
      await set(member, type, null);
      clock.advance(COOLING + WINDOW + 1);
      // Days later: a new session (a session-time limit ended the old one).
      member = await signInAgain(t.app, member);
      expect(failure(await confirm(member, type))).toMatchObject({ data: { reason: 'lapsed' } });
      expect(limitOf(await status(member), type)).toMatchObject({ amount: HIGH[type], parked: null });
      await set(member, type, null);
      clock.advance(COOLING);
      member = await signInAgain(t.app, member);
      expect(limitOf(value(await confirm(member, type)), type)).toMatchObject({ amount: null, parked: null });

      // Every request is in the trust audit, refusals too, after the registration's terms acceptance.
      const audit = await rowsOf<{ action: string; outcome: string }>(
        t.db,
        sql`SELECT action, effect->>'outcome' AS outcome FROM trust_audit WHERE customer_id = ${member.customerId} ORDER BY id`,
      );
      expect(audit.map((row) => `${row.action}:${row.outcome}`)).toEqual([
        'terms.accept:null',
        'limit.set:applied',
        'limit.set:applied',
        'limit.set:parked',
        'limit.confirm:refused',
        'limit.confirm:applied',
        'limit.set:parked',
        'limit.cancel:cancelled',
        'limit.set:parked',
        'limit.confirm:refused',
        'limit.set:parked',
        'limit.confirm:applied',
      ]);
    },
  );

  it('keeps the lowest of concurrent lowers and parks a raise, whatever the order', async () => {
    clock.set(TestClock.START);
    const member = await newLotusMember(t.app, 'Race');
    await set(member, 'deposit_week', '1000000');
    const lowers = ['900000', '700000', '800000', '600000', '950000'];
    const raises = ['2000000', '3000000', '1500000'];
    const answers = await Promise.all(
      [...lowers, ...raises, ...lowers.slice(0, 2)].map((amount) => set(member, 'deposit_week', amount)),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const limit = limitOf(await status(member), 'deposit_week');
    // The lowest applies whatever the order (nothing lower comes after it); anything higher waits.
    expect(limit?.amount).toBe('600000');
    expect(limit?.parked === null || Number(limit?.parked?.amount) > 600000).toBe(true);
    const [audit] = await rowsOf<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM trust_audit WHERE customer_id = ${member.customerId}`,
    );
    // The registration's terms acceptance, then each of the 11 requests.
    expect(audit?.n).toBe(1 + 11);
  });

  it.each([
    ['a negative amount', { type: 'deposit_day', amount: '-5' }],
    ['zero', { type: 'deposit_day', amount: '0' }],
    ['digits VND cannot hold', { type: 'deposit_day', amount: '10.5' }],
    ['an unknown type', { type: 'deposit_year', amount: '100' }],
    ['a session of 4 minutes', { type: 'session_time', amount: '4' }],
    ['a session of a fraction', { type: 'session_time', amount: '30.5' }],
    ['a session over a day', { type: 'session_time', amount: '1441' }],
    ['an amount as a number', { type: 'deposit_day', amount: 100 }],
    ['an object', { type: 'deposit_day', amount: { $gt: 0 } }],
  ])('refuses %s and changes nothing', async (_name, body) => {
    const member = await newLotusMember(t.app, 'Bad');
    const answer = failure(await plainPost(t.app, '/wps/rg/limits', body, member));
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_request');
    expect((await status(member)).limits.every((limit) => limit.amount === null)).toBe(true);
  });

  it('answers only a signed-in member', async () => {
    expect(failure(await get(t.app, '/wps/rg', { host: 'lotus.localhost' })).status).toBe(401);
    expect(
      failure(await set({ host: 'lotus.localhost', token: 'not-a-token' }, 'deposit_day', '100')).status,
    ).toBe(401);
  });
});
