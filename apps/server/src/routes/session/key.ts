import { ok, SessionKeyPath, type RsaPublicKey, type WpsSuccess } from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/**
 * GET /wps/session/key/rsa?_={time}: the public key to seal payloads with. Sent without a token and
 * for any host: keys are not per merchant. Never cached, so a rotated key reaches clients at once.
 */
export function sessionKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(SessionKeyPath, async (_request, reply): Promise<WpsSuccess<RsaPublicKey>> => {
    reply.header('cache-control', 'no-store');
    return ok(await ctx.keys.currentPublicKey());
  });
}
