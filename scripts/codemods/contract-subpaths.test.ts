import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildIndex, contractModules, rewriteSource, type ContractIndex } from './contract-subpaths';

const index: ContractIndex = new Map([
  ['ErrorCode', '@wps/contract/errorCodes'],
  ['ok', '@wps/contract/envelope'],
  ['WpsSuccess', '@wps/contract/envelope'],
  ['ChatMessage', '@wps/contract/schemas/chat'],
  ['chatClientFrameSchema', '@wps/contract/schemas/chat'],
  ['CHAT_SOCKET_PATH', '@wps/contract/chat'],
  ['LoginPayload', '@wps/contract/schemas/accounts'],
]);

const rewrite = (text: string) => rewriteSource('file.ts', text, index);

describe('contract-subpaths codemod', () => {
  it('splits an import of the barrel by the module that exports each name, aliases and type markers kept', () => {
    const { text, problems } = rewrite(
      "import { CHAT_SOCKET_PATH, ok as wrap, type ChatMessage, ErrorCode } from '@wps/contract';\nimport x from 'y';\n",
    );
    expect(problems).toEqual([]);
    expect(text).toBe(
      [
        "import { CHAT_SOCKET_PATH } from '@wps/contract/chat';",
        "import { ok as wrap } from '@wps/contract/envelope';",
        "import type { ChatMessage } from '@wps/contract/schemas/chat';",
        "import { ErrorCode } from '@wps/contract/errorCodes';",
        "import x from 'y';",
        '',
      ].join('\n'),
    );
  });

  it('keeps `import type` and re-exports, and merges declarations of one subpath', () => {
    const { text } = rewrite(
      [
        "import type { ChatMessage, WpsSuccess } from '@wps/contract';",
        "import { chatClientFrameSchema } from '@wps/contract/schemas';",
        "export { ErrorCode } from '@wps/contract';",
        "import { ok } from '@wps/contract/envelope';",
        '',
      ].join('\n'),
    );
    expect(text).toBe(
      [
        "import type { ChatMessage } from '@wps/contract/schemas/chat';",
        "import type { WpsSuccess } from '@wps/contract/envelope';",
        "import { chatClientFrameSchema } from '@wps/contract/schemas/chat';",
        "export { ErrorCode } from '@wps/contract/errorCodes';",
        "import { ok } from '@wps/contract/envelope';",
        '',
      ].join('\n'),
    );
  });

  it('moves a name imported from a subpath that no longer exports it', () => {
    const { text } = rewrite("import type { LoginPayload } from '@wps/contract/accounts';\n");
    expect(text).toBe("import type { LoginPayload } from '@wps/contract/schemas/accounts';\n");
  });

  it('turns a value import of types alone into `import type` (it would otherwise load the module)', () => {
    const { text } = rewrite("import { type ChatMessage } from '@wps/contract';\n");
    expect(text).toBe("import type { ChatMessage } from '@wps/contract/schemas/chat';\n");
  });

  it('is idempotent: its own output, and imports already right, are left byte for byte', () => {
    const first = rewrite(
      "import { ok, ErrorCode, type WpsSuccess, type ChatMessage } from '@wps/contract';\n// after\n",
    ).text;
    expect(rewrite(first).text).toBe(first);
    const right =
      "import { ok, type WpsSuccess } from '@wps/contract/envelope';\nimport type { ChatMessage } from '@wps/contract/schemas/chat';\n";
    expect(rewrite(right).text).toBe(right);
  });

  it('lists what it cannot rewrite and leaves it', () => {
    const text = [
      "import * as contract from '@wps/contract';",
      "import { Missing } from '@wps/contract';",
      "const lazy = import('@wps/contract');",
      "vi.mock('@wps/contract', () => ({}));",
      '',
    ].join('\n');
    const result = rewrite(text);
    expect(result.text).toBe(text);
    expect(result.problems).toEqual([
      "1: import * as contract from '@wps/contract';",
      '2: Missing is exported by no contract module',
      "3: import('@wps/contract')",
      "4: vi.mock('@wps/contract', () => ({}))",
    ]);
  });
});

describe('the contract package', () => {
  const contractSource = join(dirname(fileURLToPath(import.meta.url)), '../../packages/contract/src');

  it('exports one subpath per module, each module once (no barrel)', () => {
    const modules = (readdirSync(contractSource, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, '').split('\\').join('/'))
      .sort();
    const exported = [...contractModules().entries()].map(([subpath, file]) => {
      expect(relative(contractSource, file)).toBe(`${subpath.slice('@wps/contract/'.length)}.ts`);
      return subpath.slice('@wps/contract/'.length);
    });
    expect(exported.sort()).toEqual(modules);
    expect(modules).not.toContain('index');
  });

  it('has one module for each exported name (the codemod knows where each name lives)', () => {
    const names = buildIndex();
    expect(names.get('endpoints')).toBe('@wps/contract/endpoints');
    expect(names.get('ChatServerFrame')).toBe('@wps/contract/schemas/chat');
    expect(names.get('StaffPermission')).toBe('@wps/contract/staff');
  });
});
