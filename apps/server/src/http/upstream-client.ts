import type { WpsFetch } from '@wps/contract/serverRender';
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { UpstreamSetting } from '../config.js';
import { isWpsPath } from './errors.js';
import {
  endToEndHeaders,
  FORWARDED_REQUEST_HEADERS,
  forwardedHeaders,
  upstreamPath,
  type ForwardedFor,
} from './upstream-request.js';

/**
 * The one upstream of proxy mode (upstream.ts): its kept-alive connections, the requests made to it
 * (a silent or unreachable upstream is UpstreamUnavailable), and the renderer's transport to it.
 */

/**
 * The page's own calls (its merchant, the first screen's data) wait at most this long: a page that
 * cannot be personalised or rendered in time is served as built and the browser does the rest.
 */
export const PAGE_UPSTREAM_TIMEOUT_MS = 3_000;

/** An answer read whole for a page (settings, lobby lists) larger than this is a broken upstream. */
const MAX_PAGE_ANSWER_BYTES = 4 * 1024 * 1024;

/** Statuses whose answer has no body (a Response refuses one). */
export const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

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
