import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { missingDocPaths, PathChecker } from './docs-paths';

let root = '';

/** A throw-away repository: file name → text. */
function repo(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'docs-paths-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

afterEach(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
  root = '';
});

describe('docs paths', () => {
  it('reports a backticked path, a bare file name and a link that do not exist, and only those', () => {
    const dir = repo({
      '.gitignore': 'dist/\n.data/\n',
      'apps/server/src/http/upstream.ts': '',
      'apps/web/src/features/pwa/rules.ts': '',
      'apps/web/src/platform/router/index.ts': '',
      'scripts/e2e.mjs': '',
      'docs/other.md': '# Other\n',
      'docs/page.md': [
        'Forwarding: `http/upstream.ts` (`apps/server/src/http/upstream.ts`), rules `features/pwa/rules.ts`,',
        'the router `apps/web/src/platform/router` or `@/platform/router`, run `node scripts/e2e.mjs x`;',
        'built: `apps/web/dist/sw.js`, `apps/server/.data`; not paths: `text/plain`, `/wps/system/settings`,',
        '`GET/HEAD`, `i18n/messages/{language}.ts`, [a site](https://example.com), [other](other.md#top).',
        'Gone: `http/proxy.ts`, `features/auth/session.ts`, `rules.tsx`, and a link [old](old.md).',
        'A span broken over lines: `apps/server/src/',
        'http/missing.ts`.',
        '```',
        'apps/web/src/not/checked.ts',
        '```',
      ].join('\n'),
    });
    expect(missingDocPaths(dir)).toEqual([
      { file: 'docs/page.md', line: 5, path: 'http/proxy.ts' },
      { file: 'docs/page.md', line: 5, path: 'features/auth/session.ts' },
      { file: 'docs/page.md', line: 5, path: 'rules.tsx' },
      { file: 'docs/page.md', line: 6, path: 'apps/server/src/http/missing.ts' },
      { file: 'docs/page.md', line: 5, path: 'old.md' },
    ]);
  });

  it('reads a span with words after a path as that path', () => {
    const checker = new PathChecker(repo({ 'apps/web/src/sw/rules.ts': '' }));
    expect(checker.candidate('sw/rules.ts pushNotification')).toBe('sw/rules.ts');
    expect(checker.candidate("route(app, 'login')")).toBeNull();
  });

  it('finds every path the repository docs name (run `npx tsx scripts/docs-paths.ts` for the list)', () => {
    expect(missingDocPaths()).toEqual([]);
  });
});
