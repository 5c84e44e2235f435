import {
  DemoGamePath,
  type DemoRedeemResult,
  type DemoRoundResult,
  type DemoRoundView,
  type DemoSessionView,
} from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import { fail, ok, type WpsSuccess } from '@wps/contract/envelope';
import { GuardErrorCode } from '@wps/contract/httpGuards';
import { TransportHeader } from '@wps/contract/transport';
import { demoRedeemSchema, demoRoundSchema } from '@wps/contract/schemas/games';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import type { AppContext } from '../../context.js';
import { parseInput, statusOf, WpsHttpError } from '../../http/errors.js';
import { DomainError } from '../../services/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { isSameOrigin } from '../../http/origin-guard.js';
import type { DemoGame } from '../../services/games/demo.js';
import { DEMO_ASSETS, DEMO_CSP, DEMO_SESSION_PATH, renderDemoPage } from './demo-page.js';

/** apps/server/: the same two levels up from src/routes/games and dist/routes/games. */
const SERVER_ROOT = new URL('../../../', import.meta.url);
const SOURCE_DIR = new URL('demo-game/', SERVER_ROOT);
const BUILT_DIR = new URL('dist/demo-game/', SERVER_ROOT);
/** Running the TypeScript sources (tsx, Vitest): the page script is compiled from source on request. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

const REVALIDATE = 'no-cache';

/**
 * A browser module (`game`, the `texts` it imports): built by `npm run build -w apps/server`
 * (demo-game/tsconfig.json) into dist/demo-game/; when the server runs from source, or the build left
 * it out, the source is transpiled here with TypeScript (a development dependency), so `npm run dev`
 * and the tests need no build step.
 */
async function transpiledScript(name: string): Promise<string> {
  const source = await readFile(new URL(`${name}.ts`, SOURCE_DIR), 'utf8');
  const ts = (await import('typescript')).default;
  return ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022 },
  }).outputText;
}

function demoScriptLoader(name: string): () => Promise<string> {
  let built: Promise<string> | undefined;
  return () => {
    if (FROM_SOURCE) return transpiledScript(name);
    built ??= readFile(new URL(`${name}.js`, BUILT_DIR), 'utf8').catch(() => transpiledScript(name));
    return built;
  };
}

function cachedUnlessSource(load: () => Promise<string>): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    if (FROM_SOURCE) return load();
    cached ??= load();
    return cached;
  };
}

/** The demo API answers the /wps envelope, also for errors (its paths are outside /wps). */
function demoErrorHandler(
  error: FastifyError | WpsHttpError | DomainError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  let status = 500;
  let code: string = ErrorCode.INTERNAL_ERROR;
  let message = 'Something went wrong. Please try again later.';
  if (error instanceof DomainError) {
    status = statusOf(error.code);
    code = error.code;
    message = error.message;
  } else if (error instanceof WpsHttpError) {
    status = error.statusCode;
    code = error.errorCode;
    message = error.message;
  } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    code =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? ErrorCode.INVALID_JSON : ErrorCode.INVALID_REQUEST;
    message = 'Invalid request.';
  }
  if (status >= 500) request.log.error({ err: error }, 'demo game request failed');
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(fail(code, message));
}

/** The API is called by the demo page only, which is same-origin: refuse other pages' writes. */
function requireSameOrigin(request: FastifyRequest): void {
  if (!isSameOrigin(request, request.headers.origin)) {
    throw new WpsHttpError(
      403,
      GuardErrorCode.CROSS_ORIGIN_FORBIDDEN,
      'Cross-origin requests are not allowed.',
    );
  }
}

function playToken(request: FastifyRequest): string | undefined {
  const header = request.headers[TransportHeader.authorization.toLowerCase()];
  return typeof header === 'string' ? header.trim() : undefined;
}

/**
 * The demo game the 'demo' adapter launches: its page (GET /demo-game/), script and stylesheet, and
 * its API: redeem a launch ticket for a play session, read the session back, play a round, list the
 * session's rounds.
 */
export function demoGameRoutes(app: FastifyInstance, ctx: AppContext, demo: DemoGame): void {
  const page = renderDemoPage();
  const scripts = Object.entries(DEMO_ASSETS.scripts).map(
    ([name, path]) => [path, demoScriptLoader(name)] as const,
  );
  const style = cachedUnlessSource(() => readFile(new URL('game.css', SOURCE_DIR), 'utf8'));

  app.get('/demo-game', async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${DemoGamePath.page}${query >= 0 ? request.url.slice(query) : ''}`, 302);
  });

  app.get(DemoGamePath.page, async (_request, reply) => {
    // The URL carries a ticket: never stored, never sent on as a referrer (also a meta tag).
    return reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', DEMO_CSP)
      .type('text/html; charset=utf-8')
      .send(page);
  });

  for (const [path, script] of scripts) {
    app.get(path, async (_request, reply) => {
      return reply
        .header('cache-control', REVALIDATE)
        .type('text/javascript; charset=utf-8')
        .send(await script());
    });
  }

  app.get(DEMO_ASSETS.style, async (_request, reply) => {
    return reply
      .header('cache-control', REVALIDATE)
      .type('text/css; charset=utf-8')
      .send(await style());
  });

  app.post(
    DemoGamePath.redeem,
    { errorHandler: demoErrorHandler },
    async (request, reply): Promise<WpsSuccess<DemoRedeemResult>> => {
      reply.header('cache-control', 'no-store');
      requireSameOrigin(request);
      const merchant = await requireMerchant(ctx, request);
      const { ticket } = parseInput(demoRedeemSchema, request.body);
      return ok(await demo.redeem(merchant.id, ticket));
    },
  );

  app.get(
    DEMO_SESSION_PATH,
    { errorHandler: demoErrorHandler },
    async (request, reply): Promise<WpsSuccess<DemoSessionView>> => {
      reply.header('cache-control', 'no-store');
      const merchant = await requireMerchant(ctx, request);
      return ok(await demo.session(merchant.id, playToken(request)));
    },
  );

  app.post(
    DemoGamePath.round,
    { errorHandler: demoErrorHandler },
    async (request, reply): Promise<WpsSuccess<DemoRoundResult>> => {
      reply.header('cache-control', 'no-store');
      requireSameOrigin(request);
      const merchant = await requireMerchant(ctx, request);
      const token = playToken(request);
      const payload = parseInput(demoRoundSchema, request.body);
      return ok(await demo.playRound(merchant.id, token, payload));
    },
  );

  app.get(
    DemoGamePath.rounds,
    { errorHandler: demoErrorHandler },
    async (request, reply): Promise<WpsSuccess<DemoRoundView[]>> => {
      reply.header('cache-control', 'no-store');
      const merchant = await requireMerchant(ctx, request);
      return ok(await demo.rounds(merchant.id, playToken(request)));
    },
  );
}
