import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const contract = (file: string) =>
  fileURLToPath(new URL(`../../packages/contract/src/${file}`, import.meta.url));

export default defineProject({
  resolve: {
    // `@wps/contract/x` is the contract's source module x (its package.json `exports` point the
    // type checker there too; at run time, outside the tests, to its build).
    alias: [{ find: /^@wps\/contract\/(.+)$/, replacement: contract('$1.ts') }],
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
