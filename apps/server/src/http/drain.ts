import type { FastifyInstance } from 'fastify';

/**
 * Once close() starts, answers still in flight carry `Connection: close`. Node closes only the
 * sockets idle at that moment; without this a keep-alive socket that finishes a slow request
 * afterwards would hold the shutdown until its keep-alive timeout.
 */
export function installDrainOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
