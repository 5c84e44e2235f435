import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/route.js';

/**
 * GET /wps/session/key/rsa?_={time}: the public key to seal payloads with. Sent without a token and
 * for any host: keys are not per merchant. Never cached, so a rotated key reaches clients at once.
 */
export function sessionKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, 'sessionKey', () => ctx.keys.currentPublicKey());
}
