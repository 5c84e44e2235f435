import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer. The front end is same-origin, so no CORS headers are ever sent, and no
 * other site may frame the app (clickjacking on login and payment screens).
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', "frame-ancestors 'self'");
    }
    return payload;
  });
}
