import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requestOrigin, requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { createGameAdapters } from '../../services/games/adapters/index.js';
import { DemoGame } from '../../services/games/demo.js';
import { GameLauncher } from '../../services/games/launcher.js';
import { LaunchTickets } from '../../services/games/tickets.js';
import { requireSession } from '../accounts/common.js';
import { demoGameRoutes } from './demo.js';
import { memberGameRoutes } from './member.js';

const TICKET_SWEEP_MS = 10 * 60_000;

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

  const launcher = new GameLauncher(ctx.db, adapters, ctx.now, logError);

  route(app, 'launchGame', async (query, request) => {
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    return launcher.launch(merchant, customer.id, query, requestOrigin(request));
  });

  route(app, 'trialLaunch', async (query, request) => {
    const merchant = await requireMerchant(ctx, request);
    return launcher.trial(merchant, query, requestOrigin(request));
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
