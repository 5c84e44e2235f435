import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebDist } from './dist.js';

/** A deploy moves a build's files one by one: what the server reads meanwhile must not become a 500. */
describe('WebDist while a deploy replaces the build', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'wps-dist-'));
    await mkdir(join(root, 'assets'));
    await mkdir(join(root, 'previous', 'assets'), { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it.each([
    ['only in this build', { current: 'a{}', previous: undefined }, 'a{}'],
    ['in both: this build’s', { current: 'a{}', previous: 'old{}' }, 'a{}'],
    ['moved away: the retained copy', { current: undefined, previous: 'old{}' }, 'old{}'],
  ])('a stylesheet %s', async (_case, files, expected) => {
    if (files.current !== undefined) await writeFile(join(root, 'assets', 'x.css'), files.current);
    if (files.previous !== undefined)
      await writeFile(join(root, 'previous', 'assets', 'x.css'), files.previous);
    await expect(new WebDist(root).readAsset('assets/x.css')).resolves.toBe(expected);
  });

  it.each(['assets/none.css', 'assets/../../etc/passwd', '../previous/assets/x.css'])(
    '%s: refused (missing, or outside the build)',
    async (relative) => {
      await writeFile(join(root, 'previous', 'assets', 'x.css'), 'old{}');
      await expect(new WebDist(root).readAsset(relative)).rejects.toThrow();
    },
  );

  it('an index.html that cannot be read after its stat: the page read before', async () => {
    const dist = new WebDist(root);
    await writeFile(join(root, 'index.html'), '<html>one</html>');
    const first = await dist.indexHtml();
    expect(first?.html).toBe('<html>one</html>');
    // Replaced by something unreadable as a file (the stat succeeds, the read fails).
    await rm(join(root, 'index.html'));
    await mkdir(join(root, 'index.html'));
    await expect(dist.indexHtml()).resolves.toEqual(first);
  });

  it('an index.html never read and unreadable: not built (null), not an error', async () => {
    await mkdir(join(root, 'index.html'));
    await expect(new WebDist(root).indexHtml()).resolves.toBeNull();
  });
});
