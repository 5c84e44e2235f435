import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { retainAssets } from '../scripts/retain-assets.js';
import { startServer } from '../scripts/server-process.mjs';

/**
 * A server of a test's own over a private copy of the build, and a simulated second deploy of it, for
 * the deploy tests (pwa-deploy.spec.ts). The shared apps/web/dist is never touched: other runs and
 * builds use it at the same time.
 */

const ROOT = new URL('..', import.meta.url).pathname;

export interface OwnServer {
  /** `http://localhost:<port>`: the merchant of the e2e data (Aurora Play). */
  origin: string;
  /** The private copy of apps/web/dist the server serves. */
  dist: string;
  stop(): Promise<void>;
}

/** Every file the copied build names is there: not a copy taken while another build was writing. */
function wholeBuild(dist: string): boolean {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(dist, 'asset-manifest.json'), 'utf8'));
    if (typeof manifest !== 'object' || manifest === null) return false;
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const named = [
      ...Object.values(manifest).map((chunk: unknown) => String(Reflect.get(Object(chunk), 'file'))),
      ...[...html.matchAll(/\/m\/(assets\/[^"]+)"/g)].map((match) => match[1] ?? ''),
    ];
    return named.length > 0 && named.every((file) => existsSync(join(dist, file)));
  } catch {
    return false;
  }
}

/**
 * Copies apps/web/dist and dist-server. Others may run `npm run build` at the same time, which moves
 * files away mid-copy: the copy is taken again until it is one whole build.
 */
async function copyBuild(dist: string, distServer: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    rmSync(dist, { recursive: true, force: true });
    rmSync(distServer, { recursive: true, force: true });
    try {
      cpSync(join(ROOT, 'apps/web/dist'), dist, { recursive: true });
      cpSync(join(ROOT, 'apps/web/dist-server'), distServer, { recursive: true });
      if (wholeBuild(dist) && existsSync(join(distServer, 'entry-server.js'))) return;
    } catch (error) {
      if (attempt >= 30) throw error;
    }
    if (attempt >= 30) throw new Error('apps/web/dist never held one whole build');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

export async function startOwnServer(): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), 'wps-deploy-'));
  const dist = join(dir, 'dist');
  const distServer = join(dir, 'dist-server');
  await copyBuild(dist, distServer);
  const server = await startServer({
    WEB_DIST: dist,
    WEB_RENDERER: join(distServer, 'entry-server.js'),
  });
  return {
    origin: server.localhost,
    dist,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const PRECOMPRESSED = /\.(?:br|gz)$/;
/** `Name-<hash>.<ext>` as Vite names its output. */
const HASHED = /^(.+-[\w-]{6,})(\.[a-z0-9]+)$/;
const TEXT = /\.(?:js|css|html|json|svg)$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Deploy {
  /** Old asset path (relative to dist, `assets/…`) → its name in the new build. */
  renamed: Map<string, string>;
  /** The marker the new index.html carries (`<meta name="wps-build">`). */
  build: string;
}

/**
 * What a second build deployed over the first does to dist, done to the private copy:
 *
 * - every hashed asset gets a new name (a real build renames only the chunks whose content changed:
 *   renaming all of them is the harder case, no file of the page's build is left under its name),
 *   with every reference to it rewritten (imports between chunks, index.html, asset-manifest.json,
 *   sw.js's precache list, whose shell revision changes too, so the browser sees a new worker);
 * - the new index.html carries a `<meta name="wps-build">` marker, the way a changed source would
 *   change the page, so a test can tell which build it is on;
 * - the previous build's assets are kept under previous/ by scripts/retain-assets.ts itself, exactly
 *   as `npm run build` does before writing a new build.
 *
 * Files are written in the order a deploy's copy would land them: assets first, then the lists, then
 * index.html and sw.js. The precompressed .br/.gz files are not recreated for the new build: the
 * server sends the plain file when there is none.
 */
export function deploySecondBuild(dist: string, build = 'second'): Deploy {
  const assetsDir = join(dist, 'assets');
  const assets = listFiles(assetsDir)
    .filter((path) => !PRECOMPRESSED.test(path))
    .map((path) => relative(dist, path));
  const renamed = new Map<string, string>();
  for (const path of assets) {
    const base = path.slice(path.lastIndexOf('/') + 1);
    const match = HASHED.exec(base);
    const newBase = match ? `${match[1]}n2${match[2]}` : base;
    renamed.set(path, `${dirname(path)}/${newBase}`);
  }
  const names = [...renamed.entries()]
    .map(([from, to]) => [from.slice(from.lastIndexOf('/') + 1), to.slice(to.lastIndexOf('/') + 1)] as const)
    .filter(([from, to]) => from !== to)
    .sort((a, b) => b[0].length - a[0].length);
  const pattern = new RegExp(names.map(([from]) => escapeRegExp(from)).join('|'), 'g');
  const byName = new Map(names);
  const rewrite = (text: string) => text.replace(pattern, (name) => byName.get(name) ?? name);

  const read = (path: string) => readFileSync(join(dist, path));
  const newAssets = assets.map((path) => {
    const content = read(path);
    return [
      renamed.get(path) ?? path,
      TEXT.test(path) ? rewrite(content.toString('utf8')) : content,
    ] as const;
  });
  const indexHtml = rewrite(read('index.html').toString('utf8')).replace(
    /<meta charset="utf-8" \/>/,
    (tag) => `${tag}\n    <meta name="wps-build" content="${build}" />`,
  );
  const manifest = rewrite(read('asset-manifest.json').toString('utf8'));
  const sw = rewrite(read('sw.js').toString('utf8')).replace(
    /"revision":"[0-9a-f]+","url":"index.html"/,
    `"revision":"${build}${Date.now().toString(16)}","url":"index.html"`,
  );
  const favicon = read('favicon.svg');

  // What `npm run build` runs first: the live assets go to previous/, kept 24 h; the rest is cleared.
  retainAssets(dist);
  for (const [path, content] of newAssets) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  writeFileSync(join(dist, 'favicon.svg'), favicon);
  writeFileSync(join(dist, 'asset-manifest.json'), manifest);
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'sw.js'), sw);
  return { renamed, build };
}
