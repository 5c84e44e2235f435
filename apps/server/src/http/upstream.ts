import { DemoGamePath } from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { fail } from '@wps/contract/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { isWpsPath, WpsHttpError } from './errors.js';
import { NULL_BODY_STATUSES, UpstreamUnavailable, type UpstreamClient } from './upstream-client.js';
import {
  endToEndHeaders,
  FORWARDED_METHODS,
  FORWARDED_ROUTES,
  forwardedHeaders,
  forwardedOf,
  pickRequestHeaders,
  UPSTREAM_BODY_LIMIT_BYTES,
  upstreamPath,
} from './upstream-request.js';

/**
 * Proxy mode (WPS_UPSTREAM): this server serves the app and forwards `/wps` and the demo game to the
 * merchant's own backend. Only those two path prefixes, only to the one configured upstream, only the
 * request headers the API uses, and the client's address, host and scheme as THIS server resolved
 * them (its own TRUST_PROXY), never as the client wrote them.
 */

/** Seconds a client is asked to wait after an upstream failure (as for a database outage). */
const UPSTREAM_RETRY_AFTER_S = 5;

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
