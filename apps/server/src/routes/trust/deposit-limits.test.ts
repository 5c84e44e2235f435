import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { BalanceView } from '@wps/contract/money';
import type { DepositView } from '@wps/contract/cashier';
import { failure, get, LOTUS, plainPost, value, type CallOptions } from '../../test/accounts.js';
import { newLotusMember, providerRefOf, settledDeposit } from '../../test/cashier.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { useSharedApps } from '../../test/shared-apps.js';
import { backends, useTestApp } from '../../test/test-app.js';
import type { Db } from '../../db/client.js';

let keys = 0;
const requestKey = () => `dl-${process.pid}-${(keys += 1)}-abcdef`;

const deposit = (app: FastifyInstance, as: CallOptions, amount: string) =>
  plainPost(app, '/wps/wallet/deposit', { requestKey: requestKey(), method: 'vietqr', amount }, as);
const setLimit = async (app: FastifyInstance, as: CallOptions, type: string, amount: string) =>
  value(await plainPost(app, '/wps/rg/limits', { type, amount }, as));

async function pay(
  app: FastifyInstance,
  db: Db,
  as: CallOptions,
  id: string,
  outcome: 'succeeded' | 'failed',
) {
  await app.inject({
    method: 'POST',
    url: `/stand-ins/demopay/pay/${await providerRefOf(db, id)}`,
    headers: { host: LOTUS, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  return settledDeposit(app, as, id);
}

/**
 * Fires `count` deposits of `amount` at once (spread over `apps`), pays every accepted one, and
 * answers how many were accepted, the refusals' codes and the cash credited.
 */
async function race(apps: FastifyInstance[], db: Db, member: CallOptions, count: number, amount: string) {
  const appOf = (index: number) => apps[index % apps.length] as FastifyInstance;
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) => deposit(appOf(index), member, amount)),
  );
  let accepted = 0;
  const refused: Array<ReturnType<typeof failure>> = [];
  for (const [index, answer] of answers.entries()) {
    if (answer.statusCode !== 200) {
      refused.push(failure(answer));
      continue;
    }
    accepted += 1;
    // Paid on the instance that created it: its provider stand-in is in that process.
    await pay(appOf(index), db, member, value<DepositView>(answer).id, 'succeeded');
  }
  const balance = value<BalanceView>(await get(apps[0] as FastifyInstance, '/wps/wallet/balance', member));
  return { accepted, refused, cash: balance.cash };
}

describe.each(backends)('deposit limits (%s)', (backend) => {
  const t = useTestApp(backend);

  it('lets 50 concurrent deposits credit no more than the limit', async () => {
    const member = await newLotusMember(t.app, 'Race');
    await setLimit(t.app, member, 'deposit_day', '1000000');
    const outcome = await race([t.app], t.db, member, 50, '100000');
    expect(outcome.accepted).toBe(10);
    expect(outcome.cash).toBe('1000000');
    expect(outcome.refused).toHaveLength(40);
    for (const refusal of outcome.refused) {
      expect(refusal).toMatchObject({
        status: 409,
        code: 'rg_limit_reached',
        data: { type: 'deposit_day', limit: '1000000' },
      });
    }
    // The next deposit, however small, is refused, and says when the room comes back.
    const next = failure(await deposit(t.app, member, '50000'));
    expect(next).toMatchObject({ code: 'rg_limit_reached', data: { used: '1000000', left: '0' } });
    const resetsAt = Date.parse((next.data as { resetsAt: string }).resetsAt);
    expect(resetsAt - Date.now()).toBeGreaterThan(23 * 60 * MINUTE);
    expect(resetsAt - Date.now()).toBeLessThanOrEqual(24 * 60 * MINUTE);
  });

  it('names the limit with the least room when several apply', async () => {
    const member = await newLotusMember(t.app, 'Many');
    await setLimit(t.app, member, 'deposit_day', '1000000');
    await setLimit(t.app, member, 'deposit_week', '300000');
    await setLimit(t.app, member, 'deposit_month', '2000000');
    value(await deposit(t.app, member, '200000'));
    expect(failure(await deposit(t.app, member, '150000'))).toMatchObject({
      status: 409,
      code: 'rg_limit_reached',
      data: { type: 'deposit_week', limit: '300000', used: '200000', left: '100000' },
    });
    value(await deposit(t.app, member, '100000'));
  });

  it('gives the room back when a payment fails', async () => {
    const member = await newLotusMember(t.app, 'Fail');
    await setLimit(t.app, member, 'deposit_day', '300000');
    const first = value<DepositView>(await deposit(t.app, member, '200000'));
    expect(failure(await deposit(t.app, member, '200000')).code).toBe('rg_limit_reached');
    expect((await pay(t.app, t.db, member, first.id, 'failed')).state).toBe('failed');
    value(await deposit(t.app, member, '200000'));
  });

  it('counts only this member’s deposits', async () => {
    const member = await newLotusMember(t.app, 'Own');
    const other = await newLotusMember(t.app, 'Other');
    await setLimit(t.app, member, 'deposit_day', '100000');
    value(await deposit(t.app, other, '500000'));
    value(await deposit(t.app, member, '100000'));
  });
});

describe.each(backends)('a pending deposit holds its room until it expires (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  it('gives the room back 30 minutes later, when the payment expires', async () => {
    clock.set(TestClock.START);
    const member = await newLotusMember(t.app, 'Exp');
    await setLimit(t.app, member, 'deposit_day', '300000');
    value(await deposit(t.app, member, '200000'));
    clock.advance(29 * MINUTE);
    expect(failure(await deposit(t.app, member, '200000')).code).toBe('rg_limit_reached');
    clock.advance(2 * MINUTE);
    value(await deposit(t.app, member, '200000'));
  });
});

describe.runIf(backends.includes('postgres'))('deposit limits across two server instances', () => {
  const shared = useSharedApps('postgres', 2);

  it('lets 50 concurrent deposits through two instances credit no more than the limit', async () => {
    const member = await newLotusMember(shared.apps[0] as FastifyInstance, 'Two');
    await setLimit(shared.apps[1] as FastifyInstance, member, 'deposit_day', '700000');
    const outcome = await race(shared.apps, shared.db, member, 50, '100000');
    expect(outcome.accepted).toBe(7);
    expect(outcome.cash).toBe('700000');
    expect(outcome.refused.every((refusal) => refusal.code === 'rg_limit_reached')).toBe(true);
  });
});
