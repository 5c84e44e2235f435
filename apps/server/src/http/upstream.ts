import { AES_IV_BYTES, AES_TAG_BYTES, EncryptionHeader } from '@wps/contract/encryption';
import { DemoGamePath } from '@wps/contract/games';
import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { fail } from '@wps/contract/envelope';
import { TransportHeader } from '@wps/contract/transport';
import { WPS_BODY_LIMIT_BYTES } from '@wps/contract/system';
import type { WpsFetch } from '@wps/contract/serverRender';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { UpstreamSetting } from '../config.js';
import { parseHost } from '../services/merchants/host.js';
import { isWpsPath, WpsHttpError } from './errors.js';

/**
 * Proxy mode (WPS_UPSTREAM): this server serves the app and forwards `/wps` and the demo game to the
 * merchant's own backend. Only those two path prefixes, only to the one configured upstream, only the
 * request headers the API uses, and the client's address, host and scheme as THIS server resolved
 * them (its own TRUST_PROXY), never as the client wrote them.
 */

/** The methods forwarded; the API uses GET and POST, the rest pass for a backend that uses them. */
export const FORWARDED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The paths forwarded: the API and the demo game (page, assets and API), nothing else. */
export const FORWARDED_ROUTES = ['/wps', '/wps/*', '/demo-game', '/demo-game/*'] as const;

/**
 * Request headers the API reads (packages/contract transport.ts and encryption.ts, apps/web
 * api/headers.ts), the standard ones of content negotiation and caching, the session cookie and
 * Origin (the upstream runs its own CSRF check). Everything else stays here: X-Forwarded-*,
 * Forwarded and X-Real-IP from the client above all, and the hop-by-hop headers.
 */
export const FORWARDED_REQUEST_HEADERS: ReadonlySet<string> = new Set(
  [
    ...Object.values(TransportHeader),
    ...Object.values(EncryptionHeader),
    'accept',
    'accept-encoding',
    'accept-language',
    'cache-control',
    'content-type',
    'cookie',
    'if-modified-since',
    'if-none-match',
    'origin',
    'user-agent',
  ].map((name) => name.toLowerCase()),
);

/** Headers of one connection, not of the message (RFC 9110 section 7.6.1): never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Sealed size of a plain body of `bytes` (encrypted-body.ts ENCRYPTED_BODY_LIMIT_BYTES, any limit). */
function sealedSize(bytes: number): number {
  return Math.ceil((bytes + AES_IV_BYTES + AES_TAG_BYTES) / 3) * 4 + 64;
}

/**
 * The largest body forwarded: the largest any contract endpoint accepts (feedback's screenshot),
 * sealed. The upstream enforces each call's own limit; this one only bounds what is held here.
 */
export const UPSTREAM_BODY_LIMIT_BYTES = sealedSize(
  Math.max(
    WPS_BODY_LIMIT_BYTES,
    ...Object.values(endpoints).map((endpoint) => ('bodyLimit' in endpoint ? endpoint.bodyLimit : 0)),
  ),
);

/**
 * The page's own calls (its merchant, the first screen's data) wait at most this long: a page that
 * cannot be personalised or rendered in time is served as built and the browser does the rest.
 */
export const PAGE_UPSTREAM_TIMEOUT_MS = 3_000;

/** An answer read whole for a page (settings, lobby lists) larger than this is a broken upstream. */
const MAX_PAGE_ANSWER_BYTES = 4 * 1024 * 1024;

/** Seconds a client is asked to wait after an upstream failure (as for a database outage). */
const UPSTREAM_RETRY_AFTER_S = 5;

/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A decoded path segment may hold these only: nothing that a server on the way could read as a
 * separator, a parent directory or another encoding layer (`/`, `\`, `%`, `;`, controls).
 */
const SAFE_SEGMENT = /^[A-Za-z0-9._~!$&'()*+,=:@-]*$/;

/**
 * The path and query to ask the upstream for, or null when the path is not one this server forwards
 * or could mean something else on the way: a dot segment (`/wps/../x`, `/wps/%2e%2e/x`), an encoded
 * separator (`%2f`, `%5c`), a double encoding (`%252e`), a matrix parameter (`..;`), an empty
 * segment. The query is passed as written.
 */
export function upstreamPath(url: string): string | null {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  if (query.includes('#') || /[\s\p{Cc}]/u.test(query)) return null;
  const forwarded =
    path === '/wps' ||
    path.startsWith('/wps/') ||
    path === '/demo-game' ||
    path.startsWith(DemoGamePath.page);
  if (!forwarded) return null;
  const segments = path.split('/').slice(1);
  for (const [index, segment] of segments.entries()) {
    // An empty segment only as the last one: `/demo-game/` is the game's page.
    if (segment === '' && index !== segments.length - 1) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (!SAFE_SEGMENT.test(decoded) || /^\.+$/.test(decoded)) return null;
  }
  return path + query;
}

/** What the upstream is told about the original request: what this server resolved, nothing more. */
export interface ForwardedFor {
  /** The client's address as this server's TRUST_PROXY resolves it. */
  ip: string;
  /** The host the client reached, checked and normalised (hostname[:port]). */
  host: string;
  protocol: 'http' | 'https';
}

/** Null when the request's host is not a host at all (userinfo, a path, spaces): nothing to forward. */
export function forwardedOf(request: FastifyRequest): ForwardedFor | null {
  const host = parseHost(request.host);
  if (host === null) return null;
  return {
    ip: request.ip,
    host: host.port === null ? host.hostname : `${host.hostname}:${host.port}`,
    protocol: request.protocol === 'https' ? 'https' : 'http',
  };
}

/**
 * X-Forwarded-* as this server resolved them. The upstream must trust this server's address
 * (TRUST_PROXY on the reference server) to read the merchant's host and the client's address from
 * them; the request's own Host header names the upstream, so TLS and virtual hosts there work.
 */
export function forwardedHeaders(forwarded: ForwardedFor): Record<string, string> {
  return {
    ...(isIP(forwarded.ip) === 0 ? {} : { 'x-forwarded-for': forwarded.ip }),
    'x-forwarded-host': forwarded.host,
    'x-forwarded-proto': forwarded.protocol,
  };
}

/** The allow-listed request headers of `headers`. */
function pickRequestHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const picked: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && FORWARDED_REQUEST_HEADERS.has(name)) picked[name] = value;
  }
  return picked;
}

/** The answer's headers minus the hop-by-hop ones, and minus any the Connection header names. */
export function endToEndHeaders(headers: IncomingHttpHeaders): [string, string | string[]][] {
  const connection = headers.connection;
  const named = new Set(
    (typeof connection === 'string' ? connection : '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter((token) => token !== ''),
  );
  const kept: [string, string | string[]][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)) kept.push([name, value]);
  }
  return kept;
}

export type UpstreamFailure = 'timeout' | 'unreachable' | 'aborted';

/** The upstream could not be asked or did not answer in time. */
export class UpstreamUnavailable extends Error {
  constructor(
    readonly failure: UpstreamFailure,
    options?: { cause: unknown },
  ) {
    super(`upstream ${failure}`, options);
    this.name = 'UpstreamUnavailable';
  }
}

export interface UpstreamRequest {
  method: string;
  /** Path and query, as `upstreamPath` checked them; the base path of WPS_UPSTREAM goes in front. */
  path: string;
  headers: OutgoingHttpHeaders;
  body?: Buffer | undefined;
  /** How long the upstream may stay silent (connecting, before the answer, between its chunks). */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one upstream: its connections (kept alive) and the requests made to it. */
export class UpstreamClient {
  readonly url: string;
  readonly timeoutMs: number;
  private readonly target: URL;
  private readonly secure: boolean;
  private readonly agent: HttpAgent;

  constructor(setting: UpstreamSetting) {
    this.url = setting.url;
    this.timeoutMs = setting.timeoutMs;
    this.target = new URL(setting.url);
    this.secure = this.target.protocol === 'https:';
    this.agent = this.secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  /** The answer's head once it arrives; its body streams. Rejects with UpstreamUnavailable. */
  async send(request: UpstreamRequest): Promise<IncomingMessage> {
    try {
      return await this.attempt(request);
    } catch (error) {
      // A kept-alive socket the upstream closed just as it was reused: once more on a fresh one,
      // for calls that are safe to repeat.
      if (error instanceof RetryOnFreshSocket && IDEMPOTENT.has(request.method)) return this.attempt(request);
      throw error instanceof RetryOnFreshSocket ? error.failure : error;
    }
  }

  private attempt(request: UpstreamRequest): Promise<IncomingMessage> {
    const { hostname, port, pathname } = this.target;
    const basePath = pathname === '/' ? '' : pathname;
    return new Promise((resolve, reject) => {
      const outgoing = (this.secure ? httpsRequest : httpRequest)(
        {
          // The URL keeps an IPv6 address in brackets; the socket wants it bare.
          hostname: hostname.replace(/^\[(.*)\]$/, '$1'),
          ...(port === '' ? {} : { port: Number(port) }),
          path: basePath + request.path,
          method: request.method,
          headers: request.headers,
          agent: this.agent,
        },
        resolve,
      );
      // Not http.request's own `signal`: that one would also destroy an answer already read whole.
      const onAbort = () => outgoing.destroy(new UpstreamUnavailable('aborted'));
      request.signal?.addEventListener('abort', onAbort, { once: true });
      outgoing.once('close', () => request.signal?.removeEventListener('abort', onAbort));
      outgoing.setTimeout(request.timeoutMs, () => outgoing.destroy(new UpstreamUnavailable('timeout')));
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof UpstreamUnavailable) return reject(error);
        const failure = new UpstreamUnavailable('unreachable', { cause: error });
        reject(
          outgoing.reusedSocket && error.code === 'ECONNRESET' ? new RetryOnFreshSocket(failure) : failure,
        );
      });
      outgoing.end(request.body);
    });
  }

  /**
   * The renderer's transport in proxy mode: its `/wps` calls go to the upstream for the page's host
   * and client, as the browser's own calls would, with the page's shorter time-out. Answers are read
   * whole (uncompressed: the renderer reads them once, in this process).
   */
  wpsFetch(forwarded: ForwardedFor | null): WpsFetch {
    return async (url, init) => {
      const path = upstreamPath(url);
      if (path === null || !isWpsPath(path) || forwarded === null) {
        throw new Error('the renderer asked for a path that is not forwarded');
      }
      const headers: OutgoingHttpHeaders = {};
      new Headers(init.headers).forEach((value, name) => {
        // A page is the same for every visitor: no session travels with its calls.
        if (FORWARDED_REQUEST_HEADERS.has(name) && name !== 'cookie' && name !== 'authorization') {
          headers[name] = value;
        }
      });
      Object.assign(headers, forwardedHeaders(forwarded), { 'accept-encoding': 'identity' });
      const body = typeof init.body === 'string' ? Buffer.from(init.body) : undefined;
      if (body !== undefined) headers['content-length'] = String(body.length);
      const answer = await this.send({
        method: (init.method ?? 'GET').toUpperCase(),
        path,
        headers,
        body,
        timeoutMs: Math.min(this.timeoutMs, PAGE_UPSTREAM_TIMEOUT_MS),
        signal: init.signal ?? undefined,
      });
      const bytes = await readBounded(answer, MAX_PAGE_ANSWER_BYTES);
      const responseHeaders = new Headers();
      for (const [name, value] of endToEndHeaders(answer.headers)) {
        if (name === 'set-cookie') continue;
        for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
      }
      const status = answer.statusCode ?? 502;
      return new Response(NULL_BODY_STATUSES.has(status) ? null : bytes, {
        status,
        headers: responseHeaders,
      });
    };
  }

  /** Drops the kept-alive connections (on app close). */
  close(): void {
    this.agent.destroy();
  }
}

class RetryOnFreshSocket extends Error {
  constructor(readonly failure: UpstreamUnavailable) {
    super(failure.message);
  }
}

/** The whole body, or an error once it passes `limit` bytes. */
export async function readBounded(stream: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy();
      throw new Error(`the upstream's answer is over ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The demo game's API answers in the envelope like /wps; its page and assets are plain. */
function answersEnvelope(url: string): boolean {
  return isWpsPath(url) || url.startsWith(DemoGamePath.apiPrefix);
}

/** 504 when the upstream stayed silent, 502 when it could not be reached: the envelope, no detail. */
function sendUnavailable(request: FastifyRequest, reply: FastifyReply, error: UpstreamUnavailable) {
  const status = error.failure === 'timeout' ? 504 : 502;
  // The cause's text names the upstream's address and the socket error, never the request's data.
  request.log.warn({ err: error, status }, 'upstream unavailable');
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('retry-after', String(UPSTREAM_RETRY_AFTER_S));
  if (!answersEnvelope(request.url)) {
    return reply.type('text/plain; charset=utf-8').send(status === 504 ? 'Gateway time-out' : 'Bad gateway');
  }
  return reply
    .type('application/json; charset=utf-8')
    .send(
      fail(
        ErrorCode.SERVICE_UNAVAILABLE,
        'The service is unavailable for a moment. Please try again shortly.',
      ),
    );
}

/** One forwarded request: the checked path, the allow-listed headers, the raw body; the answer streamed back. */
async function forward(client: UpstreamClient, request: FastifyRequest, reply: FastifyReply) {
  const path = upstreamPath(request.url);
  if (path === null) return reply.callNotFound();
  const forwarded = forwardedOf(request);
  if (forwarded === null) {
    throw new WpsHttpError(404, ErrorCode.DOMAIN_NOT_AVAILABLE, 'This domain is not available.', {
      domain: '',
    });
  }
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  const headers: OutgoingHttpHeaders = {
    ...pickRequestHeaders(request.headers),
    ...forwardedHeaders(forwarded),
  };
  // Without a body Node sends `Content-Length: 0` itself.
  if (body !== undefined) headers['content-length'] = String(body.length);

  // A caller that leaves before the answer stops the upstream's work on its behalf; once the answer
  // streams, Fastify ends it with the caller's connection.
  const abort = new AbortController();
  const onClose = () => abort.abort();
  reply.raw.once('close', onClose);
  let answer: IncomingMessage;
  try {
    answer = await client.send({
      method: request.method,
      path,
      headers,
      body,
      timeoutMs: client.timeoutMs,
      signal: abort.signal,
    });
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    if (error.failure === 'aborted') return reply;
    return sendUnavailable(request, reply, error);
  } finally {
    reply.raw.off('close', onClose);
  }
  // An upstream that breaks off mid-answer ends this answer too; nothing else to do with the error.
  answer.on('error', () => undefined);

  const status = answer.statusCode ?? 502;
  if (status < 200 || status > 599) {
    answer.resume();
    return sendUnavailable(request, reply, new UpstreamUnavailable('unreachable'));
  }
  reply.status(status);
  for (const [name, value] of endToEndHeaders(answer.headers)) {
    // An absolute redirect to the upstream's own address would send the browser around this server.
    const kept =
      name === 'location' && typeof value === 'string' && value.startsWith(`${client.url}/`)
        ? value.slice(client.url.length)
        : value;
    reply.header(name, kept);
  }
  if (request.method === 'HEAD' || NULL_BODY_STATUSES.has(status)) {
    // Nothing to stream: drained so the connection goes back to the pool.
    answer.resume();
    return reply.send();
  }
  return reply.send(answer);
}

/**
 * `/wps/*` and `/demo-game/*` forwarded to the upstream. Bodies are taken as raw bytes whatever
 * their type (sealed JSON, the text/plain of beacons) and sent on unparsed; answers are streamed
 * back as the upstream encoded them (so not compressed again here).
 */
export async function upstreamRoutes(app: FastifyInstance, client: UpstreamClient): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPSTREAM_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    for (const url of FORWARDED_ROUTES) {
      scope.route({
        method: [...FORWARDED_METHODS],
        url,
        exposeHeadRoute: false,
        compress: false,
        decompress: false,
        handler: (request, reply) => forward(client, request, reply),
      });
    }
  });
  app.addHook('onClose', async () => client.close());
}
