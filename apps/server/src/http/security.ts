import type { FastifyInstance } from 'fastify';
import { isWpsPath } from './errors.js';

/** Origins a merchant's pages may use beyond their own: its sign-in providers' (none by default). */
export interface PolicyAdditions {
  script: readonly string[];
  connect: readonly string[];
  frame: readonly string[];
}

const join = (base: string, extra: readonly string[]) => [base, ...extra].join(' ');

/**
 * The app's policy: everything from this origin, no inline script (the built app has none), inline
 * styles allowed for the critical shell CSS and the merchant theme the server injects, images also
 * from https CDNs and data: URLs. It also rides on the app's scripts, so the service worker gets it.
 * A merchant whose members sign in with a provider's own SDK gets that provider's origins on its
 * pages only (`additions`), never another merchant.
 */
export function appCsp(additions?: PolicyAdditions): string {
  return [
    "default-src 'self'",
    join("script-src 'self'", additions?.script ?? []),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    join("connect-src 'self'", additions?.connect ?? []),
    ...(additions && additions.frame.length > 0 ? [join("frame-src 'self'", additions.frame)] : []),
    "font-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export const APP_CSP = appCsp();

/** /wps answers are data, never documents: nothing in them may load or run. */
export const API_CSP = "default-src 'none'; frame-ancestors 'self'";

/** Features the app never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/** One year; no includeSubDomains, since a merchant's other subdomains are not ours to pin. */
export const HSTS = 'max-age=31536000';

/**
 * Headers on every answer. The front end is same-origin, so no CORS headers are ever sent, and no
 * other site may frame the app (clickjacking on login and payment screens). A JSON answer is data,
 * never a document: it carries the API set (OWASP's for REST answers: no sniffing, no framing, a
 * locked-down policy); the referrer, opener and permissions policies concern documents and go on
 * every other answer — three headers fewer on each call, the busiest answers of the server.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it only sets headers, and every answer passes through it.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    const contentType = reply.getHeader('content-type');
    if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) {
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      // Not plain same-origin: a sign-in popup the app opens (Firebase, Telegram, on their own
      // origins) must keep its opener to hand the result back. Other sites' pages get no handle on ours.
      reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', isWpsPath(request.url) ? API_CSP : APP_CSP);
    }
    // Only over https: a browser ignores it on http, and it must not pin a host still served on http.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
}
