import { DemoGamePath, ErrorCode } from '@wps/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIp } from '../lib/ip-rules.js';
import { FixedWindowCounter } from '../services/rate-limit/fixed-window-counter.js';
import type { Db } from '../db/client.js';
import { isWpsPath, WpsHttpError } from './errors.js';

export const RATE_LIMIT_WINDOW_MS = 60_000;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Requests no route matched share one bucket per ip, so made-up paths cannot add rows without end. */
const UNMATCHED_ROUTE = '(unmatched)';

export interface RateLimitOptions {
  db: Db;
  getPerMinute: number;
  postPerMinute: number;
  now: () => number;
}

/** The API answers: /wps and the demo game's API; never the static app or the game's page. */
export function isRateLimitedPath(url: string): boolean {
  return isWpsPath(url) || url.startsWith(DemoGamePath.apiPrefix);
}

function bucketOf(request: FastifyRequest): string {
  const kind = READ_METHODS.has(request.method) ? 'GET' : 'POST';
  // The route pattern, not the raw path: bounded by the routes that exist.
  const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
  return `${normalizeIp(request.ip)} ${kind} ${route}`;
}

/**
 * Per client ip and route, every API request (/wps and the demo game's API; never the static app
 * under /m/) counts in a window
 * shared by all instances; over the limit the answer is 429 TOO_MANY_REQUEST with Retry-After.
 * Runs on request, before the body is read or decrypted, so a flood costs one upsert each.
 */
export function installRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const counter = new FixedWindowCounter(options.db, RATE_LIMIT_WINDOW_MS, options.now);

  app.addHook('onRequest', async (request, reply) => {
    if (!isRateLimitedPath(request.url)) return;
    const limit = READ_METHODS.has(request.method) ? options.getPerMinute : options.postPerMinute;
    const { hits, resetAt } = await counter.hit(bucketOf(request));
    if (hits <= limit) return;
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAt - options.now()) / 1000));
    reply.header('retry-after', String(retryAfterSeconds));
    throw new WpsHttpError(
      429,
      ErrorCode.TOO_MANY_REQUEST,
      `Too many requests. Try again in ${retryAfterSeconds} s.`,
    );
  });

  const sweep = () => {
    counter.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep failed'));
  };
  const timer = setInterval(sweep, RATE_LIMIT_WINDOW_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
