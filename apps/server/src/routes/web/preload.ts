import {
  catalogModuleSource,
  gameImageUrl,
  SCREEN_FOR_PATH,
  screenModuleSource,
  type ScreenName,
} from '@wps/contract';
import { escapeHtml } from '../../lib/html.js';

/** One chunk of the web build's manifest (Vite's `asset-manifest.json`). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
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

export function screenForPath(path: string): ScreenName {
  return (SCREEN_FOR_PATH as Record<string, ScreenName>)[path] ?? 'NotFound';
}

/**
 * Links that fetch the first screen's chunk and the language catalog together with the entry, instead
 * of after it has run: the build's own HTML already preloads what the entry imports statically.
 */
export function preloadTags(manifest: BuildManifest, screen: ScreenName, language: string): string {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const already = closure(manifest, entryKeys);
  const wanted = closure(manifest, [screenModuleSource(screen), catalogModuleSource(language)]);
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
 * The home page's first banner, its largest paint, fetched while the HTML is still parsed instead of
 * after the scripts, the settings and the banner list. AVIF only: a browser without AVIF skips a
 * preload of that type, and its `<picture>` falls back to WebP as before.
 */
export function lcpImagePreloadTag(imageBase: string): string {
  const href = gameImageUrl(imageBase, 'avif');
  return `<link rel="preload" as="image" type="image/avif" fetchpriority="high" href="${escapeHtml(href)}">`;
}
