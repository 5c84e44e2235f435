import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The back office (issue 30): its own app under /staff/, served by the server from apps/staff/dist
 * (routes/staff/app.ts). The member app's theme and form styles are read from apps/web/src/ui
 * (`@web-ui/x`): one source for both apps' looks, without a package of their own for two CSS files.
 */
export default defineConfig({
  base: '/staff/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: here('./src') },
      { find: /^@web-ui\/(.+)$/, replacement: `${here('../web/src/ui')}/$1` },
      // `@wps/contract/x` is the contract's source module x (as in the member app): the staff app
      // takes only the endpoint tables and types it imports.
      { find: /^@wps\/contract\/(.+)$/, replacement: `${here('../../packages/contract/src')}/$1.ts` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: { '/wps': 'http://localhost:8080' },
  },
  test: {
    name: 'staff',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
