import { CATALOG_MAP_MODULE_SOURCE } from '@wps/contract/serverRender';
import {
  catalogModuleSource,
  SCREEN_FOR_PATH,
  screenModuleSource,
  type ScreenName,
} from '@wps/contract/routes';
import { gameImageUrl } from '@wps/contract/games';
import { escapeHtml } from '../../lib/html.js';

/** One chunk of the web build's manifest (Vite's `asset-manifest.json`). */
export interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  dynamicImports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

export function isBuildManifest(value: unknown): value is BuildManifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (chunk: unknown) =>
        typeof chunk === 'object' && chunk !== null && typeof (chunk as ManifestChunk).file === 'string',
    )
  );
}

function closure(manifest: BuildManifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js, css };
}

/** The chunk of the app the entry starts (apps/web/vite.config.ts names it). */
export const APP_CHUNK_NAME = 'shell';

/** The app the entry starts; not its other dynamic imports, which load on an event (`appinstalled`). */
function appStarted(manifest: BuildManifest, entryKeys: string[]): string[] {
  return entryKeys
    .flatMap((key) => manifest[key]?.dynamicImports ?? [])
    .filter((key) => manifest[key]?.name === APP_CHUNK_NAME);
}

/**
 * A screen's chunk and, when the app reaches it only through another lazy chunk (the web's
 * app/lazyParts.ts: every screen but the home screen), that chunk too: a page starting on the
 * screen fetches both at once rather than one after the other.
 */
function screenKeys(manifest: BuildManifest, screen: ScreenName, started: readonly string[]): string[] {
  const source = screenModuleSource(screen);
  const importers = Object.keys(manifest).filter((key) => manifest[key]?.dynamicImports?.includes(source));
  return importers.some((key) => started.includes(key)) ? [source] : [...importers, source];
}

export function screenForPath(path: string): ScreenName {
  return (SCREEN_FOR_PATH as Record<string, ScreenName>)[path] ?? 'NotFound';
}

/**
 * Links that fetch the first screen's chunk, its styles and the language catalog together with the
 * entry, instead of after it has run, on a page the browser renders itself: the build's own HTML
 * already preloads what the entry imports statically.
 */
export function preloadTags(manifest: BuildManifest, screen: ScreenName, language: string): string {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const already = closure(manifest, entryKeys);
  const started = appStarted(manifest, entryKeys);
  const wanted = closure(manifest, [
    // The app the entry starts after the first paint (apps/web/src/boot.ts): fetched meanwhile.
    ...started,
    ...screenKeys(manifest, screen, started),
    catalogModuleSource(language),
  ]);
  const tags: string[] = [];
  for (const file of wanted.css) {
    if (!already.css.has(file)) tags.push(`<link rel="stylesheet" href="/m/${escapeHtml(file)}">`);
  }
  for (const file of wanted.js) {
    if (!already.js.has(file))
      tags.push(`<link rel="modulepreload" crossorigin href="/m/${escapeHtml(file)}">`);
  }
  return tags.join('\n    ');
}

/**
 * A rendered page's scripts, fetched once its first screen has been shown (apps/web/src/boot.ts): the
 * app the entry starts, the first screen's chunk, and the catalog of `language` with the map of
 * catalogs (the page carries only the texts its first screen shows). Paths under /m/assets/, without
 * what the entry imports itself.
 */
export function afterPaintModules(manifest: BuildManifest, screen: ScreenName, language: string): string[] {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const already = closure(manifest, entryKeys);
  const started = appStarted(manifest, entryKeys);
  const wanted = closure(manifest, [
    ...started,
    ...screenKeys(manifest, screen, started),
    CATALOG_MAP_MODULE_SOURCE,
    catalogModuleSource(language),
  ]);
  return [...wanted.js].filter((file) => !already.js.has(file)).map((file) => `/m/${file}`);
}

/**
 * The stylesheets the entry and the first screen need, in the order the build links them; `shown`
 * names a module the page shows instead of the screen (the maintenance page).
 */
export function firstScreenStyles(
  manifest: BuildManifest,
  screen: ScreenName,
  shown: readonly string[] = [],
): string[] {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const started = appStarted(manifest, entryKeys);
  return [...closure(manifest, [...entryKeys, ...started, screenModuleSource(screen), ...shown]).css];
}

/**
 * The first screen's styles as one inline element, so the first paint waits for no stylesheet
 * request; `read` gives a built file's text. The build's own `<link>`s to the same files are dropped
 * from the page with `withoutStylesheetLinks`.
 *
 * Each inlined file is also named by a disabled `<link rel="stylesheet">`, which the browser does not
 * fetch: the build's module loader (Vite's preload helper) skips a stylesheet the page already links,
 * so the app's chunks do not fetch, parse and apply the same styles again after the paint (a style
 * pass over the whole page, one of the longest tasks of the start-up on a slow phone).
 */
export async function inlineStyles(
  manifest: BuildManifest,
  screen: ScreenName,
  read: (file: string) => Promise<string>,
  shown: readonly string[] = [],
): Promise<string> {
  const files = firstScreenStyles(manifest, screen, shown);
  const texts = await Promise.all(files.map(read));
  if (texts.length === 0) return '';
  const inline = `<style>${texts.join('\n').replace(/<\/style/gi, '<\\/style')}</style>`;
  return [inline, ...files.map(inlinedStylesheetMarker)].join('');
}

/**
 * Names a stylesheet whose text is inline in the page, so the app's chunk loader finds it and does not
 * fetch it again. `disabled` alone no longer stops a fetch (Chromium 150 fetches a parser-inserted
 * disabled stylesheet, only not applying it); a type that is not CSS does.
 */
export function inlinedStylesheetMarker(file: string): string {
  return `<link rel="stylesheet" href="/m/${escapeHtml(file)}" type="text/plain" disabled>`;
}

/**
 * The page without the `<link rel="stylesheet">` elements of `files` (their styles are inline); the
 * disabled ones that name the inlined files stay.
 */
export function withoutStylesheetLinks(html: string, files: readonly string[]): string {
  const hrefs = new Set(files.map((file) => `/m/${file}`));
  return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>\s*/gi, (tag) => {
    if (/\sdisabled>\s*$/.test(tag)) return tag;
    const href = /\bhref="([^"]*)"/i.exec(tag)?.[1];
    return href !== undefined && hrefs.has(href) ? '' : tag;
  });
}

/**
 * The home page's first banner, its largest paint, fetched while the HTML is still parsed instead of
 * after the scripts, the settings and the banner list. AVIF only: a browser without AVIF skips a
 * preload of that type, and its `<picture>` falls back to WebP as before.
 */
export function lcpImagePreloadTag(imageBase: string): string {
  const href = gameImageUrl(imageBase, 'avif');
  return `<link rel="preload" as="image" type="image/avif" fetchpriority="high" href="${escapeHtml(href)}">`;
}
