import { ErrorCode } from '@wps/contract/errorCodes';
import { GameImagePath } from '@wps/contract/games';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { WpsHttpError } from '../../http/errors.js';
import { parseImageName, renderImage } from '../../services/games/art.js';
import { warmBannerImages } from '../../services/games/catalogue-lobby.js';

/** An image's URL never changes meaning (a new picture gets a new row), so browsers keep it a year. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * `GET /wps/game/image/{kind}-{id}.{png|webp|avif}`: game art, vendor logos, banners and
 * announcement pictures. Public (no merchant, no session): the names carry no secret, and the
 * same picture serves every host.
 */
export function imageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cache = ctx.images;

  // A running server renders the banners (the home page's largest paint) before anyone asks, so the
  // first visitors after a start do not wait for an AVIF encoding. In the background: never delays
  // listening, and a failure only costs the head start.
  app.addHook('onListen', () => {
    const started = performance.now();
    warmBannerImages(ctx.db, cache, new Date(ctx.now())).then(
      (images) =>
        app.log.info({ images, ms: Math.round(performance.now() - started) }, 'banner images warmed'),
      (error: unknown) => app.log.warn({ err: error }, 'banner image warm-up failed'),
    );
  });

  app.get(`${GameImagePath.prefix}:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const name = parseImageName(file);
    const image = name === null ? null : await renderImage(ctx.db, cache, name);
    if (image === null) throw new WpsHttpError(404, ErrorCode.NOT_FOUND, 'No such image.');
    reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', image.etag);
    if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
    return reply.type(image.contentType).send(image.bytes);
  });
}
