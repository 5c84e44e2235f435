import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The web app's layers, bottom to top (docs/architecture.md, "Web layers"). A folder of
 * apps/web/src imports its own layer and the layers listed for it, never one above: an upward import
 * fails the lint. main.tsx (the entry) may import any layer; test/ (set-up and fixtures) may import
 * anything, and only test files import it.
 */
const WEB_LAYERS = [
  ['lib', []],
  ['platform', ['lib']],
  ['i18n', ['lib', 'platform']],
  ['theme', ['lib', 'platform']],
  ['state', ['lib', 'platform', 'i18n', 'theme']],
  ['api', ['lib', 'platform', 'i18n', 'theme', 'state']],
  // Loading server data for screens (docs/architecture.md, "Loading server data"): React hooks over api.
  ['queries', ['lib', 'platform', 'i18n', 'theme', 'state', 'api']],
  ['ui', ['lib', 'platform', 'i18n', 'theme', 'state', 'api', 'queries']],
  ['features', ['lib', 'platform', 'i18n', 'theme', 'state', 'api', 'queries', 'ui']],
  ['screens', ['lib', 'platform', 'i18n', 'theme', 'state', 'api', 'queries', 'ui', 'features']],
  ['app', ['lib', 'platform', 'i18n', 'theme', 'state', 'api', 'queries', 'ui', 'features', 'screens']],
];
const WEB_FOLDERS = [...WEB_LAYERS.map(([layer]) => layer), 'main'];
/** Layers that hold rules and transport only: no React, no router. */
const WEB_NO_REACT = new Set(['lib', 'api']);

/**
 * The contract's schemas (`@wps/contract/schemas/*`, `@wps/contract/endpointSchemas`) are the
 * server's: the web app imports the types derived there (`import type`), never a schema, which
 * would bring zod and the schemas into its bundle.
 */
const CONTRACT_SCHEMAS = '^@wps.contract.(schemas.|endpointSchemas$)';
const CONTRACT_SCHEMA_RULES = [
  `ImportDeclaration[importKind='value'][source.value=/${CONTRACT_SCHEMAS}/] > :matches(ImportSpecifier[importKind='value'], ImportDefaultSpecifier, ImportNamespaceSpecifier)`,
  // A bare import, or `import { type X }` (verbatimModuleSyntax keeps it as a bare import).
  `ImportDeclaration[importKind='value'][source.value=/${CONTRACT_SCHEMAS}/]:not(:has(:matches(ImportSpecifier[importKind='value'], ImportDefaultSpecifier, ImportNamespaceSpecifier)))`,
  `ImportExpression[source.value=/${CONTRACT_SCHEMAS}/]`,
].map((selector) => ({
  selector,
  message: "The web app imports only types from the contract's schemas (import type): a schema brings zod.",
}));

/**
 * no-restricted-imports and, for `import()`, no-restricted-syntax: `../`, the given folders, test/
 * unless `tests` is set, and React where `noReact` says so; and the contract's schemas as types only.
 */
function webImportRules(forbidden, message, { tests = false, noReact = false } = {}) {
  const banned = [
    {
      pattern: '^\\.\\./',
      selector: '^\\.\\.',
      message: 'Import another folder as @/<layer>/..., not through ../',
    },
  ];
  if (!tests) {
    banned.push({
      pattern: '^@/test\\b',
      selector: '^@.test\\b',
      message: 'Only test files import test/ (set-up and fixtures).',
    });
  }
  if (forbidden.length > 0) {
    const folders = forbidden.join('|');
    banned.push({ pattern: `^@/(${folders})\\b`, selector: `^@.(${folders})\\b`, message });
  }
  if (noReact) {
    banned.push({
      pattern: '^react(-dom|-router)?(/|$)',
      selector: '^react(-dom|-router)?\\b',
      message: `${message} No React or router here.`,
    });
    // The app's router is platform/router (React), not a package.
    banned.push({
      pattern: '^@/platform/router\\b',
      selector: '^@.platform.router\\b',
      message: `${message} No React or router here.`,
    });
  }
  return {
    'no-restricted-imports': [
      'error',
      { patterns: banned.map(({ pattern, message: text }) => ({ regex: pattern, message: text })) },
    ],
    'no-restricted-syntax': [
      'error',
      ...banned.map(({ selector, message: text }) => ({
        selector: `ImportExpression[source.value=/${selector}/]`,
        message: text,
      })),
      ...CONTRACT_SCHEMA_RULES,
    ],
  };
}

function webLayerConfigs() {
  const configs = [
    // A folder missing from WEB_LAYERS belongs to no layer: it may import none of them.
    {
      files: ['apps/web/src/**/*.{ts,tsx}'],
      rules: webImportRules(
        WEB_FOLDERS,
        'Each folder of apps/web/src is a layer of WEB_LAYERS in eslint.config.js.',
      ),
    },
    // main.tsx, the entry, may import any layer.
    { files: ['apps/web/src/*.{ts,tsx}'], ignores: ['**/*.test.{ts,tsx}'], rules: webImportRules([], '') },
    { files: ['apps/web/src/*.test.{ts,tsx}'], rules: webImportRules([], '', { tests: true }) },
    { files: ['apps/web/src/test/**/*.{ts,tsx}'], rules: webImportRules([], '', { tests: true }) },
  ];
  for (const [layer, allowed] of WEB_LAYERS) {
    const above = WEB_FOLDERS.filter((folder) => folder !== layer && !allowed.includes(folder));
    const may = allowed.length > 0 ? `${allowed.join(', ')} and ${layer}` : 'lib only';
    const message = `${layer}/ may import ${may} (docs/architecture.md, Web layers).`;
    const noReact = WEB_NO_REACT.has(layer);
    configs.push(
      {
        files: [`apps/web/src/${layer}/**/*.{ts,tsx}`],
        ignores: ['**/*.test.{ts,tsx}'],
        rules: webImportRules(above, message, { noReact }),
      },
      {
        // Tests follow their layer too, but may use the fixtures of test/.
        files: [`apps/web/src/${layer}/**/*.test.{ts,tsx}`],
        rules: webImportRules(above, message, { tests: true, noReact }),
      },
    );
  }
  return configs;
}

/**
 * Faces (docs/architecture.md, "Web layers"): a feature (features/<x>) and the form kit (ui/form) are
 * imported from outside as a whole, `@/features/<x>` or `@/ui/form` (their index.ts), never as
 * `@/features/<x>/<module>`; screens, app/, the entry and other features alike. Inside, a folder's
 * modules (and its tests) import one another directly, never through their own face. Besides the
 * face, a folder opens only these doors:
 * - its stylesheets (`*.css`), imported where their classes are used: a face imports no CSS;
 * - first-load entries, for the code of the first load only (FIRST_LOAD_FILES). vite.config.ts puts
 *   everything the app (main.tsx), the entry (boot.ts) and the home screen import statically into the
 *   page's first chunks, faces included with all they re-export; so that code imports the one module
 *   it needs. `npm run cycles` checks that no face is in the first load;
 * - lazy entries, the targets of `import()` (React.lazy and the like) from outside: each is a chunk of
 *   its own, as a face (all its modules) would not be. Imported with `import()` only.
 * Faces stay free to re-export: apps/web/package.json declares the app's modules free of side effects
 * but for CSS and the modules that run something when loaded (the entries; scripts/faces.test.ts
 * checks the list), so a chunk keeps only the modules whose exports it uses. Hence a face is imported by the
 * names used, never whole: not with import(), nor as a namespace (tests may: they are not bundled).
 */
const FACE_FOLDER = /^(features\/[^/]+|ui\/form)$/;
const FIRST_LOAD_FILES = [
  /^[^/]+\.tsx?$/, // main.tsx, boot.ts, entry-server.tsx
  /^app\//,
  /^screens\/Home\//,
  /^features\/session\/ForcedPasswordChange\.tsx$/, // in the shell (App.tsx), uses navigation
];
const FIRST_LOAD_ENTRIES = {
  apiErrors: ['handleErrorLater'],
  games: ['categories', 'queries'],
  navigation: ['AppLink', 'keptParams', 'navigate', 'routeHandle'],
  pwa: ['installCapture', 'preloadReload'],
  session: ['ForcedPasswordChange', 'registerDialog'],
  settings: ['applySettings'],
  status: ['StatusGate'],
};
const LAZY_ENTRIES = {
  cashier: ['HeaderBalance'],
  customerService: ['CsButtons'],
  language: ['LanguageDialog'],
  legal: ['LegalFooter'],
  limitOffer: ['LimitOfferSlot'],
  lobby: ['AnnouncementPopup'],
  nativeShell: ['NativeShellHost'],
  push: ['startPush'],
  pwa: ['extras/A2hsGuide'],
  responsibleGaming: ['PlayGuard'],
  rgRefusals: ['breakNotice'],
  session: ['components/RegisterDialog'],
  settings: ['loadSettings'],
  signOut: ['signOut'],
  socialSignIn: ['arrival'],
  status: ['checkSystemStatus'],
  terms: ['termsPrompt'],
};

/** The face rule as a rule of its own (`wps/faces`), reading FACE_FOLDER and the entries above. */
const facesRule = {
  meta: {
    type: 'problem',
    messages: {
      inside:
        '{{source}} reaches inside {{folder}}: import its face {{face}}{{hint}} (eslint.config.js, FIRST_LOAD_ENTRIES and LAZY_ENTRIES list the only other doors).',
      ownFace:
        '{{folder}} imports its own face: import its modules directly (the face re-exports them, and would import this file back).',
      wholeFace:
        '{{source}} {{how}} takes the whole face, all it re-exports: import the names you use{{lazy}}.',
      lazyStatic:
        '{{source}} is a lazy entry of {{folder}}, a chunk of its own: import it with import() only, or import the face {{face}}.',
    },
    schema: [],
  },
  create(context) {
    const at = context.filename.replaceAll('\\', '/').indexOf('/apps/web/src/');
    if (at === -1) return {};
    const file = context.filename.replaceAll('\\', '/').slice(at + '/apps/web/src/'.length);
    // Tests are no part of the first load (they use the faces) nor of any chunk.
    const test = /\.test\.tsx?$/.test(file);
    const firstLoad = !test && FIRST_LOAD_FILES.some((pattern) => pattern.test(file));
    const check = (node, source, dynamic) => {
      if (typeof source !== 'string' || !source.startsWith('@/')) return;
      const path = source.slice(2);
      const parts = path.split('/');
      const folderLength = parts[0] === 'features' ? 2 : parts[0] === 'ui' && parts[1] === 'form' ? 2 : 0;
      if (folderLength === 0 || parts.length < folderLength) return;
      const folder = parts.slice(0, folderLength).join('/');
      if (!FACE_FOLDER.test(folder)) return;
      const own = file.startsWith(`${folder}/`);
      const inner = parts.slice(folderLength).join('/');
      const face = `@/${folder}`;
      if (inner === '') {
        if (own) context.report({ node, messageId: 'ownFace', data: { folder } });
        else if (dynamic)
          context.report({
            node,
            messageId: 'wholeFace',
            data: { source, how: 'with import()', lazy: ', or import() a lazy entry' },
          });
        else if (!test && node.specifiers?.some((each) => each.type === 'ImportNamespaceSpecifier'))
          context.report({ node, messageId: 'wholeFace', data: { source, how: 'as a namespace', lazy: '' } });
        return;
      }
      if (own || inner.endsWith('.css')) return;
      const feature = parts[0] === 'features' ? parts[1] : null;
      const lazy = feature !== null && (LAZY_ENTRIES[feature] ?? []).includes(inner);
      if (lazy) {
        if (!dynamic) context.report({ node, messageId: 'lazyStatic', data: { source, folder, face } });
        return;
      }
      if (firstLoad && !dynamic && feature !== null && (FIRST_LOAD_ENTRIES[feature] ?? []).includes(inner))
        return;
      const hint = dynamic ? ', or list the module in LAZY_ENTRIES' : '';
      context.report({ node, messageId: 'inside', data: { source, folder, face, hint } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value, false),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, false),
      ExportAllDeclaration: (node) => check(node, node.source.value, false),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, true),
    };
  },
};

/**
 * The server's layers (docs/architecture.md, "Server"): routes parse, call a service and reply;
 * services own their SQL and throw domain errors; http/ maps them to HTTP. Services and the database
 * layer know nothing of HTTP, routes or the seed; nothing but start-up code imports the seed.
 */
const SERVER_FORBIDDEN = [
  [
    'services',
    ['http', 'routes', 'seed'],
    'services own logic and SQL; they know nothing of HTTP, routes or the seed',
  ],
  ['db', ['http', 'routes', 'seed', 'services'], 'the database layer is the bottom of the server'],
  ['lib', ['http', 'routes', 'seed', 'services', 'db'], 'lib holds small pure helpers'],
  ['http', ['routes', 'seed'], 'http/ is the boundary: envelope, errors, guards; routes sit above it'],
  ['routes', ['seed'], 'routes never seed: seeding runs once at start-up (lifecycle.ts)'],
];

function serverLayerConfigs() {
  return SERVER_FORBIDDEN.map(([layer, forbidden, why]) => ({
    files: [`apps/server/src/${layer}/**/*.ts`],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${forbidden.join('|')})/`,
              message: `${layer}/ may not import ${forbidden.join(', ')}: ${why}.`,
            },
          ],
        },
      ],
    },
  }));
}

const SERVER_SRC = resolve(dirname(fileURLToPath(import.meta.url)), 'apps/server/src');

/**
 * The server's domains (docs/architecture.md, "Server"): every folder of services/ with an index.ts,
 * its public face (identity, member, referral, chat, captcha; a new domain such as services/wallet
 * or services/trust is one as soon as it has its index.ts).
 */
const SERVER_DOMAINS = readdirSync(join(SERVER_SRC, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(SERVER_SRC, 'services', entry.name, 'index.ts')))
  .map((entry) => entry.name);

/** Who may import src/stand-ins: app.ts (the one registration point, dynamically), tests, itself. */
function mayImportStandIns(file) {
  return (
    file === 'app.ts' ||
    file.startsWith('stand-ins/') ||
    file.startsWith('test/') ||
    file.endsWith('.test.ts')
  );
}

/**
 * The server's boundaries that a pattern of the import text cannot tell (its imports are relative,
 * `../../services/identity/x.js`), checked on the path each import resolves to:
 *
 * - src/stand-ins, the development stand-ins, is imported by app.ts only (dynamically, where stand-ins
 *   run: never with NODE_ENV=production) and by tests. Product code (routes/, services/, http/, db/,
 *   seed/, lib/, …) may not import it, not even with import().
 * - A domain (SERVER_DOMAINS) is imported from outside through its face, services/<domain>/index.js;
 *   its own files, tests among them, import its inside, and so may test/ (the tests' set-up and
 *   fixtures, which only tests import).
 */
const serverBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      standIns:
        'Product code may not import src/stand-ins (development stand-ins): only app.ts loads them, dynamically and never with NODE_ENV=production, and tests.',
      face: 'Import services/{{domain}} through its face, services/{{domain}}/index.js: "{{specifier}}" reaches inside the domain.',
    },
    schema: [],
  },
  create(context) {
    const file = relative(SERVER_SRC, context.filename).split(sep).join('/');
    if (file.startsWith('..')) return {};
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('.')) return;
      const target = relative(SERVER_SRC, resolve(dirname(context.filename), specifier))
        .split(sep)
        .join('/');
      if ((target === 'stand-ins' || target.startsWith('stand-ins/')) && !mayImportStandIns(file)) {
        context.report({ node: source, messageId: 'standIns' });
        return;
      }
      const [top, domain, ...inside] = target.split('/');
      if (top !== 'services' || !SERVER_DOMAINS.includes(domain) || inside.length === 0) return;
      // The domain's own files, tests among them; and test/, the tests' set-up and fixtures.
      if (file.startsWith(`services/${domain}/`) || file.startsWith('test/')) return;
      if (inside.length === 1 && /^index(\.[jt]s)?$/.test(inside[0])) return;
      context.report({ node: source, messageId: 'face', data: { domain, specifier } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/coverage/**',
      '.data/**',
      'reports/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The back office (apps/staff): a browser app with React's hook rules, like the member app.
    files: ['apps/staff/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...webLayerConfigs(),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { wps: { rules: { faces: facesRule } } },
    rules: { 'wps/faces': 'error' },
  },
  ...serverLayerConfigs(),
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { wps: { rules: { 'server-boundaries': serverBoundaries } } },
    rules: { 'wps/server-boundaries': 'error' },
  },
  {
    files: ['scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
