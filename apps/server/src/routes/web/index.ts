import { withCsScriptOrigin } from '../../services/merchants/cs-script.js';
import { withDeviceFrameOrigin, withPixelOrigins } from '../../services/tracking/pixel-policy.js';
import fastifyStatic from '@fastify/static';
import { APP_PATHS, AppPath } from '@wps/contract/routes';
import { DEFAULT_LANGUAGE, type LanguageCode } from '@wps/contract/languages';
import { MAINTENANCE_PAGE_MODULE_SOURCE, type WpsFetch } from '@wps/contract/serverRender';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { appCsp, type PolicyAdditions } from '../../http/security.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { providerOrigins } from '../../services/identity/index.js';
import { listBanners } from '../../services/games/catalogue-lobby.js';
import { normalizeHost } from '../../services/merchants/host.js';
import type { PageMerchant } from '../../services/merchants/page-merchant.js';
import type { Merchant } from '../../services/merchants/repository.js';
import { NOT_BUILT_PAGE, WebDist } from './dist.js';
import { isIndexable, pageLanguage, personaliseHtml } from './personalise.js';
import {
  afterPaintModules,
  firstScreenStyles,
  inlineStyles,
  lcpImagePreloadTag,
  preloadTags,
  screenForPath,
  withoutStylesheetLinks,
} from './preload.js';
import {
  inProcessFetch,
  insertRenderedScreen,
  keptAnswers,
  isRenderable,
  deferScripts,
  ScreenRenderer,
} from './render.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const APP_PATH_SET = new Set(APP_PATHS);

function splitUrl(url: string): { path: string; query: string } {
  const index = url.indexOf('?');
  return index === -1 ? { path: url, query: '' } : { path: url.slice(0, index), query: url.slice(index) };
}

/**
 * Where pages learn their merchant and the first screen's `/wps` answers: this server's database and
 * routes, or the merchant's own backend in proxy mode (http/upstream-pages.ts).
 */
export interface PageSource<M extends PageMerchant = PageMerchant> {
  /** The merchant of the page's host; null: none, the page as built. */
  merchantOf(request: FastifyRequest): Promise<M | null>;
  /** The transport of the renderer's `/wps` calls for this page request. */
  fetchFor(request: FastifyRequest): WpsFetch;
  /** The home page's first-banner preload tag ('' for none); absent when the source cannot tell. */
  firstBannerPreload?: (merchant: M) => Promise<string>;
  /** Origins the merchant's pages may use beyond their own (its sign-in providers'); absent: none. */
  policyAdditions?: (merchant: M) => Promise<PolicyAdditions>;
}

export interface PageOptions {
  webDist: string;
  webRenderer: string;
  /** TTL of the personalised pages. */
  cacheTtlMs: number;
  /** Registers the drop of the kept pages when a merchant is saved (issue 30); absent: TTL only. */
  onMerchantChange?: (drop: () => void) => void;
}

/** The built web app under /m/, its merchant and first screen from this server's own database. */
export async function webRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Kept only where pages are kept (a server built with no caching renders every page from its data).
  const answers = ctx.cacheTtlMs > 0 ? keptAnswers(() => ctx.now()) : undefined;
  const policies = new TtlCache<PolicyAdditions>(ctx.cacheTtlMs, 1000, () => ctx.now());
  const source: PageSource<Merchant> = {
    merchantOf: (request) => ctx.merchants.byHost(request.host),
    fetchFor: (request) => inProcessFetch(app, request.host, answers),
    policyAdditions: (merchant) =>
      policies.getOrLoad(String(merchant.id), async () =>
        withCsScriptOrigin(
          withDeviceFrameOrigin(
            withPixelOrigins(
              providerOrigins(
                await ctx.identity.identityProviders.publicConfigs(merchant.id),
                ctx.config.identityStandIns,
              ),
              merchant.settings.adPixels,
            ),
            merchant.settings.gw.DEVICE_ID_IFRAME_URL,
          ),
          merchant.settings.customerServiceScript,
        ),
      ),
    /** The preload of the home page's first banner; none when there is no banner or it cannot be read. */
    async firstBannerPreload(merchant) {
      try {
        const [first] = await listBanners(ctx.db, merchant.id, new Date(ctx.now()));
        return first === undefined ? '' : lcpImagePreloadTag(first.imageBase);
      } catch (error) {
        // A hint, never a reason for the page itself to fail.
        app.log.warn({ err: error }, 'first banner preload skipped');
        return '';
      }
    },
  };
  // A saved merchant (theme, flags, domains) is in the next page of every instance, not the TTL's.
  ctx.merchantChanges.onChange(() => {
    answers?.clear();
    policies.clear();
  });
  const { webDist, webRenderer } = ctx.config;
  const onMerchantChange = (drop: () => void) => ctx.merchantChanges.onChange(drop);
  await pageRoutes(app, { webDist, webRenderer, cacheTtlMs: ctx.cacheTtlMs, onMerchantChange }, source);
}

/** The built web app under /m/: hashed assets, root files, and the personalised HTML shell. */
export async function pageRoutes<M extends PageMerchant>(
  app: FastifyInstance,
  options: PageOptions,
  source: PageSource<M>,
): Promise<void> {
  const dist = new WebDist(options.webDist);
  let warnedStale = false;
  const renderer = new ScreenRenderer(options.webRenderer, () => {
    if (!warnedStale) app.log.warn('the web app was rebuilt: pages render in the browser until a restart');
    warnedStale = true;
  });
  const pages = new TtlCache<string>(options.cacheTtlMs, 200);
  options.onMerchantChange?.(() => pages.clear());

  // `serve: false`: we only borrow reply.sendFile (ranges, ETag, 304, traversal checks).
  await app.register(fastifyStatic, {
    root: options.webDist,
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

  /**
   * The first screen rendered on the server for a known merchant in its default language (the page
   * still works without: the browser renders it). Null when it cannot be rendered.
   */
  async function renderFirstScreen(merchant: M, request: FastifyRequest, language: LanguageCode) {
    try {
      const render = await renderer.current();
      if (render === null) return null;
      return await render({
        url: request.url,
        merchantCode: merchant.code,
        language,
        fetch: source.fetchFor(request),
      });
    } catch (error) {
      app.log.warn({ err: error }, 'server render failed: the browser renders the page');
      return null;
    }
  }

  // Proxy mode has no lobby database: its rendered page carries the banner as an <img fetchpriority=high>.
  const firstBannerPreload = source.firstBannerPreload ?? (async () => '');

  async function sendShell(request: FastifyRequest, reply: FastifyReply, path: string, status: 200 | 404) {
    const built = await dist.indexHtml();
    reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8');
    if (built === null) return reply.status(503).header('retry-after', '30').send(NOT_BUILT_PAGE);

    const merchant = await source.merchantOf(request);
    if (merchant !== null && source.policyAdditions) {
      reply.header('content-security-policy', appCsp(await source.policyAdditions(merchant)));
    }
    const indexable = status === 200 && isIndexable(path, normalizeHost(request.host), merchant);
    const screen = status === 200 ? screenForPath(path) : 'NotFound';
    const { query } = splitUrl(request.url);
    const renderable = merchant !== null && isRenderable(query);
    const language =
      merchant === null ? DEFAULT_LANGUAGE : pageLanguage(merchant, request.headers['accept-language']);
    // The page is in the browser's language where the merchant offers it: caches keep them apart.
    reply.header('vary', 'Accept-Language');
    const key = `${built.version}:${merchant?.code ?? ''}:${language}:${indexable}:${screen}:${renderable ? request.url : ''}`;
    let html = pages.get(key);
    if (html === undefined) {
      const rendered = renderable ? await renderFirstScreen(merchant, request, language) : null;
      const manifest = await dist.manifest();
      // A page rendered inside a maintenance window shows the maintenance page: its styles too.
      const shown = rendered?.state.maintenance ? [MAINTENANCE_PAGE_MODULE_SOURCE] : [];
      const preload = [
        // A rendered page carries its first screen's texts and styles, and fetches its scripts after
        // that screen is shown (deferScripts): no request before the paint but its images.
        rendered === null
          ? preloadTags(manifest, screen, language)
          : await inlineStyles(manifest, screen, (file) => dist.readAsset(file), shown),
        screen === 'Home' && merchant !== null ? await firstBannerPreload(merchant) : '',
      ]
        .filter(Boolean)
        .join('\n    ');
      html = personaliseHtml(built.html, merchant, indexable, preload, language);
      if (rendered !== null) {
        html = withoutStylesheetLinks(
          insertRenderedScreen(html, rendered),
          firstScreenStyles(manifest, screen, shown),
        );
        html = deferScripts(html, afterPaintModules(manifest, screen, language));
      }
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

  // A form the browser submitted by itself, before the app's code had run (the app's forms post, so a
  // password never goes into an address): back to the page, the body drained unread and never kept.
  await app.register(async (forms) => {
    forms.removeAllContentTypeParsers();
    forms.addContentTypeParser('*', (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, undefined));
    });
    forms.post('/m/*', (request, reply) =>
      APP_PATH_SET.has(splitUrl(request.url).path) ? reply.redirect(request.url, 303) : reply.callNotFound(),
    );
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
      // A page of the previous build asks for its files: kept 24 h in dist/previous (docs/pwa.md).
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
