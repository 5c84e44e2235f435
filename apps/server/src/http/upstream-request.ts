import { EncryptionHeader } from '@wps/contract/encryption';
import { DemoGamePath } from '@wps/contract/games';
import { endpoints } from '@wps/contract/endpoints';
import { TransportHeader } from '@wps/contract/transport';
import { WPS_BODY_LIMIT_BYTES } from '@wps/contract/system';
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { parseHost } from '../services/merchants/host.js';
import { sealedSize } from './body-limit.js';

/**
 * What proxy mode (upstream.ts) passes on, and how: the methods, paths and request headers
 * forwarded, the path checked, the client's address, host and scheme as this server resolved them,
 * and the answer's end-to-end headers.
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
export function pickRequestHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
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
