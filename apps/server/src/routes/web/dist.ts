import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isBuildManifest, type BuildManifest } from './preload.js';

/** The built web app's index.html, re-read whenever the build replaces it. */
export class WebDist {
  private cached: { mtimeMs: number; html: string } | null = null;
  private cachedManifest: { mtimeMs: number; manifest: BuildManifest } | null = null;

  constructor(readonly root: string) {}

  /** The template and a version that changes with every build; null when the app is not built. */
  async indexHtml(): Promise<{ html: string; version: number } | null> {
    const file = join(this.root, 'index.html');
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return null;
    }
    if (this.cached?.mtimeMs !== mtimeMs) {
      try {
        this.cached = { mtimeMs, html: await readFile(file, 'utf8') };
      } catch {
        // Moved away between the stat and the read (a deploy replacing the build): the page read
        // before, else "not built" — never a 500 for a page that is back in a moment.
        return this.cached === null ? null : { html: this.cached.html, version: this.cached.mtimeMs };
      }
    }
    return { html: this.cached.html, version: mtimeMs };
  }

  /**
   * `assets/<file>` of this build, else of an earlier one retained under previous/ (the web build's
   * scripts/retain-assets.ts keeps a retired build's files for at least 24 h); the path to send.
   */
  async assetOrRetained(relative: string): Promise<string> {
    // Traversal is send's to refuse: such a path is passed on untouched.
    if (relative.split('/').includes('..')) return relative;
    if (await isFile(join(this.root, relative))) return relative;
    const retained = `${RETAINED_DIR}/${relative}`;
    return (await isFile(join(this.root, retained))) ? retained : relative;
  }

  /**
   * The text of a built file (a stylesheet inlined into a rendered page), else of the retained copy
   * of an earlier build: a deploy moves files one by one, and a manifest read a moment before names
   * the files of the build being replaced.
   */
  async readAsset(relative: string): Promise<string> {
    try {
      return await readFile(join(this.root, relative), 'utf8');
    } catch (error) {
      if (relative.split('/').includes('..')) throw error;
      return readFile(join(this.root, RETAINED_DIR, relative), 'utf8');
    }
  }

  /** The build's chunk manifest, or an empty one when it is missing or unreadable (nothing is preloaded). */
  async manifest(): Promise<BuildManifest> {
    const file = join(this.root, 'asset-manifest.json');
    try {
      const { mtimeMs } = await stat(file);
      if (this.cachedManifest?.mtimeMs !== mtimeMs) {
        const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
        this.cachedManifest = { mtimeMs, manifest: isBuildManifest(parsed) ? parsed : {} };
      }
      return this.cachedManifest.manifest;
    } catch {
      return {};
    }
  }
}

/** Where the web build keeps the hashed assets of earlier builds (scripts/retain-assets.ts). */
export const RETAINED_DIR = 'previous';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Web app not built</title></head>
  <body>
    <h1>The web app is not built yet</h1>
    <p>Run <code>npm run build</code> at the repository root, then reload this page.</p>
  </body>
</html>
`;
