import {
  ErrorCode,
  GamePath,
  GameRelayPath,
  ok,
  VN_LOTTERY_VENDOR,
  type GameLaunchValue,
  type WpsSuccess,
} from '@wps/contract';
import { launchGameQuerySchema, trialLaunchQuerySchema } from '@wps/contract/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput, WpsHttpError } from '../../http/errors.js';
import { requireMerchant } from '../../http/merchant.js';
import { createGameAdapters } from '../../services/games/adapters/index.js';
import { DemoGame } from '../../services/games/demo.js';
import {
  findLaunchGame,
  gameNotFound,
  gameUrlFor,
  launchLanguage,
  recordRecentGame,
  requireMerchantGame,
  requireNotInMaintenance,
  safeBackUrl,
} from '../../services/games/launch.js';
import { LaunchTickets } from '../../services/games/tickets.js';
import { requireSession } from '../accounts/common.js';
import { demoGameRoutes } from './demo.js';
import { memberGameRoutes } from './member.js';

const TICKET_SWEEP_MS = 10 * 60_000;

/** `protocol://host` the caller reached; Fastify follows X-Forwarded-* only for a trusted proxy. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Game launch (spec sections 4 and 7): GET /wps/game/launchGame for a member, GCS_gameTrialLaunch
 * for a visitor's free play; both answer `{ gameUrl }` from the vendor's adapter. Also registers the
 * member's game lists, the rank list and the demo game.
 *
 * The merchant's STARTGAMEINAPP3 flag ("start games in the app only") is not enforced here: whether
 * the page runs inside the app shell or from the home screen is known only to the client (spec
 * section 4 has the client show label_start_game_error), and any header claiming it could be forged
 * by the very caller the rule is meant to stop.
 */
export function launchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tickets = new LaunchTickets(ctx.db, ctx.now);
  const adapters = createGameAdapters(tickets);
  const demo = new DemoGame(ctx.db, ctx.now, tickets);
  const logError = (message: string) => app.log.error(message);

  app.get(GamePath.launchGame, async (request, reply): Promise<WpsSuccess<GameLaunchValue>> => {
    reply.header('cache-control', 'no-store');
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    const query = parseInput(launchGameQuerySchema, request.query);
    const found = await findLaunchGame(ctx.db, merchant, query);
    requireNotInMaintenance(found.vendor);
    const vnLottery = query.vendor === VN_LOTTERY_VENDOR || found.game.launch.kind === 'vnLottery';
    const gameUrl = await gameUrlFor(
      adapters,
      {
        merchant,
        customerId: customer.id,
        found,
        trial: false,
        backUrl: safeBackUrl(query.backUrl),
        language: launchLanguage(merchant, query.language, vnLottery),
        origin: requestOrigin(request),
        prizeMode: query.lottoPrizeMode ?? query.prizeMode ?? null,
      },
      logError,
    );
    // Only a launch that produced a URL counts as played.
    await recordRecentGame(ctx.db, customer.id, found.game.id, new Date(ctx.now()));
    return ok({ gameUrl });
  });

  app.get(GameRelayPath.trialLaunch, async (request, reply): Promise<WpsSuccess<GameLaunchValue>> => {
    reply.header('cache-control', 'no-store');
    const merchant = await requireMerchant(ctx, request);
    const query = parseInput(trialLaunchQuerySchema, request.query);
    const found = await requireMerchantGame(ctx.db, merchant, Number(query.gameId));
    if (found.game.nodeId !== query.nodeId) throw gameNotFound();
    requireNotInMaintenance(found.vendor);
    if (!found.game.freeplay) {
      throw new WpsHttpError(400, ErrorCode.GAME_TRIAL_UNAVAILABLE, 'This game has no free play.');
    }
    const gameUrl = await gameUrlFor(
      adapters,
      {
        merchant,
        customerId: null,
        found,
        trial: true,
        backUrl: safeBackUrl(query.backUrl),
        language: launchLanguage(merchant, query.language, found.game.launch.kind === 'vnLottery'),
        origin: requestOrigin(request),
        prizeMode: null,
      },
      logError,
    );
    return ok({ gameUrl });
  });

  memberGameRoutes(app, ctx, demo);
  demoGameRoutes(app, ctx, demo);

  const timer = setInterval(() => {
    tickets.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'launch ticket sweep failed'));
    demo.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'demo session sweep failed'));
  }, TICKET_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
