import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { attachmentRoutes } from './attachments.js';
import { launchChatRoute } from './launch.js';
import { chatMemberInfoRoute } from './member-info.js';
import { memberSocketRoute } from './socket.js';
import { staffPageRoutes } from './staff-page.js';
import { staffRoutes } from './staff.js';

/** The support chat: the member socket, the staff console's calls, socket and page (issue 16). */
export async function chatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 16_384 } });
  memberSocketRoute(app, ctx);
  launchChatRoute(app, ctx);
  chatMemberInfoRoute(app, ctx);
  attachmentRoutes(app, ctx);
  staffRoutes(app, ctx);
  staffPageRoutes(app);
}
