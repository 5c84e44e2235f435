import fastifyStatic from '@fastify/static';
import { APP_PATHS, AppPath, DEFAULT_LANGUAGE } from '@wps/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { listBanners } from '../../services/games/catalogue-lobby.js';
import { normalizeHost } from '../../services/merchants/host.js';
import { NOT_BUILT_PAGE, WebDist } from './dist.js';
import { isIndexable, personaliseHtml } from './personalise.js';
import { lcpImagePreloadTag, preloadTags, screenForPath } from './preload.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const APP_PATH_SET = new Set(APP_PATHS);

function splitUrl(url: string): { path: string; query: string } {
  const index = url.indexOf('?');
  return index === -1 ? { path: url, query: '' } : { path: url.slice(0, index), query: url.slice(index) };
}

/** The built web app under /m/: hashed assets, root files, and the personalised HTML shell. */
export async function webRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dist = new WebDist(ctx.config.webDist);
  const pages = new TtlCache<string>(ctx.cacheTtlMs, 200);

  // `serve: false`: we only borrow reply.sendFile (ranges, ETag, 304, traversal checks).
  await app.register(fastifyStatic, {
    root: ctx.config.webDist,
    serve: false,
    dotfiles: 'deny',
    index: false,
    // The build writes .br and .gz beside each asset; send those when the browser accepts them.
    preCompressed: true,
  });

  const toHome = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`${AppPath.home}${splitUrl(request.url).query}`, 302);
  app.get('/', toHome);
  app.get('/m', toHome);

  /** The preload of the home page's first banner; none when there is no banner or it cannot be read. */
  async function firstBannerPreload(merchantId: number): Promise<string> {
    try {
      const [first] = await listBanners(ctx.db, merchantId, new Date(ctx.now()));
      return first === undefined ? '' : lcpImagePreloadTag(first.imageBase);
    } catch (error) {
      // A hint, never a reason for the page itself to fail.
      app.log.warn({ err: error }, 'first banner preload skipped');
      return '';
    }
  }

  async function sendShell(request: FastifyRequest, reply: FastifyReply, path: string, status: 200 | 404) {
    const built = await dist.indexHtml();
    reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
    if (built === null) return reply.status(503).header('retry-after', '30').send(NOT_BUILT_PAGE);

    const merchant = await ctx.merchants.byHost(request.host);
    const indexable = status === 200 && isIndexable(path, normalizeHost(request.host), merchant);
    const screen = status === 200 ? screenForPath(path) : 'NotFound';
    const key = `${built.version}:${merchant?.code ?? ''}:${indexable}:${screen}`;
    let html = pages.get(key);
    if (html === undefined) {
      const preload = [
        preloadTags(await dist.manifest(), screen, merchant?.defaultLanguage ?? DEFAULT_LANGUAGE),
        screen === 'Home' && merchant !== null ? await firstBannerPreload(merchant.id) : '',
      ]
        .filter(Boolean)
        .join('\n    ');
      html = personaliseHtml(built.html, merchant, indexable, preload);
      pages.set(key, html);
    }
    return reply.status(status).send(html);
  }

  // The asset list under its second name (spec section 2), fetched by the app's update check; the
  // first, /m/asset-manifest.json, is the build's file below. Never cached: it names the live build.
  app.get('/mobile/mc/asset-manifest.json', async (_request, reply) => {
    reply.header('cache-control', REVALIDATE);
    return reply.sendFile('asset-manifest.json', { cacheControl: false });
  });

  app.get('/m/*', async (request, reply) => {
    const { path } = splitUrl(request.url);
    if (APP_PATH_SET.has(path)) return sendShell(request, reply, path, 200);

    const relative = decodePath(path.slice('/m/'.length));
    if (relative === null) return reply.callNotFound();
    // sendFile takes the decoded path and re-encodes it for send, which refuses traversal.
    if (relative.startsWith('assets/')) {
      if (relative.endsWith('/')) return reply.callNotFound();
      // Content-hashed names: a file never changes under its name.
      reply.header('cache-control', IMMUTABLE);
      // A page of the previous build asks for its files: kept 24 h in dist/previous (docs/architecture.md).
      return reply.sendFile(await dist.assetOrRetained(relative), { cacheControl: false });
    }
    const lastSegment = relative.slice(relative.lastIndexOf('/') + 1);
    if (lastSegment.includes('.')) {
      reply.header('cache-control', REVALIDATE);
      return reply.sendFile(relative, { cacheControl: false });
    }
    // An app route the app does not know: its own not-found screen, with a 404 for crawlers.
    return sendShell(request, reply, path, 404);
  });
}

function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
