import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, withdrawals } from '../../db/schema/index.js';
import { failure, get, plainPost } from '../../test/accounts.js';
import { newLotusMember } from '../../test/cashier.js';
import { backends, useTestApp } from '../../test/test-app.js';

/** Inputs the schemas must refuse before a query sees them: a 4xx with an errorCode, never a 500. */
describe.each(backends)('the cashier’s calls with hostile input (%s)', (backend) => {
  const t = useTestApp(backend);
  const rows = async () => ({
    payments: (await t.db.select({ n: count() }).from(payments))[0]?.n ?? 0,
    withdrawals: (await t.db.select({ n: count() }).from(withdrawals))[0]?.n ?? 0,
  });

  // [case, GET path with its query]
  it.each([
    ['a page cursor past 2^63', '/wps/wallet/history?before=9999999999999999999'],
    ['a date that does not exist', '/wps/wallet/history?from=2026-02-30'],
    ['a date in another format', '/wps/wallet/history?to=30/11/2026'],
    ['a kind that is not one', '/wps/wallet/history?kind=jackpot'],
    ['a page size of 10,000', '/wps/wallet/history?pageSize=10000'],
    ['a deposit id with a quote', "/wps/wallet/deposit/abc'def12"],
  ])('GET refuses %s with a 400', async (_case, path) => {
    const member = await newLotusMember(t.app, 'Hostile');
    const answer = await get(t.app, path, member);
    expect(answer.statusCode).toBe(400);
    expect(failure(answer).code).toBe('invalid_request');
  });

  // [case, path, body]
  it.each([
    [
      'an account id past 2^31',
      '/wps/wallet/withdraw',
      { requestKey: 'hostile-key-0001', accountId: 99_999_999_999, amount: '100000' },
    ],
    [
      'an account id that is a fraction',
      '/wps/wallet/withdraw',
      { requestKey: 'hostile-key-0002', accountId: 1.5, amount: '100000' },
    ],
    [
      'a request key with spaces',
      '/wps/wallet/withdraw',
      { requestKey: 'a b c d e f g h', accountId: 1, amount: '100000' },
    ],
    [
      'an amount as a number',
      '/wps/wallet/deposit',
      { requestKey: 'hostile-key-0003', method: 'vietqr', amount: 100000 },
    ],
    [
      'an amount with a sign',
      '/wps/wallet/deposit',
      { requestKey: 'hostile-key-0004', method: 'vietqr', amount: '+100000' },
    ],
    ['an array body', '/wps/wallet/deposit', []],
  ])('POST refuses %s with a 400 and writes nothing', async (_case, path, body) => {
    const member = await newLotusMember(t.app, 'Hostile');
    const before = await rows();
    const answer = await plainPost(t.app, path, body, member);
    expect(answer.statusCode).toBe(400);
    expect(failure(answer).code).toBe('invalid_request');
    expect(await rows()).toEqual(before);
  });
});
