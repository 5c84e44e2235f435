import {
  SENSITIVE_QUERY_PARAMS,
  SERVER_STATE_ELEMENT_ID,
  type RenderScreen,
  type ServerRenderResult,
  type WpsFetch,
} from '@wps/contract';
import type { FastifyInstance } from 'fastify';
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

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

/**
 * `/wps` answered in process, as the browser would have it answered for this host: the renderer's
 * calls go through every hook (merchant by host, rate limit, envelope) without a socket.
 */
export function inProcessFetch(app: FastifyInstance, host: string): WpsFetch {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    headers.host = host;
    const method = (init.method ?? 'GET').toUpperCase();
    const answer = await app.inject({
      method: method === 'POST' ? 'POST' : 'GET',
      url,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
  };
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
 * A rendered page paints without its scripts: they are fetched at low priority, after what the
 * first screen shows (the banner), instead of competing with it.
 */
export function lowPriorityScripts(html: string): string {
  return html.replace(
    /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
    '<link rel="modulepreload" fetchpriority="low"',
  );
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
