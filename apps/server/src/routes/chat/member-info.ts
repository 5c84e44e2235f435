import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { ChatMemberKeys } from '../../services/customer-service/chat-member-keys.js';
import { requireSession } from '../accounts/common.js';

/**
 * WPSCORE_saveMemberInfoByAuthKey (spec sections 4 and 7): a signed-in member's name and
 * pseudo-identifier saved for the chat; answers the chat's fresh auth key.
 */
export function chatMemberInfoRoute(app: FastifyInstance, ctx: AppContext): void {
  const keys = new ChatMemberKeys(ctx.db, ctx.now);
  route(app, 'saveChatMemberInfo', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    const session = await requireSession(ctx, request, merchant);
    return keys.save(merchant, session, input);
  });
}
