import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { requireSession } from './common.js';

/**
 * The member area (issue 15): the inbox, settings and security, the member's sessions
 * (services/accounts/inbox.ts, security.ts, sessions.ts). Every call acts on the session's own account.
 */
export function memberAreaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const session = async (request: FastifyRequest) => {
    const merchant = await requireMerchant(ctx, request);
    return { merchant, session: await requireSession(ctx, request, merchant) };
  };

  route(app, 'memberMessages', async (input, request) =>
    ctx.accounts.inbox.list((await session(request)).session, input),
  );
  route(app, 'readMemberMessage', async (input, request) =>
    ctx.accounts.inbox.read((await session(request)).session, input),
  );
  route(app, 'securityStatus', async (_input, request) =>
    ctx.accounts.security.status((await session(request)).session),
  );
  route(app, 'totpSetup', async (_input, request) => {
    const caller = await session(request);
    return ctx.accounts.security.setUpTotp(caller.merchant, caller.session);
  });
  route(app, 'totpConfirm', async (input, request) =>
    ctx.accounts.security.confirmTotp((await session(request)).session, input),
  );
  route(app, 'totpDisable', async (input, request) =>
    ctx.accounts.security.disableTotp((await session(request)).session, input),
  );
  route(app, 'codeFactor', async (input, request) => {
    const caller = await session(request);
    return ctx.accounts.security.switchCodeFactor(caller.merchant, caller.session, input);
  });
  route(app, 'memberSessions', async (_input, request) =>
    ctx.accounts.sessions.listOwn((await session(request)).session),
  );
  route(app, 'endMemberSession', async (input, request) =>
    ctx.accounts.sessions.endOwn((await session(request)).session, input),
  );
}
