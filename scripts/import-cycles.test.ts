import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKED_TREES, checkTree, findCycles, importGraph, type SourceTree } from './import-cycles';

let root = '';

/** A throw-away source tree: file name → text. */
function tree(files: Record<string, string>): SourceTree {
  root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return { dir: root, aliases: { '@/': root } };
}

const names = (files: string[]) => files.map((file) => relative(root, file));

afterEach(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
  root = '';
});

describe('import cycles', () => {
  it('finds a circle through a relative import, an @/ alias and a dynamic import, and lists it', () => {
    const source = tree({
      'app/routeTable.tsx': "export const screens = [() => import('@/screens/Category')];\n",
      'screens/Category.tsx': "import { useHandle } from '../app/useHandle';\nexport const C = useHandle;\n",
      'app/useHandle.ts':
        "import { screens } from './routeTable';\nexport const useHandle = () => screens;\n",
      'lib/rules.ts': 'export const rule = 1;\n',
      'ui/Link.tsx': "import { rule } from '@/lib/rules';\nexport const Link = rule;\n",
    });
    const cycles = findCycles(importGraph(source));
    expect(cycles).toHaveLength(1);
    expect(names(cycles[0]?.circle ?? [])).toEqual([
      'app/routeTable.tsx',
      'screens/Category.tsx',
      'app/useHandle.ts',
      'app/routeTable.tsx',
    ]);
  });

  it('follows NodeNext `.js` specifiers and index files; a file importing itself is a circle', () => {
    const source = tree({
      'a.ts': "export * from './b.js';\n",
      'b/index.ts': "import '../a.js';\n",
      'self.ts': "import './self';\nexport {};\n",
    });
    const circles = findCycles(importGraph(source)).map((cycle) => names(cycle.circle));
    expect(circles).toEqual([
      ['a.ts', 'b/index.ts', 'a.ts'],
      ['self.ts', 'self.ts'],
    ]);
  });

  it('leaves type-only imports out unless asked', () => {
    const source = tree({
      'adapter.ts':
        "import type { Registry } from './registry';\nexport const adapter = (r: Registry) => r;\n",
      'registry.ts': "import { adapter } from './adapter';\nexport type Registry = typeof adapter;\n",
    });
    expect(findCycles(importGraph(source))).toEqual([]);
    expect(findCycles(importGraph(source, { typeOnly: true }))).toHaveLength(1);
  });

  it('catches a circle of type-only imports in a tree checked at the type level (the contract)', () => {
    // The knot the contract had: a domain module's request type from the table, the table's answer
    // type from the domain module; `import type` both ways, erased from the built code.
    const source = tree({
      'accounts.ts':
        "import type { EndpointInput } from './endpoints.js';\nexport type LoginPayload = EndpointInput<'login'>;\nexport interface LoginResult { token: string }\n",
      'endpoints.ts':
        "import type { LoginResult } from './accounts.js';\nexport type EndpointInput<N> = N extends 'login' ? LoginResult : never;\n",
      'errors.ts': 'export type Code = `${number}`;\n',
      'envelope.ts': "import type { Code } from './errors.js';\nexport type Failure = { code: Code };\n",
    });
    expect(checkTree(source).cycles).toEqual([]);
    const { cycles } = checkTree({ ...source, typeOnly: true });
    expect(cycles.map((cycle) => names(cycle.circle))).toEqual([
      ['accounts.ts', 'endpoints.ts', 'accounts.ts'],
    ]);
    expect(checkTree(source, true).cycles).toHaveLength(1);
  });

  it('checks the contract at the type level', () => {
    const contract = CHECKED_TREES.find((checked) =>
      checked.dir.endsWith(join('packages', 'contract', 'src')),
    );
    expect(contract?.typeOnly).toBe(true);
  });

  it('passes a tree without circles', () => {
    const source = tree({
      'lib/rules.ts': 'export const rule = 1;\n',
      'ui/Link.tsx':
        "import { rule } from '@/lib/rules';\nexport const Link = () => import('../lib/rules').then(() => rule);\n",
    });
    expect(findCycles(importGraph(source))).toEqual([]);
  });

  const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
  it.each(CHECKED_TREES.map((checked) => [relative(repo, checked.dir), checked] as const))(
    '%s has none',
    (_dir, checked) => {
      expect(checkTree(checked).cycles.map((cycle) => cycle.circle)).toEqual([]);
    },
  );
});
