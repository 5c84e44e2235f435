import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** The server renderer's build (`vite build --ssr`, apps/web/dist-server): one self-contained module. */
const serverBuild: ViteUserConfig = {
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { input: 'src/entry-server.tsx' },
  },
  // React and the rest bundled in: the server imports one file and needs no web dependencies.
  ssr: { noExternal: true },
  // React's production build whatever NODE_ENV the server runs with: its development build renders
  // several times slower (prop validation, warnings) and its checks belong to the tests.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
};

export default defineConfig(({ isSsrBuild }): ViteUserConfig => ({
  base: '/m/',
  resolve: {
    alias: [
      // `@/x` is apps/web/src/x (tsconfig.json `paths` says the same for the type checker).
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // `@wps/contract/x` is the contract's source module x (its package.json `exports` say the same
      // for the type checker): one module per subpath, so a chunk carries only the modules it imports.
      {
        find: /^@wps\/contract\/(.+)$/,
        replacement: `${fileURLToPath(new URL('../../packages/contract/src', import.meta.url))}/$1.ts`,
      },
    ],
  },
  ...(isSsrBuild ? { plugins: [react()], ...serverBuild } : browserBuild),
}));

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** The app the entry starts (its dynamic import): what every page runs before its first render. */
const APP_ENTRY = source('./src/main.tsx');
/** The page's entry (boot.ts): what it imports is its own chunk's, fetched before the first paint. */
const BOOT_ENTRY = source('./src/boot.ts');
/** The usual first screen: what it imports outside screens/ joins the shell. */
const HOME_SCREEN = source('./src/screens/Home/HomeScreen.tsx');

/** Vite's own helpers: the entry (boot.ts) uses them before the app, so they stay out of its chunk. */
const BUILD_HELPERS = /vite\/(preload-helper|modulepreload-polyfill)/;
/** React itself (and the app's door to it): its own chunk, evaluated in a task before the app's (boot.ts). */
const REACT_MODULES = /\/node_modules\/(react|react-dom|scheduler)\/|\/src\/platform\/reactDom\.ts$/;

interface ModuleGraph {
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
}

/** The modules a root imports statically, directly or not. */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const modules = new Set<string>();
  const visit = (id: string) => {
    if (modules.has(id)) return;
    modules.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(root);
  return modules;
}

let firstLoad: { graph: ModuleGraph; boot: Set<string>; app: Set<string>; home: Set<string> } | null = null;

/**
 * The shell chunk: the app (main.tsx) with what it imports statically (React, the layout, the ground
 * layers) and what the home screen imports outside screens/, as one chunk — one request, one
 * compression window, no list of imports between the app's chunks; the entry's dynamic import is
 * this chunk. What loads on demand stays in its own chunk.
 */
function inShell(id: string, graph: ModuleGraph): boolean {
  if (firstLoad?.graph !== graph) {
    firstLoad = {
      graph,
      boot: staticClosure(graph, BOOT_ENTRY),
      app: staticClosure(graph, APP_ENTRY),
      home: staticClosure(graph, HOME_SCREEN),
    };
  }
  // The entry's own modules stay in its chunk: were one in the shell, the entry would import the
  // shell and the app's code would be fetched with the entry, before the first screen is shown.
  if (BUILD_HELPERS.test(id) || firstLoad.boot.has(id)) return false;
  return firstLoad.app.has(id) || (!id.includes('/src/screens/') && firstLoad.home.has(id));
}

/** The entry's chunk (boot.ts): the app's chunks are not loaded yet when it runs. */
const ENTRY_CHUNK = /(^|\/)index-[\w-]+\.js$/;
/** The shell (the app), the runtime and the helpers: loaded before any lazy chunk is asked for. */
const ALWAYS_LOADED = /(^|\/)(shell|react|preload|rolldown-runtime)-[\w-]+\.(js|css)$/;
/** The chunks that run after the first screen is shown (app/afterStart.ts and what it starts). */
const AFTER_START_CHUNK =
  /(^|\/)(afterStart|startPwa|mountExtras|trackEvent|lazy|startTracking|startPush)-[\w-]+\.js$/;

const browserBuild: ViteUserConfig = {
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
  build: {
    outDir: 'dist',
    // The previous build's assets are kept in dist/previous by scripts/retain-assets.ts, which empties the rest.
    emptyOutDir: false,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    manifest: 'asset-manifest.json',
    modulePreload: {
      // No polyfill for browsers without <link rel=modulepreload> (before Safari 17 / iOS 17): there the
      // links are ignored and each module loads when imported, a little later. Every browser since
      // has it, and the polyfill cost 0.3 KB gzip of the first load of every page.
      polyfill: false,
      // A lazy chunk's list of files to preload leaves out those every page has loaded before any
      // lazy chunk is asked for (the app's own): shorter lists in every chunk that loads others.
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        if (hostType !== 'js' || ENTRY_CHUNK.test(hostId)) return deps;
        const needed = deps.filter((dep) => !ALWAYS_LOADED.test(dep));
        // What starts after the first screen (tracking, the service worker, the idle loaders) is not
        // waited for: its modules load as they are imported, and only its styles are asked for ahead.
        // Listing them cost one task of 10–20 <link> insertions each (20–40 ms at 4× CPU, issue 26);
        // scripts/size.mjs fails a build where one of them lists a script again.
        return AFTER_START_CHUNK.test(hostId) ? needed.filter((dep) => dep.endsWith('.css')) : needed;
      },
    },
    rolldownOptions: {
      output: {
        // What every page runs before its first render as one chunk (inShell above): a dozen tiny
        // shared chunks cost their own wrappers and compress worse. Only what the app and the home
        // screen import statically: what loads on demand (the request pipeline, sealing, catalogs,
        // the environment probe, schemas) stays in the chunks that need it.
        codeSplitting: {
          groups: [
            // Exactly the modules inShell names: a dependency of one joins only if inShell names it too
            // (the entry's own modules stay in the entry's chunk, which the shell then imports).
            {
              name: (id, context) => (inShell(id, context) ? 'shell' : null),
              includeDependenciesRecursively: false,
            },
            // Vite's helpers on their own: the entry imports them before the app (see BUILD_HELPERS).
            { name: 'preload', test: BUILD_HELPERS, priority: 1 },
            // React on its own: the entry evaluates it in a task before the app's (boot.ts).
            { name: 'react', test: REACT_MODULES, priority: 2 },
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
};
