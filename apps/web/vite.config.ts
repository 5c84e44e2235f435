import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/m/',
  plugins: [
    react(),
    // The service worker (src/sw/sw.ts) built into dist/sw.js with this build's precache list. The
    // app registers it itself after first paint (features/pwa); the manifest is the server's, per merchant.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      base: '/m/',
      scope: '/m/',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell: entry, screen chunks, styles and the page. Catalogs are cached when used (assets/i18n).
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg'],
        globIgnores: ['assets/i18n/**'],
      },
    }),
  ],
  resolve: {
    alias: {
      // `@/x` is apps/web/src/x (tsconfig.json `paths` says the same for the type checker).
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@wps/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    // The previous build's assets are kept in dist/previous by scripts/retain-assets.ts, which empties the rest.
    emptyOutDir: false,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    manifest: 'asset-manifest.json',
    rolldownOptions: {
      output: {
        // The ground layers every page loads first (contract, lib, platform, state, api, queries, i18n
        // runtime, theme) as one chunk: a dozen tiny shared chunks cost their own wrappers and compress
        // worse. What loads on demand (sealing, catalogs, schemas) stays apart.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /\/packages\/contract\/src\/(?!payloadCrypto|schemas)|\/apps\/web\/src\/(lib|platform|state|theme)\/|\/apps\/web\/src\/queries\/(?!changes|usePagedQuery)|\/apps\/web\/src\/api\/(?!encryption)|\/apps\/web\/src\/i18n\/(?!catalogs)/,
            },
          ],
        },
        // Language catalogs in their own folder, so the service worker caches only the active one.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/i18n/catalogs/')
            ? 'assets/i18n/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
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
