import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requestOrigin, requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { createGameAdapters } from '../../services/games/adapters/index.js';
import { DemoGame } from '../../services/games/demo.js';
import { DEMO_VENDOR_ID, DemoMoneyRounds } from '../../services/games/demo-vendor/money-rounds.js';
import { SeamlessWalletClient } from '../../services/games/demo-vendor/wallet-client.js';
import { injectTransport } from '../vendor/transport.js';
import { GameLauncher } from '../../services/games/launcher.js';
import { LaunchTickets } from '../../services/games/tickets.js';
import { requireSession } from '../accounts/common.js';
import { demoGameRoutes } from './demo.js';
import { memberGameRoutes } from './member.js';

const TICKET_SWEEP_MS = 10 * 60_000;
/** How often the demo vendor finishes real-money rounds cut off mid-way. */
const SETTLE_MS = 30_000;

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
  // The operator's side of a real-money launch: a wallet session for the demo vendor.
  const adapters = createGameAdapters(tickets, async (session) => {
    await ctx.seamless.vendors.ensure(DEMO_VENDOR_ID);
    return ctx.seamless.sessions.open({ vendorId: DEMO_VENDOR_ID, ...session });
  });
  // The vendor's side: it calls the seamless-wallet API over HTTP with its signature, as a vendor's
  // server would (here through the app's own request pipeline, so no port or address is needed).
  const wallet = new SeamlessWalletClient({
    vendorId: DEMO_VENDOR_ID,
    secret: () => ctx.seamless.vendors.ensure(DEMO_VENDOR_ID),
    transport: injectTransport(app),
    now: ctx.now,
  });
  const money = new DemoMoneyRounds(ctx.db, ctx.now, wallet, (message) => app.log.warn(message));
  const demo = new DemoGame(ctx.db, ctx.now, tickets, money);
  const logError = (message: string) => app.log.error(message);

  const launcher = new GameLauncher(ctx.db, adapters, ctx.now, logError);

  route(app, 'launchGame', async (query, request) => {
    const merchant = await requireMerchant(ctx, request);
    const { customer } = await requireSession(ctx, request, merchant);
    // Issue 29: no real-money game during a time-out or self-exclusion (bets refuse too, later).
    await ctx.trust.gate.requirePlayAllowed(merchant.id, customer, merchant.countryCode);
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
    ctx.seamless.sessions
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'wallet session sweep failed'));
  }, TICKET_SWEEP_MS);
  timer.unref();
  const settler = setInterval(() => {
    demo
      .settlePending()
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo round settling failed'));
  }, SETTLE_MS);
  settler.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(settler);
  });
}
