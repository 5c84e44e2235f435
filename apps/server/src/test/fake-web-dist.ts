import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The parts of a Vite build the server cares about, so no test depends on the real web build. */
export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="utf-8" />
    <title>Play</title>
    <!--wps:head-->
    <script type="module" src="/m/assets/app-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

export const FAKE_ASSET = 'console.info("app");\n';

export async function createFakeWebDist(): Promise<{ root: string; dispose(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), 'wps-web-dist-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), FAKE_INDEX_HTML);
  await writeFile(join(root, 'assets', 'app-abc123.js'), FAKE_ASSET);
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  await writeFile(join(root, 'asset-manifest.json'), '{"index.html":{"file":"assets/app-abc123.js"}}');
  return { root, dispose: () => rm(root, { recursive: true, force: true }) };
}
