import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { captchaRoutes } from './captcha.js';
import { loginRoutes } from './login.js';
import { memberRoutes } from './member.js';
import { passkeyRoutes } from './passkeys.js';
import { memberAreaRoutes } from './memberArea.js';
import { progressRoutes } from './progress.js';
import { providerLoginRoutes } from './provider-logins.js';
import { referralRoutes } from './referral.js';
import { registerRoutes } from './register.js';
import { socialRoutes } from './social.js';
import { verificationRoutes } from './verification.js';

const THROTTLE_SWEEP_MS = 5 * 60_000;

/** Member accounts: login and second factor, registration, captcha, codes, member info, rank progress and unread count, passwords. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  loginRoutes(app, ctx);
  registerRoutes(app, ctx);
  memberRoutes(app, ctx);
  passkeyRoutes(app, ctx);
  memberAreaRoutes(app, ctx);
  referralRoutes(app, ctx);
  progressRoutes(app, ctx);
  captchaRoutes(app, ctx);
  verificationRoutes(app, ctx);
  socialRoutes(app, ctx);
  providerLoginRoutes(app, ctx);

  const timer = setInterval(() => {
    ctx.identity.throttle
      .sweep()
      .catch((error: unknown) => app.log.warn({ err: error }, 'login throttle sweep failed'));
    Promise.all([ctx.identity.socialLinks.sweep(), ctx.identity.socialTokenUses.sweep()]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'social sign-in sweep failed'),
    );
  }, THROTTLE_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
