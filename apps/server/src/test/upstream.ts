import { SERVER_STATE_ELEMENT_ID, type ServerRenderResult } from '@wps/contract/serverRender';
import { ok } from '@wps/contract/envelope';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildFrontApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import { createFakeWebDist } from './fake-web-dist.js';
import { testConfig } from './test-app.js';

/**
 * Proxy mode end to end (http/upstream*.test.ts): a reference server (the upstream, on a real port,
 * trusting loopback as its proxy) and front servers built with WPS_UPSTREAM pointing at it, answering
 * through `inject`.
 */

/** A stand-in for the web app's server renderer: its markup carries what its fetch brought back. */
export const RENDERER_SOURCE = `
export async function renderScreen(input) {
  const response = await input.fetch('/wps/system/settings', {
    method: 'GET',
    headers: { Accept: 'application/json', Merchant: input.merchantCode, Language: input.language, Cookie: 'sid=leak' },
  });
  const envelope = await response.json();
  // Escaped as React escapes text.
  const name = envelope.value.merchantName.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return {
    html: '<main class="rendered">' + name + ' ' + input.language + ' ' + response.status + '</main>',
    state: { merchantCode: input.merchantCode, language: input.language, catalog: {}, settings: envelope.value, queries: {} },
  };
}
`;
export const rendererFile = join(mkdtempSync(join(tmpdir(), 'wps-upstream-renderer-')), 'entry-server.mjs');
writeFileSync(rendererFile, RENDERER_SOURCE);

export const ECHO = '/wps/test/echo';
export const ECHO_BYTES = '/demo-game/api/test/echo-bytes';

export interface Echo {
  ip: string;
  host: string;
  protocol: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What the upstream was asked for: each path, and the cookie that came with it. */
export interface Seen {
  url: string;
  cookie: string | undefined;
}

/** Test-only upstream routes: what the upstream saw of a request, and every request it was asked. */
export function echoRoutes(seen: Seen[]) {
  return (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      seen.push({ url: request.url, cookie: request.headers.cookie });
    });
    app.route({
      method: ['GET', 'POST'],
      url: ECHO,
      handler: async (request, reply) => {
        reply.header('set-cookie', ['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
        reply.header('x-upstream', 'yes');
        return ok({
          ip: request.ip,
          host: request.host,
          protocol: request.protocol,
          headers: request.headers,
        });
      },
    });
    void app.register(async (scope) => {
      scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      scope.post(ECHO_BYTES, async (request) => ({
        base64: Buffer.isBuffer(request.body) ? request.body.toString('base64') : null,
        type: request.headers['content-type'],
      }));
    });
  };
}

export interface Front {
  readonly app: FastifyInstance;
}

/** A front server for `upstreamUrl()`, built once the upstream listens; closed after the block. */
export function useFront(upstreamUrl: () => string, overrides: Partial<ServerConfig> = {}): Front {
  let front: FastifyInstance | undefined;
  let disposeDist: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const dist = await createFakeWebDist();
    disposeDist = dist.dispose;
    front = await buildFrontApp({
      config: testConfig({
        upstream: { url: upstreamUrl(), timeoutMs: 10_000 },
        webDist: dist.root,
        webRenderer: rendererFile,
        ...overrides,
      }),
      cacheTtlMs: 0,
    });
    await front.ready();
  });
  afterAll(async () => {
    await front?.close();
    await disposeDist?.();
  });
  return {
    get app() {
      if (front === undefined) throw new Error('the front server is not ready');
      return front;
    },
  };
}

export function listeningUrl(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** status and envelope: what the app reads of an answer. */
export function answer(response: LightMyRequestResponse) {
  return { status: response.statusCode, body: response.json() as unknown };
}

/** A raw request line, as a client may send it (inject and fetch would normalise the path). */
export function rawGet(app: FastifyInstance, path: string): Promise<{ status: number; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host: 'localhost' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export function stateOf(html: string): ServerRenderResult['state'] | null {
  const match = new RegExp(
    `<script id="${SERVER_STATE_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(html);
  return match === null ? null : (JSON.parse(match[1] ?? '') as ServerRenderResult['state']);
}
