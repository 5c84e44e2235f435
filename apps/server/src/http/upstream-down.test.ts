import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { SERVER_STATE_ELEMENT_ID } from '@wps/contract/serverRender';
import type { WpsFailure } from '@wps/contract/envelope';
import type { FastifyInstance } from 'fastify';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFrontApp } from '../app.js';
import { createFakeWebDist } from '../test/fake-web-dist.js';
import { testConfig } from '../test/test-app.js';
import { useFront } from '../test/upstream.js';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('an upstream that is down', () => {
  let port = 0;
  beforeAll(async () => {
    port = await closedPort();
  });
  const front = useFront(() => `http://127.0.0.1:${port}`);

  it.each([
    ['GET', endpoints.settings.path],
    ['POST', endpoints.login.path],
    ['GET', '/demo-game/api/session'],
  ] as const)('%s %s: 502 in the envelope, no detail', async (method, url) => {
    const response = await front.app.inject({
      method,
      url,
      headers: { host: 'localhost', 'content-type': 'application/json' },
      ...(method === 'POST' ? { payload: '{}' } : {}),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      errorCode: ErrorCode.SERVICE_UNAVAILABLE,
      message: 'The service is unavailable for a moment. Please try again shortly.',
    });
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\bat\b/);
  });

  it('the demo game’s page: a plain 502', async () => {
    const response = await front.app.inject({ url: '/demo-game/' });
    expect(response.statusCode).toBe(502);
    expect(response.body).toBe('Bad gateway');
  });

  it('pages are still served, as built', async () => {
    const response = await front.app.inject({ url: '/m/home' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Play</title>');
    expect(response.body).not.toContain(SERVER_STATE_ELEMENT_ID);
  });
});

describe('an upstream that never answers', () => {
  const sockets = new Set<Socket>();
  const silent = createNetServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let front: FastifyInstance | undefined;
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const dist = await createFakeWebDist();
    front = await buildFrontApp({
      // The silence is certain, so the time-out's length decides nothing but the test's duration.
      config: testConfig({
        upstream: { url: `http://127.0.0.1:${port}`, timeoutMs: 50 },
        webDist: dist.root,
      }),
      cacheTtlMs: 0,
    });
    front.addHook('onClose', dist.dispose);
  });
  const ready = () => {
    if (front === undefined) throw new Error('the front server is not ready');
    return front;
  };
  afterAll(async () => {
    await front?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('a /wps call: 504 in the envelope', async () => {
    const response = await ready().inject({ url: endpoints.settings.path });
    expect(response.statusCode).toBe(504);
    expect((response.json() as WpsFailure).errorCode).toBe(ErrorCode.SERVICE_UNAVAILABLE);
  });

  it('a page: as built', async () => {
    const response = await ready().inject({ url: '/m/home' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Play</title>');
  });
});
