import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireMerchant } from '../../http/merchant.js';
import { route } from '../../http/route.js';
import { SocialTokenInvalid } from '../../services/identity/index.js';
import { callerOf, requireSession } from './common.js';
import { providerLogin } from './provider-logins.js';

/** Login (username or SMS code), its second step, logout: services/identity/login.ts. */
export function loginRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'login', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    // Firebase (Google, Facebook, X, phone): the ID token verified, then the social binding.
    if (input.type === 'firebase') {
      return ctx.identity.social.firebaseLogin(merchant, input, callerOf(request)).catch((error: unknown) => {
        // Which check failed goes to the log, never to the caller (nor the token).
        if (error instanceof SocialTokenInvalid) {
          request.log.info({ refusal: error.reason }, 'firebase ID token refused');
        }
        throw error;
      });
    }
    // LINE and Telegram: as their own calls (provider-logins.ts).
    if (input.type === 'line' || input.type === 'telegram') {
      return providerLogin(ctx, request, merchant, { ...input, type: input.type });
    }
    return ctx.identity.login.logIn(merchant, input, callerOf(request));
  });

  route(app, 'loginVerification', async (input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.login.verify(merchant, input, callerOf(request));
  });

  route(app, 'logout', async (_input, request) => {
    const merchant = await requireMerchant(ctx, request);
    return ctx.identity.login.logOut(await requireSession(ctx, request, merchant));
  });
}
