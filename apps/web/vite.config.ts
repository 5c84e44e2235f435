import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/m/',
  plugins: [react()],
  resolve: {
    alias: {
      // `@/x` is apps/web/src/x (tsconfig.json `paths` says the same for the type checker).
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@wps/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    manifest: 'asset-manifest.json',
  },
  server: {
    proxy: { '/wps': 'http://localhost:8080', '/demo-game': 'http://localhost:8080' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
