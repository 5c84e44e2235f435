import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { WpsFailure } from '@wps/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { openDatabase, type Database } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';
import { countCollectedEvents, prepareTestDatabase, testConfig } from '../test/test-app.js';

describe('which errors mean the database is unavailable', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), true],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), true],
    ['the server shutting down', Object.assign(new Error('terminating connection'), { code: '57P01' }), true],
    [
      'the server starting',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      true,
    ],
    ['a connection exception class 08', Object.assign(new Error('x'), { code: '08006' }), true],
    ['the pool timing out', new Error('timeout exceeded when trying to connect'), true],
    ['a lost connection', new Error('Connection terminated unexpectedly'), true],
    [
      'wrapped by the query builder',
      new Error('Failed query', { cause: new Error('Connection terminated') }),
      true,
    ],
    [
      'both stacks refused',
      Object.assign(new AggregateError([Object.assign(new Error('r'), { code: 'ECONNREFUSED' })]), {}),
      true,
    ],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' }), false],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' }), false],
    ['a plain bug', new TypeError('x is undefined'), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('%s → %s', (_label, error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable);
  });
});

/** A TCP hop between the app and PostgreSQL that the test can cut and restore, as a restart would. */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (address !== null && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  /** Drops every connection and refuses new ones. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const postgres = process.env.TEST_DATABASE_URL === undefined ? [] : ['postgres' as const];

describe.each(postgres)('the database goes away under traffic (%s)', (backend) => {
  let testDatabase: TestDatabase;
  let proxied: Database;
  let proxy: CuttableProxy;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(backend);
    const direct = new URL(testDatabase.url ?? '');
    proxy = new CuttableProxy(direct.hostname, Number(direct.port || 5432));
    await proxy.start();
    const config = testConfig();
    await prepareTestDatabase(testDatabase.database, config);
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    proxied = await openDatabase({ databaseUrl: viaProxy.toString(), dataDir: 'unused' });
    app = await buildApp({ config, database: proxied, cacheTtlMs: 0 });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await proxied.close();
    await proxy.stop();
    await testDatabase.dispose();
  });

  const collect = (n: number) =>
    app.inject({
      method: 'POST',
      url: endpoints.collect.path,
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({ value: `event-${n}` }),
    });
  const settings = () => app.inject({ url: endpoints.settings.path, headers: { host: 'localhost' } });

  it('answers 503 at once while it is gone, recovers by itself, and loses nothing it acknowledged', async () => {
    let acknowledged = 0;
    for (let n = 0; n < 5; n += 1) if ((await collect(n)).statusCode === 200) acknowledged += 1;
    expect(acknowledged).toBe(5);

    await proxy.stop();
    const started = performance.now();
    const during = await Promise.all(
      Array.from({ length: 24 }, (_, n) => (n % 2 === 0 ? collect(100 + n) : settings())),
    );
    const elapsedMs = performance.now() - started;
    const statuses = during.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 503)).toHaveLength(during.length);
    for (const response of during) {
      expect((response.json() as WpsFailure).errorCode).toBe(ErrorCode.SERVICE_UNAVAILABLE);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.body).not.toContain('ECONNREFUSED');
    }
    // Well inside the client's 30 s time-out: the pool's connect time-out is 3 s.
    expect(elapsedMs).toBeLessThan(10_000);

    await proxy.start();
    let recovered = false;
    for (let attempt = 0; attempt < 50 && !recovered; attempt += 1) {
      recovered = (await settings()).statusCode === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    for (let n = 200; n < 205; n += 1) if ((await collect(n)).statusCode === 200) acknowledged += 1;
    expect(acknowledged).toBe(10);
    expect(await countCollectedEvents(testDatabase.database.db)).toBe(acknowledged);
  }, 60_000);
});
