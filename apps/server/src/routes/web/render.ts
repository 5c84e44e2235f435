import {
  AFTER_PAINT_MODULES_ELEMENT_ID,
  SERVER_STATE_ELEMENT_ID,
  type RenderScreen,
  type ServerRenderResult,
  type WpsFetch,
} from '@wps/contract/serverRender';
import { SENSITIVE_QUERY_PARAMS } from '@wps/contract/routes';
import type { FastifyInstance } from 'fastify';
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { TtlCache } from '../../lib/ttl-cache.js';

/**
 * The web app's server renderer (apps/web/src/entry-server.tsx, built to apps/web/dist-server),
 * imported once. Its chunks import its entry by its plain name, so a rebuilt renderer cannot be
 * imported beside the old one: after a rebuild, pages are the browser's to render (the markup of
 * the old build would not match the new build's scripts) until the server restarts.
 */
export class ScreenRenderer {
  private loaded: Promise<{ mtimeMs: number; render: RenderScreen } | null> | null = null;

  constructor(
    readonly file: string,
    private readonly onStale: () => void = () => undefined,
  ) {}

  /** The render function of the build on disk; null when the renderer is not built or was rebuilt. */
  async current(): Promise<RenderScreen | null> {
    const mtimeMs = await modifiedAt(this.file);
    if (mtimeMs === null) return null;
    this.loaded ??= this.load(mtimeMs);
    const loaded = await this.loaded;
    if (loaded === null) return null;
    if (loaded.mtimeMs !== mtimeMs) {
      this.onStale();
      return null;
    }
    return loaded.render;
  }

  private async load(mtimeMs: number) {
    const module = (await import(pathToFileURL(this.file).href)) as { renderScreen?: unknown };
    if (typeof module.renderScreen !== 'function') return null;
    return { mtimeMs, render: module.renderScreen as RenderScreen };
  }
}

async function modifiedAt(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

/** A page whose address carries a credential is not rendered (nor cached) with it: the browser's. */
export function isRenderable(query: string): boolean {
  const names = [...new URLSearchParams(query).keys()].map((name) => name.toLowerCase());
  return !names.some((name) => (SENSITIVE_QUERY_PARAMS as readonly string[]).includes(name));
}

/** A `/wps` answer as the renderer keeps it. */
export interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/**
 * How long the renderer keeps an answer every visitor of a host gets alike (`Cache-Control: public`
 * with a max-age at least this long): a shared cache may keep those answers that long anyway, and a
 * rendered page is itself kept 30 s. A page at a new address (tracking parameters make many) then
 * renders without asking the database again.
 */
export const KEPT_ANSWER_TTL_MS = 10_000;

export function keptAnswers(now: () => number = Date.now): TtlCache<KeptAnswer> {
  return new TtlCache<KeptAnswer>(KEPT_ANSWER_TTL_MS, 500, now);
}

function keepsFor(cacheControl: string | undefined): boolean {
  if (cacheControl === undefined || !/\bpublic\b/i.test(cacheControl)) return false;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl);
  return maxAge !== null && Number(maxAge[1]) * 1000 >= KEPT_ANSWER_TTL_MS;
}

/**
 * `/wps` answered in process, as the browser would have it answered for this host: the renderer's
 * calls go through every hook (merchant by host, rate limit, envelope) without a socket. With `kept`,
 * public GET answers are reused as an HTTP cache would: never for a call carrying a token, nor for
 * one that asks past the caches (`Cache-Control: no-cache`).
 */
export function inProcessFetch(app: FastifyInstance, host: string, kept?: TtlCache<KeptAnswer>): WpsFetch {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    headers.host = host;
    const method = (init.method ?? 'GET').toUpperCase();
    const keepable = kept !== undefined && method === 'GET' && headers.authorization === undefined;
    const key = keepable ? keyOf(url, headers) : '';
    const reuse = keepable && !/no-cache/i.test(headers['cache-control'] ?? '');
    const found = reuse ? kept.get(key) : undefined;
    if (found !== undefined) return toResponse(found);

    const answer = await app.inject({
      method: method === 'POST' ? 'POST' : 'GET',
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders: [string, string][] = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        responseHeaders.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    }
    const result: KeptAnswer = {
      status: answer.statusCode,
      headers: responseHeaders,
      body: answer.rawPayload,
    };
    const cacheControl = answer.headers['cache-control'];
    if (
      keepable &&
      result.status === 200 &&
      keepsFor(typeof cacheControl === 'string' ? cacheControl : undefined)
    )
      kept.set(key, result);
    return toResponse(result);
  };
}

function keyOf(url: string, headers: Record<string, string>): string {
  const named = Object.entries(headers)
    .filter(([name]) => name !== 'cache-control')
    .map(([name, value]) => `${name}:${value}`)
    .sort();
  return `${url}\n${named.join('\n')}`;
}

function toResponse(answer: KeptAnswer): Response {
  return new Response(new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
}

/** `<`, `>`, `&` and the line separators escaped: the state cannot close its script element. */
export function serializeState(state: ServerRenderResult['state']): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A rendered page paints and shows its first images without its scripts, so none is fetched while
 * they arrive: the page's module preloads are dropped, the entry (a small script that waits for the
 * first screen, apps/web/src/boot.ts) is fetched at low priority, and `modules` — what the preloads
 * fetched, and the first screen's chunk and catalog — are listed for the entry to preload then.
 */
export function deferScripts(html: string, modules: readonly string[]): string {
  const list = `<script id="${AFTER_PAINT_MODULES_ELEMENT_ID}" type="application/json">${JSON.stringify(modules).replace(/</g, '\\u003c')}</script>`;
  return html
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(/<\/body>/, () => `  ${list}\n  </body>`);
}

const ROOT_PATTERN = /<div id="root">[\s\S]*?<!--wps:root-end-->/;

/**
 * The page with the rendered screen in place of the static shell's placeholder, and its state for
 * the browser; the page unchanged when its template has no placeholder.
 */
export function insertRenderedScreen(page: string, rendered: ServerRenderResult): string {
  if (!ROOT_PATTERN.test(page)) return page;
  const state = `<script id="${SERVER_STATE_ELEMENT_ID}" type="application/json">${serializeState(rendered.state)}</script>`;
  return page.replace(ROOT_PATTERN, () => `<div id="root">${rendered.html}</div>\n    ${state}`);
}
