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
  </head>
  <body><div id="root"><main class="shell-main"></main></div><!--wps:root-end--></body>
</html>
`;

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
  await writeFile(join(root, 'asset-manifest.json'), '{"index.html":{"file":"assets/app-abc123.js"}}');
  return { root, dispose: () => rm(root, { recursive: true, force: true }) };
}
