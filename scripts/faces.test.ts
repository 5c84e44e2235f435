import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
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
    ['a lazy entry, with import()', 'app/X.tsx', "void import('@/features/session/autoLoginRunner');", []],
    [
      'a lazy entry, imported statically',
      'app/X.tsx',
      "import '@/features/session/autoLoginRunner';",
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
