import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { parseHost } from '../../services/merchants/host.js';
import type { RelyingParty } from '../../services/identity/index.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { callerOf, requireSession } from './common.js';

/**
 * The merchant of the request and the relying party of the domain it came in on: `request.host` is
 * what `requireMerchant` resolved (X-Forwarded-Host only behind a trusted proxy), and the service
 * accepts it only when it is one of the merchant's registered domains.
 */
async function merchantAndRelyingParty(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ merchant: Merchant; rp: RelyingParty }> {
  const merchant = await requireMerchant(ctx, request);
  const host = parseHost(request.host);
  // requireMerchant found a merchant, so the host parses; an unparsable one is an empty host here.
  const rp = await ctx.identity.passkeys.relyingParty(merchant, host ?? { hostname: '', port: null });
  return { merchant, rp };
}

/** Passkeys: the member's own (session) and the sign-in with one (no session): services/identity/passkeys/. */
export function passkeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { passkeys } = ctx.identity;

  route(app, 'passkeyRegistrationOptions', async (_input, request) => {
    const { merchant, rp } = await merchantAndRelyingParty(ctx, request);
    return passkeys.registrationOptions(merchant, rp, await requireSession(ctx, request, merchant));
  });

  route(app, 'passkeyRegistration', async (input, request) => {
    const { merchant, rp } = await merchantAndRelyingParty(ctx, request);
    return passkeys.register(merchant, rp, await requireSession(ctx, request, merchant), input);
  });

  route(app, 'passkeys', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return passkeys.list(merchant, await requireSession(ctx, request, merchant));
  });

  route(app, 'passkeyRename', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return passkeys.rename(merchant, await requireSession(ctx, request, merchant), input);
  });

  route(app, 'passkeyDelete', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return passkeys.remove(merchant, await requireSession(ctx, request, merchant), input);
  });

  route(app, 'passkeyLoginOptions', async (_input, request) => {
    const { merchant, rp } = await merchantAndRelyingParty(ctx, request);
    return passkeys.loginOptions(merchant, rp);
  });

  route(app, 'passkeyLogin', async (input, request) => {
    const { merchant, rp } = await merchantAndRelyingParty(ctx, request);
    return passkeys.logIn(merchant, rp, input, callerOf(request));
  });
}
