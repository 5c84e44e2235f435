import { randomBytes } from 'node:crypto';
import { SEAMLESS_SIGNATURE_WINDOW_S, SeamlessHeader } from '@wps/contract/seamless';
import { describe, expect, it } from 'vitest';
import { SEAMLESS_SESSION_TTL_MS } from '../../services/wallet/index.js';
import { backends } from '../../test/test-app.js';
import {
  betOf,
  expectLedgerHolds,
  OTHER_VENDOR,
  useSeamlessApp,
  winOf,
  writtenRows,
  type SignOptions,
} from '../../test/seamless.js';

/**
 * The seamless wallet's gates (docs/decisions/seamless-wallet.md): the signature over every call, the
 * body's shape and amounts, the wallet's currency, the session token of bets. Each refusal is a 4xx
 * with its errorCode, signed for a known vendor, and writes nothing.
 */
describe.each(backends)('the seamless wallet refuses (%s)', (backend) => {
  const { t, clock, call, member, balanceOf, sessions, secretOf } = useSeamlessApp(backend);

  const PHP_500 = 50_000n;

  // [case, how the call is signed, answer signed by us]
  const signatures: [string, SignOptions & { secretOf?: string }, boolean][] = [
    [
      'no signature headers at all',
      {
        headers: {
          [SeamlessHeader.id]: undefined,
          [SeamlessHeader.timestamp]: undefined,
          [SeamlessHeader.signature]: undefined,
        },
      },
      false,
    ],
    ['no signature header', { headers: { [SeamlessHeader.signature]: undefined } }, true],
    ['no timestamp header', { headers: { [SeamlessHeader.timestamp]: undefined } }, true],
    ['a signature with another secret', { secret: randomBytes(32) }, true],
    ['the other vendor’s secret', { secretOf: OTHER_VENDOR }, true],
    ['a body changed after signing', { signedBody: '{"amount":1}' }, true],
    ['a timestamp 301 s old', { skewS: -(SEAMLESS_SIGNATURE_WINDOW_S + 1) }, true],
    ['a timestamp 301 s ahead', { skewS: SEAMLESS_SIGNATURE_WINDOW_S + 1 }, true],
    ['a timestamp that is not a number', { headers: { [SeamlessHeader.timestamp]: '1e9' } }, true],
    ['an id with a space in it', { headers: { [SeamlessHeader.id]: 'a b' } }, false],
    ['another signature version', { headers: { [SeamlessHeader.signature]: 'v2,AAAA' } }, true],
    ['an empty signature', { headers: { [SeamlessHeader.signature]: '' } }, true],
    ['an unknown vendor', { vendor: 'nobody', secret: randomBytes(32) }, false],
  ];

  it.each(signatures)(
    'a bet with %s: 401 SIGNATURE_INVALID, nothing written',
    async (_name, options, signed) => {
      const who = await member(PHP_500);
      const { secretOf: signer, ...rest } = options;
      const sign = signer === undefined ? rest : { ...rest, secret: secretOf(signer) };
      const before = await writtenRows(t.db);
      const answer = await call('bet', betOf(who, 1000), sign);
      expect(answer).toMatchObject({
        status: 401,
        body: { status: 'ERROR', errorCode: 'SIGNATURE_INVALID' },
      });
      expect(answer.signed).toBe(signed);
      expect(await writtenRows(t.db)).toEqual(before);
      expect(await balanceOf(who)).toBe(PHP_500);
    },
  );

  it.each([
    ['at the edge of the window, 300 s old', -SEAMLESS_SIGNATURE_WINDOW_S],
    ['at the edge of the window, 300 s ahead', SEAMLESS_SIGNATURE_WINDOW_S],
  ])('accepts a signature %s, and signs its answer', async (_name, skewS) => {
    const who = await member(PHP_500);
    const answer = await call('bet', betOf(who, 1000), { skewS });
    expect(answer).toMatchObject({ status: 200, signed: true, body: { status: 'OK', balance: 49_000 } });
  });

  // [case, operation, body change, code]
  it.each([
    ['a negative amount', 'bet', { amount: -100 }, 'AMOUNT_INVALID'],
    ['a zero bet', 'bet', { amount: 0 }, 'AMOUNT_INVALID'],
    ['a fractional amount', 'bet', { amount: 12.5 }, 'AMOUNT_INVALID'],
    ['an amount above 10^15', 'bet', { amount: 1e15 + 1 }, 'AMOUNT_INVALID'],
    ['an amount beyond a safe integer', 'bet', { amount: 2 ** 60 }, 'AMOUNT_INVALID'],
    ['an amount as a string', 'bet', { amount: '1000' }, 'AMOUNT_INVALID'],
    ['an amount as a decimal string', 'bet', { amount: '10.00' }, 'AMOUNT_INVALID'],
    ['no amount', 'bet', { amount: undefined }, 'AMOUNT_INVALID'],
    ['a null amount', 'bet', { amount: null }, 'AMOUNT_INVALID'],
    ['a negative win', 'win', { amount: -1 }, 'AMOUNT_INVALID'],
    ['a fractional win', 'win', { amount: 0.5 }, 'AMOUNT_INVALID'],
    ['no transaction id', 'bet', { transactionId: undefined }, 'INVALID_REQUEST'],
    ['a transaction id with spaces', 'bet', { transactionId: 'a b' }, 'INVALID_REQUEST'],
    ['a transaction id of 101 characters', 'bet', { transactionId: 'x'.repeat(101) }, 'INVALID_REQUEST'],
    ['a field the API does not have', 'bet', { bonus: true }, 'INVALID_REQUEST'],
    ['a player id that is not ours', 'bet', { player: 'abc' }, 'INVALID_REQUEST'],
    ['a lower-case currency', 'bet', { currency: 'php' }, 'INVALID_REQUEST'],
    ['the player’s currency as another', 'bet', { currency: 'USD' }, 'CURRENCY_MISMATCH'],
    ['a win in another currency', 'win', { currency: 'VND' }, 'CURRENCY_MISMATCH'],
    ['a player we do not have', 'win', { player: '999999999' }, 'PLAYER_NOT_FOUND'],
  ])('a call with %s: 4xx %s, nothing written', async (_name, operation, change, code) => {
    const who = await member(PHP_500);
    // An open round of 10 pesos, for the wins.
    const opened = betOf(who, 1000);
    expect((await call('bet', opened)).status).toBe(200);
    const base = operation === 'bet' ? betOf(who, 1000) : winOf(who, opened.roundId, 500);
    // A field changed to undefined is left out.
    const body = Object.fromEntries(
      Object.entries({ ...base, ...change }).filter(([, value]) => value !== undefined),
    );
    const before = await writtenRows(t.db);
    const answer = await call(operation as 'bet' | 'win', body);
    expect(answer.body).toMatchObject({ status: 'ERROR', errorCode: code });
    expect(answer.status).toBe(code === 'PLAYER_NOT_FOUND' ? 404 : 400);
    expect(answer.signed).toBe(true);
    expect(await writtenRows(t.db)).toEqual(before);
    expect(await balanceOf(who)).toBe(PHP_500 - 1000n);
  });

  it.each([
    ['a body that is not JSON', '{"transactionId":'],
    ['an empty body', ''],
    ['a JSON array', '[]'],
  ])('a bet with %s: 400 INVALID_REQUEST, nothing written', async (_name, rawBody) => {
    const before = await writtenRows(t.db);
    const answer = await call('bet', null, { rawBody });
    expect(answer).toMatchObject({ status: 400, signed: true, body: { errorCode: 'INVALID_REQUEST' } });
    expect(await writtenRows(t.db)).toEqual(before);
  });

  it('answers a balance in the wallet currency only', async () => {
    const who = await member(PHP_500);
    expect(await call('balance', { player: who.player, currency: 'PHP' })).toMatchObject({
      status: 200,
      signed: true,
      body: { status: 'OK', player: who.player, currency: 'PHP', balance: 50_000 },
    });
    expect(await call('balance', { player: who.player, currency: 'USD' })).toMatchObject({
      status: 400,
      body: { errorCode: 'CURRENCY_MISMATCH' },
    });
  });

  // ---- the session token: bets only -------------------------------------------------------------

  it.each([
    ['an unknown token', async () => ({ token: 'x'.repeat(43) })],
    ['another player’s token', async () => ({ token: (await member(PHP_500)).token })],
    ['another vendor’s token', async () => ({ token: (await member(0n, 'aurora', OTHER_VENDOR)).token })],
  ])('a bet with %s: 401 TOKEN_INVALID, nothing written', async (_name, change) => {
    const who = await member(PHP_500);
    const body = { ...betOf(who, 1000), ...(await change()) };
    const before = await writtenRows(t.db);
    expect(await call('bet', body)).toMatchObject({ status: 401, body: { errorCode: 'TOKEN_INVALID' } });
    expect(await writtenRows(t.db)).toEqual(before);
  });

  it('refuses a bet once its session ended, but still settles the round’s win and a rollback', async () => {
    const who = await member(PHP_500);
    const first = betOf(who, 1000);
    const second = betOf(who, 2000);
    expect((await call('bet', first)).status).toBe(200);
    expect((await call('bet', second)).status).toBe(200);
    clock.advance(SEAMLESS_SESSION_TTL_MS);
    const before = await writtenRows(t.db);
    expect(await call('bet', betOf(who, 1000))).toMatchObject({
      status: 401,
      body: { errorCode: 'TOKEN_INVALID' },
    });
    expect(await writtenRows(t.db)).toEqual(before);
    // Wins and rollbacks never look at the session: a round always settles.
    expect(await call('win', winOf(who, first.roundId, 5000, { roundClosed: true }))).toMatchObject({
      status: 200,
      body: { balance: 50_000 - 3000 + 5000 },
    });
    const rollback = {
      transactionId: `${second.transactionId}-rb`,
      player: who.player,
      roundId: second.roundId,
      referenceTransactionId: second.transactionId,
    };
    expect(await call('rollback', rollback)).toMatchObject({ status: 200, body: { balance: 54_000 } });
    expect(await balanceOf(who)).toBe(54_000n);
    // The session expired: a new one starts for the next launch.
    const renewed = await sessions().open({
      vendorId: 'demo',
      merchantId: who.merchantId,
      customerId: who.customerId,
      currency: 'PHP',
    });
    expect((await call('bet', { ...betOf(who, 1000), token: renewed })).status).toBe(200);
    await expectLedgerHolds(t.db);
  });
});
