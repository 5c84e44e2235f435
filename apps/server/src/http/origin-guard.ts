import { GuardErrorCode } from '@wps/contract/httpGuards';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isWpsPath, WpsHttpError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function parseOrigin(origin: string): URL | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The host the caller reached, as an Origin would spell it (lower case, default port dropped). */
function requestHost(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may proceed. No Origin header: yes (non-browser clients, and
 * beacons of old browsers). `null` (sandboxed frames, file://) and any other host or port: no.
 * An https Origin on a request seen as http is the same site behind a TLS-terminating proxy that
 * TRUST_PROXY does not cover, so it passes; an http Origin posting to https never does, since a
 * page on plain http can be rewritten by anyone on the path.
 */
export function isSameOrigin(request: FastifyRequest, origin: string | undefined): boolean {
  if (origin === undefined) return true;
  const url = parseOrigin(origin);
  if (url === null || url.host !== requestHost(request)) return false;
  return !(url.protocol === 'http:' && request.protocol === 'https');
}

/**
 * CSRF guard: the front end is same-origin and no CORS headers are sent, so a state-changing /wps
 * call from a page of another origin is refused before anything is read or written.
 */
export function installOriginGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: every request passes, and nearly all of them at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isWpsPath(request.url)) {
      done();
      return;
    }
    if (!isSameOrigin(request, request.headers.origin)) {
      done(
        new WpsHttpError(
          403,
          GuardErrorCode.CROSS_ORIGIN_FORBIDDEN,
          'Cross-origin requests are not allowed.',
        ),
      );
      return;
    }
    done();
  });
}
