import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DepositOptions, DepositView, HistoryPage, ReconciliationReport } from '@wps/contract/cashier';
import { staffCall, staffSignIn } from '../../test/chat.js';
import type { BalanceView } from '@wps/contract/money';
import { payments } from '../../db/schema/index.js';
import { vi as VI_MESSAGES } from '../../i18n/messages/vi.js';
import { ledgerHolds, verifyLedger } from '../../services/wallet/index.js';
import { failure, get, plainPost, value, type CallOptions } from '../../test/accounts.js';
import {
  newLotusMember,
  postCallback,
  providerRefOf,
  settledDeposit,
  signedCallback,
  webhookSecret,
} from '../../test/cashier.js';
import { backends, merchantRow, useTestApp } from '../../test/test-app.js';

let keys = 0;
const requestKey = () => `key-${process.pid}-${(keys += 1)}-abcdef`;

describe.each(backends)('the cashier (%s)', (backend) => {
  const t = useTestApp(backend);
  const balance = async (as: CallOptions) => value<BalanceView>(await get(t.app, '/wps/wallet/balance', as));
  const deposit = (as: CallOptions, body: Record<string, unknown>) =>
    plainPost(t.app, '/wps/wallet/deposit', { requestKey: requestKey(), method: 'vietqr', ...body }, as);
  const payOnPage = (providerRef: string, outcome: 'succeeded' | 'failed') =>
    t.app.inject({
      method: 'POST',
      url: `/stand-ins/demopay/pay/${providerRef}`,
      headers: { host: 'lotus.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
  const paymentCount = async () => (await t.db.select({ n: count() }).from(payments))[0]?.n ?? 0;

  it('shows a new member an empty wallet and the merchant’s methods, presets and bonuses', async () => {
    const member = await newLotusMember(t.app);
    expect(await balance(member)).toEqual({ currency: 'VND', cash: '0', bonus: '0', held: '0' });
    const options = value<DepositOptions>(await get(t.app, '/wps/wallet/deposit/options', member));
    expect(options.methods.map((method) => [method.code, method.kind, method.min, method.dailyLeft])).toEqual(
      [
        ['vietqr', 'vietqr', '50000', '100000000'],
        ['bank', 'bank_transfer', '100000', '200000000'],
        ['ewallet', 'hosted', '50000', '50000000'],
      ],
    );
    expect(options.methods[0]?.presets).toEqual(['100000', '200000', '500000', '1000000']);
    expect(options.bonuses.map((bonus) => [bonus.code, bonus.percent, bonus.turnoverMultiplier])).toEqual([
      ['WELCOME100', 100, 10],
      ['RELOAD10', 10, 5],
    ]);
    expect(options.totalDepositSuccessCount).toBe(0);
  });

  it('credits a deposit only on the provider’s signed callback, with its bonus, once', async () => {
    const member = await newLotusMember(t.app);
    const key = requestKey();
    const created = value<DepositView>(
      await deposit(member, { requestKey: key, amount: '200000', bonus: 'WELCOME100' }),
    );
    expect(created).toMatchObject({ state: 'pending', amount: '200000', currency: 'VND', method: 'vietqr' });
    expect(created.action).toMatchObject({ type: 'qr', format: 'vietqr' });
    expect(created.action?.type === 'qr' && created.action.payload.startsWith('000201')).toBe(true);
    // The same request again: the same payment, nothing new.
    const again = value<DepositView>(
      await deposit(member, { requestKey: key, amount: '200000', bonus: 'WELCOME100' }),
    );
    expect(again.id).toBe(created.id);
    // The same key with another amount.
    expect(failure(await deposit(member, { requestKey: key, amount: '300000' }))).toMatchObject({
      status: 409,
      code: 'idempotency_conflict',
    });
    // Coming back from the provider credits nothing.
    expect(await balance(member)).toMatchObject({ cash: '0', bonus: '0' });

    const providerRef = await providerRefOf(t.db, created.id);
    expect((await payOnPage(providerRef, 'succeeded')).statusCode).toBe(303);
    const settled = await settledDeposit(t.app, member, created.id);
    expect(settled).toMatchObject({ state: 'success', bonus: '200000', firstDeposit: true });
    expect(await balance(member)).toEqual({ currency: 'VND', cash: '200000', bonus: '200000', held: '0' });
    const options = value<DepositOptions>(await get(t.app, '/wps/wallet/deposit/options', member));
    expect(options.totalDepositSuccessCount).toBe(1);
    // WELCOME100 is for a first deposit only.
    expect(options.bonuses.map((bonus) => bonus.code)).toEqual(['RELOAD10']);
    const history = value<HistoryPage>(await get(t.app, '/wps/wallet/history', member));
    expect(history.entries.map((entry) => [entry.kind, entry.amount, entry.state])).toEqual([
      ['bonus', '200000', 'success'],
      ['deposit', '200000', 'success'],
    ]);
    expect(ledgerHolds(await verifyLedger(t.db))).toBe(true);
  });

  it('settles a deposit whose callback was lost when the reconciliation asks the provider', async () => {
    const member = await newLotusMember(t.app);
    const created = value<DepositView>(await deposit(member, { amount: '150000' }));
    const paid = await t.app.inject({
      method: 'POST',
      url: `/stand-ins/demopay/pay/${await providerRefOf(t.db, created.id)}`,
      headers: { host: 'lotus.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeeded&callback=lost',
    });
    expect(paid.statusCode).toBe(303);
    expect((await balance(member)).cash).toBe('0');
    const cashier = await staffSignIn(t.app, 'lotus-cashier', Date.now(), 'lotus.localhost');
    const report = value<ReconciliationReport>(
      await staffCall(t.app, 'POST', 'reconcile', cashier, {}, 'lotus.localhost'),
    );
    expect(report).toMatchObject({ depositsSettled: 1, balanceDifferences: 0, unbalancedTransfers: 0 });
    expect((await balance(member)).cash).toBe('150000');
    expect(value<DepositView>(await get(t.app, `/wps/wallet/deposit/${created.id}`, member)).state).toBe(
      'success',
    );
  });

  it('marks a declined payment failed and moves no money', async () => {
    const member = await newLotusMember(t.app);
    const created = value<DepositView>(await deposit(member, { amount: '100000' }));
    await payOnPage(await providerRefOf(t.db, created.id), 'failed');
    expect((await settledDeposit(t.app, member, created.id)).state).toBe('failed');
    expect((await balance(member)).cash).toBe('0');
  });

  // [case, amount, method, status, code]
  it.each([
    ['a negative amount', '-50000', 'vietqr', 400, 'invalid_request'],
    ['zero', '0', 'vietqr', 400, 'amount_invalid'],
    ['a fraction of a dong', '50000.5', 'vietqr', 400, 'amount_invalid'],
    ['not a number', 'lots', 'vietqr', 400, 'invalid_request'],
    ['an exponent', '5e4', 'vietqr', 400, 'invalid_request'],
    ['a huge amount', '99999999999999999999', 'vietqr', 400, 'invalid_request'],
    ['below the method’s minimum', '49999', 'vietqr', 400, 'amount_invalid'],
    ['above the method’s maximum', '50000001', 'vietqr', 400, 'amount_invalid'],
    ['a method the merchant lacks', '100000', 'card', 404, 'not_found'],
    ['a bonus that does not exist', '100000', 'vietqr', 400, 'invalid_request', 'NOPE'],
  ])(
    'refuses a deposit of %s, writing nothing',
    async (_case, amount, method, status, code, bonus?: string) => {
      const member = await newLotusMember(t.app);
      const before = await paymentCount();
      const answer = failure(await deposit(member, { amount, method, ...(bonus ? { bonus } : {}) }));
      expect(answer).toMatchObject({ status, code });
      expect(await paymentCount()).toBe(before);
    },
  );

  it('answers a refusal in the request’s language', async () => {
    const member = await newLotusMember(t.app);
    const answer = await plainPost(
      t.app,
      '/wps/wallet/deposit',
      { requestKey: requestKey(), method: 'vietqr', amount: '1' },
      { ...member, headers: { Language: 'VI' } },
    );
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { message: string }).message).toBe(VI_MESSAGES.amount_invalid);
  });

  it('holds a member to the method’s daily maximum, counting pending deposits', async () => {
    const member = await newLotusMember(t.app);
    value<DepositView>(await deposit(member, { amount: '50000000' }));
    value<DepositView>(await deposit(member, { amount: '49950000' }));
    const refused = failure(await deposit(member, { amount: '100000' }));
    expect(refused).toMatchObject({ status: 400, code: 'amount_invalid', data: { dailyLeft: '50000' } });
  });

  it('keeps one member’s deposit from another', async () => {
    const [owner, other] = [await newLotusMember(t.app), await newLotusMember(t.app)];
    const created = value<DepositView>(await deposit(owner, { amount: '100000' }));
    expect(failure(await get(t.app, `/wps/wallet/deposit/${created.id}`, other))).toMatchObject({
      status: 404,
      code: 'payment_not_found',
    });
    expect(failure(await get(t.app, '/wps/wallet/balance', { host: 'lotus.localhost' })).status).toBe(401);
  });

  describe('hostile callbacks', () => {
    const pending = async () => {
      const member = await newLotusMember(t.app);
      const created = value<DepositView>(await deposit(member, { amount: '100000' }));
      const merchantId = (await merchantRow(t.db, 'lotus')).id;
      return {
        member,
        id: created.id,
        providerRef: await providerRefOf(t.db, created.id),
        secret: await webhookSecret(t.db, merchantId),
      };
    };
    const now = () => Math.floor(Date.now() / 1000);

    // [case, what changes in the callback, status, code]
    it.each([
      [
        'a forged signature',
        { signature: 'v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
        401,
        'signature_invalid',
      ],
      [
        'a body changed after signing',
        { tamper: (body: string) => body.replace('100000', '900000') },
        401,
        'signature_invalid',
      ],
      [
        'another merchant’s secret',
        { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
        401,
        'signature_invalid',
      ],
      ['a timestamp 10 minutes old', { timestamp: now() - 600 }, 401, 'signature_invalid'],
      ['a timestamp 10 minutes ahead', { timestamp: now() + 600 }, 401, 'signature_invalid'],
      ['a wrong amount', { amount: '100001' }, 400, 'amount_invalid'],
      ['a wrong currency', { currency: 'PHP' }, 400, 'currency_mismatch'],
      ['an unknown payment', { reference: 'nosuchpayment0000' }, 404, 'payment_not_found'],
      ['another provider reference', { providerRef: 'pay_someoneelse' }, 404, 'payment_not_found'],
    ] as const)('refuses %s and credits nothing', async (_case, change, status, code) => {
      const { member, id, providerRef, secret } = await pending();
      const callback = signedCallback({ secret, reference: id, providerRef, amount: '100000', ...change });
      expect(failure(await postCallback(t.app, callback))).toMatchObject({ status, code });
      expect((await balance(member)).cash).toBe('0');
      expect(value<DepositView>(await get(t.app, `/wps/wallet/deposit/${id}`, member)).state).toBe('pending');
    });

    it('credits once whatever the redeliveries: the same event, a new event id, reordered', async () => {
      const { member, id, providerRef, secret } = await pending();
      const callback = signedCallback({
        secret,
        reference: id,
        providerRef,
        amount: '100000',
        eventId: 'evt_same',
      });
      const answers = await Promise.all([
        postCallback(t.app, callback),
        postCallback(t.app, callback),
        postCallback(t.app, signedCallback({ secret, reference: id, providerRef, amount: '100000' })),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect((await balance(member)).cash).toBe('100000');
      // A late "failed" for a payment that succeeded changes nothing.
      const late = signedCallback({
        secret,
        reference: id,
        providerRef,
        amount: '100000',
        type: 'payment.failed',
      });
      expect(failure(await postCallback(t.app, late))).toMatchObject({
        status: 409,
        code: 'idempotency_conflict',
      });
      expect((await balance(member)).cash).toBe('100000');
    });

    it('refuses a success that arrives after the deposit expired', async () => {
      const { member, id, providerRef, secret } = await pending();
      await t.db.execute(sql`UPDATE payments SET expires_at = now() - interval '1 minute' WHERE id = ${id}`);
      const callback = signedCallback({ secret, reference: id, providerRef, amount: '100000' });
      expect(failure(await postCallback(t.app, callback))).toMatchObject({
        status: 409,
        code: 'payment_state',
      });
      expect((await balance(member)).cash).toBe('0');
      expect(value<DepositView>(await get(t.app, `/wps/wallet/deposit/${id}`, member)).state).toBe('expired');
    });

    it('refuses a callback that is not JSON or has no signature headers', async () => {
      const { id } = await pending();
      const bare = await t.app.inject({
        method: 'POST',
        url: '/wps/payment/callback/demo',
        headers: { host: 'lotus.localhost', 'content-type': 'application/json' },
        payload: JSON.stringify({ type: 'payment.succeeded', data: { reference: id } }),
      });
      expect(failure(bare)).toMatchObject({ status: 401, code: 'signature_invalid' });
      const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
      expect(row?.state).toBe('pending');
    });
  });
});
