import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { requireSession } from './common.js';

/**
 * The member area (issue 15): the inbox, settings and security, the member's sessions
 * (services/member/inbox.ts, services/identity/security.ts and sessions.ts). Every call acts on the session's own account.
 */
export function memberAreaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const session = async (request: FastifyRequest) => {
    const merchant = await requireMerchant(ctx, request);
    return { merchant, session: await requireSession(ctx, request, merchant) };
  };

  route(app, 'memberMessages', async (input, request) =>
    ctx.member.inbox.list((await session(request)).session, input),
  );
  route(app, 'readMemberMessage', async (input, request) =>
    ctx.member.inbox.read((await session(request)).session, input),
  );
  route(app, 'securityStatus', async (_input, request) =>
    ctx.identity.security.status((await session(request)).session),
  );
  route(app, 'totpSetup', async (_input, request) => {
    const caller = await session(request);
    return ctx.identity.security.setUpTotp(caller.merchant, caller.session);
  });
  route(app, 'totpConfirm', async (input, request) =>
    ctx.identity.security.confirmTotp((await session(request)).session, input),
  );
  route(app, 'totpDisable', async (input, request) =>
    ctx.identity.security.disableTotp((await session(request)).session, input),
  );
  route(app, 'codeFactor', async (input, request) => {
    const caller = await session(request);
    return ctx.identity.security.switchCodeFactor(caller.merchant, caller.session, input);
  });
  route(app, 'contactCode', async (input, request) => {
    const caller = await session(request);
    return ctx.identity.contacts.sendCode(caller.merchant, caller.session, input);
  });
  route(app, 'contactVerify', async (input, request) => {
    const caller = await session(request);
    return ctx.identity.contacts.verify(caller.merchant, caller.session, input);
  });
  route(app, 'contactRemove', async (input, request) => {
    const caller = await session(request);
    return ctx.identity.contacts.remove(caller.merchant, caller.session, input);
  });
  route(app, 'memberSessions', async (_input, request) =>
    ctx.identity.sessions.listOwn((await session(request)).session),
  );
  route(app, 'endMemberSession', async (input, request) =>
    ctx.identity.sessions.endOwn((await session(request)).session, input),
  );
}
