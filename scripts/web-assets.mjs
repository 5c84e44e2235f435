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

/**
 * What /m/home loads before it is interactive: the entry (boot.ts) and its static imports, the app it
 * starts at once (its dynamic import of main.tsx, built into the shell chunk with what it imports
 * statically: apps/web/vite.config.ts), preloaded by the server, and the home screen's chunk and its
 * static imports.
 *
 * Left out, because a server-rendered home fetches them only once the page is idle after its load
 * event or at the first tap, key or scroll (apps/web/src/platform/idle.ts), or only in a case a
 * first-time visitor is not in: the request pipeline with the endpoint table (api/pipeline.ts, with
 * the status check, which waits for that moment on such a page), the error catalogue
 * (features/apiErrors), the carousel, the marquee, the game rows and the popup announcement
 * (screens/Home, ui/lazyWhenIdle.ts), the dialog (ui/DialogHost.tsx), the service worker's code
 * (3 s after the load); the member's data (only with a session), the auto-login (only with remembered
 * credentials). Language catalogs are texts, not code, and are not counted: a rendered page carries
 * its first screen's texts and loads the rest of its catalog with the app, a page the browser renders
 * itself (no server state) fetches its catalog and the pipeline at once.
 */
export function homeFirstLoad(manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  // The app (the shell chunk), not the entry's other dynamic imports (what `appinstalled` loads).
  const started = (entry === undefined ? [] : (manifest[entry].dynamicImports ?? [])).filter(
    (key) => manifest[key]?.name === 'shell',
  );
  const home = Object.keys(manifest).find((key) => key.endsWith('screens/Home/HomeScreen.tsx'));
  return closure(manifest, [entry, ...started, home].filter(Boolean));
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
