import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const contract = (file: string) =>
  fileURLToPath(new URL(`../../packages/contract/src/${file}`, import.meta.url));

export default defineProject({
  resolve: {
    alias: [
      { find: /^@wps\/contract$/, replacement: contract('index.ts') },
      { find: /^@wps\/contract\/schemas$/, replacement: contract('schemas.ts') },
    ],
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
