import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositView } from '@wps/contract/cashier';
import type { BalanceView } from '@wps/contract/money';
import { buildApp } from '../../app.js';
import type { Database, Db } from '../../db/client.js';
import { LOTUS, plainPost, value, type CallOptions } from '../../test/accounts.js';
import { newLotusMember, providerRefOf } from '../../test/cashier.js';
import { backends, testConfig, useTestApp } from '../../test/test-app.js';

/** The member's balance stream over real HTTP: each `balance` event as it arrives, with its time. */
async function openStream(app: FastifyInstance, member: CallOptions) {
  const { port } = app.server.address() as AddressInfo;
  const events: { balance: BalanceView }[] = [];
  const waiters: (() => void)[] = [];
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const call = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/wps/wallet/events',
      headers: { host: LOTUS, authorization: member.token ?? '' },
    });
    call.on('response', resolve).on('error', reject).end();
  });
  let buffered = '';
  response.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (block.startsWith('event: balance') && data !== undefined) {
        events.push({ balance: JSON.parse(data.slice(6)) as BalanceView });
        waiters.splice(0).forEach((wake) => wake());
      }
      end = buffered.indexOf('\n\n');
    }
  });
  return {
    status: response.statusCode,
    contentType: response.headers['content-type'],
    /** The next event whose cash is `cash`. */
    async until(cash: string) {
      for (;;) {
        const found = events.find((event) => event.balance.cash === cash);
        if (found !== undefined) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => response.destroy(),
  };
}

/** Deposits on `app` and pays on DemoPay's page (the stand-in then sends its callback). */
async function depositAndPay(
  app: FastifyInstance,
  db: Db,
  member: CallOptions,
  amount: string,
): Promise<void> {
  const created = value<DepositView>(
    await plainPost(
      app,
      '/wps/wallet/deposit',
      { requestKey: `ev-${Math.random().toString(36).slice(2, 12)}`, method: 'vietqr', amount },
      member,
    ),
  );
  const providerRef = await providerRefOf(db, created.id);
  await app.inject({
    method: 'POST',
    url: `/stand-ins/demopay/pay/${providerRef}`,
    headers: { host: LOTUS, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=succeeded',
  });
}

describe.each(backends)('the balance stream (%s)', (backend) => {
  const t = useTestApp(backend);
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('refuses a caller without a session', async () => {
    const stream = await openStream(t.app, { host: LOTUS, token: 'not-a-token' });
    expect(stream.status).toBe(401);
    stream.close();
  });

  it('sends the balance at once, then again when a deposit settles', async () => {
    const member = await newLotusMember(t.app, 'Stream');
    const stream = await openStream(t.app, member);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect((await stream.until('0')).balance).toEqual({ currency: 'VND', cash: '0', bonus: '0', held: '0' });
    await depositAndPay(t.app, t.db, member, '300000');
    expect((await stream.until('300000')).balance).toMatchObject({ cash: '300000' });
    stream.close();
  });
});

describe.runIf(backends.includes('postgres'))(
  'the balance stream across two instances on one PostgreSQL',
  () => {
    const t = useTestApp('postgres');
    let second: FastifyInstance;
    let secondDatabase: Database;
    beforeAll(async () => {
      secondDatabase = await t.testDatabase.openAnother();
      second = await buildApp({ config: testConfig(), database: secondDatabase, cacheTtlMs: 0 });
      await second.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await second.close();
    });

    it('tells a member watching on one instance of a deposit settled on the other', async () => {
      const member = await newLotusMember(t.app, 'Twin');
      const stream = await openStream(second, member);
      await stream.until('0');
      await depositAndPay(t.app, t.db, member, '400000');
      expect((await stream.until('400000')).balance).toMatchObject({ cash: '400000' });
      stream.close();
    });
  },
);
