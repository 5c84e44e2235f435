import { WPS_BODY_LIMIT_BYTES } from '@wps/contract/system';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import { allowedHostPorts, type ServerConfig, type TrustProxySetting } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { installDrainOnClose } from './http/drain.js';
import { installJsonParsers, installPayloadDecryption } from './http/encrypted-body.js';
import { installBadUrlRoutes, rewriteBadUrl } from './http/bad-url.js';
import { handleError, installNotFoundHandler } from './http/errors.js';
import { loggerOptions, type LogStream } from './http/logging.js';
import { installOriginGuard } from './http/origin-guard.js';
import { installRateLimit } from './http/rate-limit.js';
import { installSecurityHeaders } from './http/security.js';
import { KeyEncryptionKey } from './services/keys/key-encryption-key.js';
import { RsaKeyRing } from './services/keys/rsa-key-ring.js';
import { resolveSecretKey, type ResolvedSecretKey } from './services/keys/secret-key.js';
import { MerchantChanges } from './services/merchants/changes.js';
import { MERCHANT_CACHE_TTL_MS, MerchantDirectory } from './services/merchants/directory.js';
import { sessionRoutes } from './routes/session/index.js';
import { accountRoutes } from './routes/accounts/index.js';
import { gameRoutes } from './routes/games/index.js';
import { createIdentityServices } from './services/identity/index.js';
import { createMemberServices } from './services/member/index.js';
import { ReferralService } from './services/referral/index.js';
import type { StandIns, StandInOptions } from './stand-ins/index.js';
import { createChatServices } from './services/chat/index.js';
import { chatRoutes } from './routes/chat/index.js';
import { createWalletServices, SeamlessWallet } from './services/wallet/index.js';
import { createTrustServices } from './services/trust/index.js';
import { seamlessWalletRoutes } from './routes/vendor/seamless.js';
import { staffAuditRoutes } from './routes/staff/audit.js';
import { staffReportRoutes } from './routes/staff/reports.js';
import { staffTeamRoutes } from './routes/staff/team.js';
import { staffAppRoutes } from './routes/staff/app.js';
import { staffMerchantRoutes } from './routes/staff/merchants.js';
import { staffOffersRoutes } from './routes/staff/offers.js';
import { staffMemberRoutes } from './routes/staff/members.js';
import { staffContentRoutes } from './routes/staff/content.js';
import { staffGamesRoutes } from './routes/staff/games.js';
import { staffPushRoutes } from './routes/staff/push.js';
import { ImageCache } from './services/games/art.js';
import type { HttpPost } from './services/captcha/index.js';
import { systemRoutes } from './routes/system/index.js';
import { pageRoutes, webRoutes } from './routes/web/index.js';
import { UpstreamClient } from './http/upstream-client.js';
import { upstreamRoutes } from './http/upstream.js';
import { walletRoutes } from './routes/wallet/index.js';
import { trustRoutes } from './routes/trust/index.js';
import { UpstreamMerchants, upstreamPageSource } from './http/upstream-pages.js';

export interface BuildAppOptions {
  config: ServerConfig;
  database: Database;
  /** TTL of the read-mostly caches; tests that edit merchants between calls pass 0. */
  cacheTtlMs?: number;
  /** Log destination instead of stdout. */
  logStream?: LogStream;
  /** Clock of key rotation and rate-limit windows (ms since the epoch); tests move it. */
  now?: () => number;
  /** The HTTP client of the Geetest adapter (tests fake it). */
  geetestPost?: HttpPost;
  /**
   * SECRET_KEY as start-up resolved it for the seeds (main.ts), so both use one key even when it is
   * a throw-away one; resolved here when absent.
   */
  secret?: ResolvedSecretKey;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify(serverOptions(config, options.logStream));

  const now = options.now ?? Date.now;
  const { secretKey, source } = options.secret ?? (await resolveSecretKey(config));
  if (source === 'generated') app.log.info('generated SECRET_KEY into DATA_DIR/secret.key');
  const cacheTtlMs = options.cacheTtlMs ?? MERCHANT_CACHE_TTL_MS;
  const kek = new KeyEncryptionKey(secretKey);
  // The development stand-ins (src/stand-ins): loaded only where the configuration runs them, never
  // with NODE_ENV=production (config.ts identityStandIns), so production never even imports them.
  const standIns = config.identityStandIns ? await loadStandIns({ config, db: database.db, kek, now }) : null;
  const trust = createTrustServices({ db: database.db, now, cacheTtlMs });
  const wallet = createWalletServices({
    database,
    kek,
    now,
    pspStandIn: standIns?.psp ?? null,
    trust: trust.gate,
  });
  const ledger = wallet.ledger;
  const ctx: AppContext = {
    config,
    db: database.db,
    merchants: new MerchantDirectory(
      database.db,
      config.defaultMerchant,
      cacheTtlMs,
      allowedHostPorts(config),
    ),
    merchantChanges: new MerchantChanges(database),
    cacheTtlMs,
    kek,
    keys: new RsaKeyRing({
      db: database.db,
      kek,
      rotationMs: config.keyRotationHours * 3_600_000,
      graceMs: config.keyGraceMinutes * 60_000,
      now,
      logError: (details, message) => app.log.error(details, message),
    }),
    now,
    identity: createIdentityServices({
      config,
      db: database.db,
      secretKey,
      kek,
      now,
      standIns: standIns?.identity ?? null,
      trust: trust.gate,
      ...(options.geetestPost === undefined ? {} : { geetestPost: options.geetestPost }),
      logError: (error) => app.log.warn({ err: error }, 'captcha service call failed'),
      logNotice: (details, message) => app.log.info(details, message),
    }),
    member: createMemberServices({ db: database.db, now }),
    referral: new ReferralService({ db: database.db }),
    images: new ImageCache(),
    chat: createChatServices({
      db: database.db,
      notifications: database,
      secretKey,
      kek,
      passwordHashing: config.passwordHashing,
      loginThrottle: config.loginThrottle,
      now,
    }),
    wallet,
    ledger,
    seamless: new SeamlessWallet(database.db, ledger, kek, now, trust.gate),
    trust,
  };
  await ctx.chat.hub.start();
  await ctx.wallet.feed.start();
  // A merchant saved on any instance: what this one keeps of merchants is read again.
  ctx.merchantChanges.onChange(() => {
    ctx.merchants.clear();
    ctx.trust.profiles.forget();
  });
  await ctx.merchantChanges.start();
  app.addHook('onClose', () => ctx.merchantChanges.close());
  app.addHook('onClose', () => ctx.wallet.feed.close());
  app.addHook('onClose', () => ctx.chat.hub.close());
  if (config.devMode) {
    app.log.warn('DEV_MODE is on: the captcha and SMS/email codes are predictable (tests only)');
  }
  // The demo data is seeded once, before this, under the start-up lock (lifecycle.ts prepareServer).

  // JSON bodies, also as the text/plain navigator.sendBeacon sends, with the limits of sealed bodies.
  installJsonParsers(app);

  await installAnswerHandling(app);
  // Cheapest refusal first: the origin check needs no database, the rate limit rarely (leased blocks).
  installOriginGuard(app);
  installRateLimit(app, { db: database.db, ...config.rateLimit, now });
  installPayloadDecryption(app, (keyId) => ctx.keys.privateKey(keyId));

  installBadUrlRoutes(app);
  sessionRoutes(app, ctx);
  accountRoutes(app, ctx);
  gameRoutes(app, ctx);
  systemRoutes(app, ctx);
  await chatRoutes(app, ctx);
  staffPushRoutes(app, ctx);
  staffMerchantRoutes(app, ctx);
  staffOffersRoutes(app, ctx);
  staffMemberRoutes(app, ctx);
  staffContentRoutes(app, ctx);
  staffGamesRoutes(app, ctx);
  staffAuditRoutes(app, ctx);
  staffReportRoutes(app, ctx);
  staffTeamRoutes(app, ctx);
  await walletRoutes(app, ctx);
  trustRoutes(app, ctx);
  await seamlessWalletRoutes(app, ctx);
  await webRoutes(app, ctx);
  staffAppRoutes(app, config.staffDist);
  // The one place the stand-ins' routes are registered (none with NODE_ENV=production).
  await standIns?.register(app, ctx);
  return app;
}

/** The stand-ins module, imported on demand: a production start never loads it. */
async function loadStandIns(options: StandInOptions): Promise<StandIns> {
  const { createStandIns } = await import('./stand-ins/index.js');
  return createStandIns(options);
}

/** The Fastify options of both modes. */
function serverOptions(config: ServerConfig, logStream: LogStream | undefined) {
  return {
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: WPS_BODY_LIMIT_BYTES,
    // On close, idle keep-alive sockets are dropped at once; requests in flight still finish, and a
    // request already queued on an open socket is served (with Connection: close, see drain.ts)
    // rather than refused with Fastify's bare, envelope-less 503.
    forceCloseConnections: 'idle' as const,
    return503OnClosing: false,
    // Long enough for any name a route checks itself (an over-long image name answers the route's
    // own 404 in the envelope, not the router's).
    routerOptions: { maxParamLength: 1_024 },
    rewriteUrl: (request: { url?: string | undefined }) => rewriteBadUrl(request.url ?? '/'),
  };
}

/** Compression, errors in the envelope, not-found answers, security headers, draining on close. */
async function installAnswerHandling(app: FastifyInstance): Promise<void> {
  // Dynamic answers (HTML shell, JSON) are compressed on the fly at a cheap level; built assets are
  // sent precompressed (scripts/precompress.mjs, `preCompressed` in routes/web).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.setErrorHandler(handleError);
  installNotFoundHandler(app);
  installSecurityHeaders(app);
  installDrainOnClose(app);
}

export interface BuildFrontAppOptions {
  /** With `upstream` set (WPS_UPSTREAM). */
  config: ServerConfig;
  /** TTL of the upstream's merchants and of the pages; tests pass 0. */
  cacheTtlMs?: number;
  logStream?: LogStream;
}

/**
 * Proxy mode (WPS_UPSTREAM): the app under /m/, personalised and rendered per merchant from what the
 * upstream answers, and `/wps` and the demo game forwarded to it (http/upstream.ts). No database,
 * secret, key ring, rate limiter or `/wps` routes of its own: the upstream has those.
 */
export async function buildFrontApp(options: BuildFrontAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  if (config.upstream === null) throw new Error('buildFrontApp needs WPS_UPSTREAM');
  const app = Fastify(serverOptions(config, options.logStream));
  const cacheTtlMs = options.cacheTtlMs ?? MERCHANT_CACHE_TTL_MS;
  await installAnswerHandling(app);
  // Refused here already, as the upstream would: a cross-origin write never leaves this server.
  installOriginGuard(app);
  installBadUrlRoutes(app);
  const client = new UpstreamClient(config.upstream);
  await upstreamRoutes(app, client);
  const pages = upstreamPageSource(client, new UpstreamMerchants(client, cacheTtlMs));
  await pageRoutes(app, { webDist: config.webDist, webRenderer: config.webRenderer, cacheTtlMs }, pages);
  return app;
}

/** Fastify takes a hop count at run time but types it only as a function: same rule as its own. */
function fastifyTrustProxy(
  setting: TrustProxySetting,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
