import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { attachmentRoutes } from './attachments.js';
import { launchChatRoute } from './launch.js';
import { chatMemberInfoRoute } from './member-info.js';
import { memberSocketRoute } from './socket.js';
import { staffPageRoutes } from './staff-page.js';
import { staffRoutes } from './staff.js';

const THROTTLE_SWEEP_MS = 5 * 60_000;

/** The support chat: the member socket, the staff console's calls, socket and page (issue 16). */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // In a scope of their own: the socket plugin's per-request hooks then run for these routes only,
  // not for every other call the server answers (the status call is the busiest).
  await app.register(async (chat) => {
    await chat.register(websocket, { options: { maxPayload: 16_384 } });
    memberSocketRoute(chat, ctx);
    launchChatRoute(chat, ctx);
    chatMemberInfoRoute(chat, ctx);
    attachmentRoutes(chat, ctx);
    staffRoutes(chat, ctx);
    staffPageRoutes(chat);
  });

  const timer = setInterval(() => {
    ctx.chat.staff
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'staff sign-in throttle sweep failed'));
  }, THROTTLE_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
