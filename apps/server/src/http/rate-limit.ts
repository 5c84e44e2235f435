import { DemoGamePath } from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { endpoints } from '@wps/contract/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIp } from '../lib/ip-rules.js';
import { FixedWindowCounter } from '../services/rate-limit/fixed-window-counter.js';
import {
  LEASE_DEFAULTS,
  LeasedLimiter,
  type LeasedLimiterOptions,
  type RateDecision,
} from '../services/rate-limit/leased-limiter.js';
import type { Db } from '../db/client.js';
import { isWpsPath, WpsHttpError } from './errors.js';

export const RATE_LIMIT_WINDOW_MS = 60_000;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Requests no route matched share one bucket per ip, so made-up paths cannot add rows without end. */
const UNMATCHED_ROUTE = '(unmatched)';
/**
 * Marketing-event delivery: sendBeacon never learns the answer, so a refused event is lost. Many
 * members share one carrier address on mobile networks; these routes get a limit of their own.
 */
const BEACON_ROUTES = new Set<string>([endpoints.collect.path, endpoints.ping.path]);

export interface RateLimitOptions {
  db: Db;
  getPerMinute: number;
  postPerMinute: number;
  /** The marketing-event routes (collect and its ping fallback), either method. */
  beaconPerMinute: number;
  now: () => number;
  /** The leasing's tuning (tests); the defaults otherwise. */
  lease?: Omit<LeasedLimiterOptions, 'windowMs' | 'now' | 'onReturnError'>;
}

/** The API answers: /wps and the demo game's API; never the static app or the game's page. */
export function isRateLimitedPath(url: string): boolean {
  return isWpsPath(url) || url.startsWith(DemoGamePath.apiPrefix);
}

function routeOf(request: FastifyRequest): string {
  // The route pattern, not the raw path: bounded by the routes that exist.
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

function bucketOf(request: FastifyRequest, route: string): string {
  const kind = READ_METHODS.has(request.method) ? 'GET' : 'POST';
  return `${normalizeIp(request.ip)} ${kind} ${route}`;
}

function limitOf(request: FastifyRequest, route: string, options: RateLimitOptions): number {
  if (BEACON_ROUTES.has(route)) return options.beaconPerMinute;
  return READ_METHODS.has(request.method) ? options.getPerMinute : options.postPerMinute;
}

/**
 * Per client ip and route, every API request (/wps and the demo game's API; never the static app
 * under /m/) counts in a window shared by all instances; over the limit the answer is 429
 * TOO_MANY_REQUEST with Retry-After. Runs on request, before the body is read or decrypted. The
 * count is kept in the database in leased blocks (services/rate-limit/leased-limiter.ts): most
 * requests are decided in memory, and the instances together never admit more than the limit.
 */
export function installRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const counter = new FixedWindowCounter(options.db, RATE_LIMIT_WINDOW_MS, options.now);
  const limiter = new LeasedLimiter(counter, {
    ...options.lease,
    windowMs: RATE_LIMIT_WINDOW_MS,
    now: options.now,
    onReturnError: (error) => app.log.warn({ err: error }, 'rate limit give-back failed'),
  });

  // A callback hook, not an async one: the usual request is decided in memory, with no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isRateLimitedPath(request.url)) {
      done();
      return;
    }
    const route = routeOf(request);
    const limit = limitOf(request, route, options);
    const decide = (decision: RateDecision) => {
      if (decision.admitted) {
        done();
        return;
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((decision.resetAt - options.now()) / 1000));
      reply.header('retry-after', String(retryAfterSeconds));
      done(
        new WpsHttpError(
          429,
          ErrorCode.TOO_MANY_REQUEST,
          `Too many requests. Try again in ${retryAfterSeconds} s.`,
        ),
      );
    };
    const decision = limiter.hit(bucketOf(request, route), limit);
    if (decision instanceof Promise) decision.then(decide, done);
    else decide(decision);
  });

  const sweep = () => {
    counter.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep failed'));
  };
  const timer = setInterval(sweep, RATE_LIMIT_WINDOW_MS);
  timer.unref();
  // Idle buckets give their unused places back, so another instance can use them this window.
  const idleMs = options.lease?.idleMs ?? LEASE_DEFAULTS.idleMs;
  const returns = setInterval(() => void limiter.returnIdle(), idleMs);
  returns.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(returns);
    await limiter.returnAll();
  });
}
