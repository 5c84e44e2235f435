import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** The parts of a Vite build the server cares about, so no test depends on the real web build. */
export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <title>Play</title>
    <style>
      ${Array.from({ length: 24 }, (_, index) => `.shell-block-${index} { margin: ${index}px; padding: 4px; }`).join('\n      ')}
    </style>
    <!--wps:head-->
    <script type="module" src="/m/assets/app-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/m/assets/shell-abc123.js">
  </head>
  <body><div id="root"><main class="shell-main"></main></div><!--wps:root-end--></body>
</html>
`;

/** The build's manifest: the entry starts the app (the shell) and loads another chunk on an event. */
export const FAKE_MANIFEST = {
  'index.html': {
    file: 'assets/app-abc123.js',
    isEntry: true,
    dynamicImports: ['_shell-abc123.js', '_installed-abc123.js'],
  },
  '_shell-abc123.js': { file: 'assets/shell-abc123.js', name: 'shell' },
  '_installed-abc123.js': { file: 'assets/installed-abc123.js', name: 'installed' },
  '_shared-abc123.js': { file: 'assets/shared-abc123.js', imports: ['_shell-abc123.js'] },
  'src/screens/Home/HomeScreen.tsx': { file: 'assets/HomeScreen-abc123.js', imports: ['_shared-abc123.js'] },
  'src/screens/Login/LoginScreen.tsx': {
    file: 'assets/LoginScreen-abc123.js',
    imports: ['_shared-abc123.js'],
  },
  'src/i18n/bundledCatalogs.ts': { file: 'assets/bundledCatalogs-abc123.js' },
  'src/i18n/catalogs/en.json': { file: 'assets/i18n/en-abc123.js' },
  'src/i18n/catalogs/vi.json': { file: 'assets/i18n/vi-abc123.js' },
};

export const FAKE_ASSET = 'console.info("app");\n';
export const FAKE_RETAINED_ASSET = 'console.info("previous build");\n';
export const FAKE_BIG_ASSET = 'console.info("a large chunk");\n'.repeat(200);

export async function createFakeWebDist(): Promise<{ root: string; dispose(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'wps-web-dist-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), FAKE_INDEX_HTML);
  await writeFile(join(root, 'assets', 'app-abc123.js'), FAKE_ASSET);
  // What scripts/precompress.mjs writes beside a built asset.
  await writeFile(join(root, 'assets', 'big-abc123.js'), FAKE_BIG_ASSET);
  await writeFile(join(root, 'assets', 'big-abc123.js.br'), brotliCompressSync(FAKE_BIG_ASSET));
  await writeFile(join(root, 'assets', 'big-abc123.js.gz'), gzipSync(FAKE_BIG_ASSET));
  // What scripts/retain-assets.ts keeps of the previous build (and one name both builds have).
  await mkdir(join(root, 'previous', 'assets', 'i18n'), { recursive: true });
  await writeFile(join(root, 'previous', 'assets', 'HomeScreen-old111.js'), FAKE_RETAINED_ASSET);
  await writeFile(join(root, 'previous', 'assets', 'i18n', 'en-old111.js'), FAKE_RETAINED_ASSET);
  await writeFile(join(root, 'previous', 'assets', 'app-abc123.js'), 'stale');
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  await writeFile(join(root, 'asset-manifest.json'), JSON.stringify(FAKE_MANIFEST));
  return { root, dispose: () => rm(root, { recursive: true, force: true }) };
}
