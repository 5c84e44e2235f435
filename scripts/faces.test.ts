import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The lint rule wps/faces (eslint.config.js): features and the form kit are imported through their
// faces, but for stylesheets, first-load entries (from the first load's own code) and lazy entries
// (with import() only).

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: ROOT });

/** The wps/faces problems of `code` as the file `file` of apps/web/src. */
async function faceProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, {
    filePath: join(ROOT, 'apps/web/src', file),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'wps/faces')
    .map((message) => message.messageId ?? '');
}

describe('wps/faces', () => {
  it.each<[string, string, string, string[]]>([
    ['a screen, another feature’s face', 'screens/Login/X.tsx', "import '@/features/session';", []],
    [
      'a screen, a module inside a feature',
      'screens/Login/X.tsx',
      "import '@/features/session/authFlow';",
      ['inside'],
    ],
    [
      'a feature, inside another feature (types too)',
      'features/games/X.ts',
      "import type { X } from '@/features/member/memberData';",
      ['inside'],
    ],
    ['a feature, inside itself', 'features/games/X.ts', "import '@/features/games/queries';", []],
    ['a feature, its own face', 'features/games/X.ts', "import '@/features/games';", ['ownFace']],
    ['a stylesheet', 'screens/Home/X.tsx', "import '@/features/games/games.css';", []],
    [
      'a re-export from inside',
      'screens/Login/X.tsx',
      "export { signIn } from '@/features/session/signIn';",
      ['inside'],
    ],
    ['the form kit, its face', 'screens/Feedback/X.tsx', "import '@/ui/form';", []],
    ['the form kit, inside', 'screens/Feedback/X.tsx', "import '@/ui/form/Field';", ['inside']],
    ['the form kit, a stylesheet', 'screens/Feedback/X.tsx', "import '@/ui/form/form.css';", []],
    ['a first-load entry from app/', 'app/X.tsx', "import '@/features/status/StatusGate';", []],
    ['a first-load entry from the entry', 'boot.ts', "import '@/features/pwa/installCapture';", []],
    [
      'a first-load entry from another screen',
      'screens/Login/X.tsx',
      "import '@/features/status/StatusGate';",
      ['inside'],
    ],
    ['a lazy entry, with import()', 'app/X.tsx', "void import('@/features/signOut/signOut');", []],
    [
      'a lazy entry, imported statically',
      'app/X.tsx',
      "import '@/features/signOut/signOut';",
      ['lazyStatic'],
    ],
    [
      'import() of a module not listed',
      'app/X.tsx',
      "void import('@/features/session/authFlow');",
      ['inside'],
    ],
    ['a face with import()', 'app/X.tsx', "void import('@/features/session');", ['wholeFace']],
    [
      'a face as a namespace',
      'screens/Login/X.tsx',
      "import * as session from '@/features/session';\nvoid session;",
      ['wholeFace'],
    ],
    [
      'a test, a face as a namespace',
      'screens/Login/X.test.tsx',
      "import * as session from '@/features/session';\nvoid session;",
      [],
    ],
    [
      'a test outside the feature',
      'app/X.test.tsx',
      "import '@/features/session/registerDialog';",
      ['inside'],
    ],
  ])('%s', async (_case, file, code, expected) => {
    expect(await faceProblems(file, code)).toEqual(expected);
  });
});

/** The app's source files (not tests) that do something when loaded: a statement beyond declarations. */
function modulesWithEffects(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // test/: the tests' set-up and fixtures, never bundled.
      if (entry.name !== 'test') found.push(...modulesWithEffects(path));
      continue;
    }
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$|\.d\.ts$/.test(entry.name)) continue;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
    const runs = source.statements.some(
      (statement) =>
        !ts.isImportDeclaration(statement) &&
        !ts.isExportDeclaration(statement) &&
        !ts.isFunctionDeclaration(statement) &&
        !ts.isClassDeclaration(statement) &&
        !ts.isInterfaceDeclaration(statement) &&
        !ts.isTypeAliasDeclaration(statement) &&
        !ts.isEnumDeclaration(statement) &&
        !ts.isModuleDeclaration(statement) &&
        !ts.isVariableStatement(statement) &&
        !ts.isExportAssignment(statement),
    );
    if (runs) found.push(path);
  }
  return found;
}

describe('apps/web/package.json sideEffects', () => {
  // A module declared free of side effects whose exports no one uses is left out of the build, what
  // it runs when loaded included (main.tsx, imported by boot.ts for its effect, would be lost).
  it('lists the stylesheets and every module that runs statements when loaded', () => {
    const web = join(ROOT, 'apps/web');
    const { sideEffects } = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8')) as {
      sideEffects: string[];
    };
    expect(sideEffects).toContain('**/*.css');
    const running = modulesWithEffects(join(web, 'src')).map((file) => `./${relative(web, file)}`);
    expect(running).toContain('./src/main.tsx');
    expect(sideEffects).toEqual(expect.arrayContaining(running));
  });
});
