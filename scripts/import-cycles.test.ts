import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKED_TREES,
  checkTree,
  FIRST_LOAD_ROOTS,
  WEB_FEATURES,
  featureGraph,
  findCycles,
  importGraph,
  isFace,
  staticClosure,
  type SourceTree,
} from './import-cycles';

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

describe('features', () => {
  it('collapses the files of each feature, tests included, and finds two features importing each other', () => {
    const source = tree({
      'features/status/MaintenancePage.tsx':
        "import { Link } from '@/features/customerService';\nexport const Page = Link;\n",
      'features/customerService/index.ts': "export { Link } from './Link';\n",
      'features/customerService/Link.tsx': "import { rule } from '@/lib/rules';\nexport const Link = rule;\n",
      'features/customerService/Link.test.tsx':
        "import { Gate } from '@/features/status/Gate';\nexport const t = Gate;\n",
      'features/status/Gate.tsx': 'export const Gate = 1;\n',
      'features/lobby/Popup.tsx': "export const Popup = () => import('@/features/status/Gate');\n",
      'lib/rules.ts': 'export const rule = 1;\n',
    });
    const features = featureGraph(importGraph(source), join(root, 'features'));
    expect(Object.fromEntries(features)).toEqual({
      customerService: ['status'],
      lobby: ['status'],
      status: ['customerService'],
    });
    expect(findCycles(features).map((cycle) => cycle.circle)).toEqual([
      ['customerService', 'status', 'customerService'],
    ]);
  });

  it('follows static imports only into the first load, and tells a face', () => {
    const source = tree({
      'main.tsx':
        "import { Gate } from '@/features/status/Gate';\nexport const lazy = () => import('@/features/lobby');\n",
      'features/status/Gate.tsx': "import { x } from '@/features/games';\nexport const Gate = x;\n",
      'features/games/index.ts': "export { x } from './x';\n",
      'features/games/x.ts': 'export const x = 1;\n',
      'features/lobby/index.ts': 'export const y = 1;\n',
    });
    const closure = staticClosure(importGraph(source, { staticOnly: true }), [join(root, 'main.tsx')]);
    expect(names([...closure]).sort()).toEqual([
      'features/games/index.ts',
      'features/games/x.ts',
      'features/status/Gate.tsx',
      'main.tsx',
    ]);
  });

  it('the web app: no circle between features, and no face in the first load', () => {
    const web = CHECKED_TREES[0];
    if (web === undefined) throw new Error('no web tree');
    expect(findCycles(featureGraph(importGraph(web), WEB_FEATURES))).toEqual([]);
    const firstLoad = staticClosure(importGraph(web, { staticOnly: true }), FIRST_LOAD_ROOTS);
    expect(firstLoad.size).toBeGreaterThan(50);
    expect([...firstLoad].filter(isFace)).toEqual([]);
    expect(isFace(join(WEB_FEATURES, 'session/index.ts'))).toBe(true);
    expect(isFace(join(WEB_FEATURES, 'session/signIn.ts'))).toBe(false);
  });
});
