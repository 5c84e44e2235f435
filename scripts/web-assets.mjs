// Reads the web build's manifest to tell which files a page loads first and which load lazily.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = new URL('../apps/web/dist/', import.meta.url).pathname;

export function readManifest() {
  try {
    return JSON.parse(readFileSync(join(WEB_DIST, 'asset-manifest.json'), 'utf8'));
  } catch {
    console.error('No web build found: run `npm run build` first.');
    process.exit(1);
  }
}

export function gzipSize(file) {
  return gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length;
}

export function rawSize(file) {
  return statSync(join(WEB_DIST, file)).size;
}

/** Files a manifest entry needs before it runs: itself and its static imports, recursively. */
export function closure(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/** What /m/home loads before its first render: the entry and the home screen chunk (the router awaits it). */
export function homeFirstLoad(manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const home = Object.keys(manifest).find((key) => key.endsWith('screens/Home/HomeScreen.tsx'));
  return closure(manifest, [entry, home].filter(Boolean));
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
