import { MAINTENANCE_PAGE_MODULE_SOURCE } from '@wps/contract/serverRender';
import { describe, expect, it } from 'vitest';
import {
  afterPaintModules,
  firstScreenStyles,
  inlineStyles,
  isBuildManifest,
  lcpImagePreloadTag,
  preloadTags,
  screenForPath,
  withoutStylesheetLinks,
  type BuildManifest,
} from './preload.js';

const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_shared-1.js'],
    css: ['assets/index-1.css'],
  },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_link-1.js': { file: 'assets/link-1.js', imports: ['_shared-1.js'] },
  'src/screens/Home/HomeScreen.tsx': {
    file: 'assets/HomeScreen-1.js',
    imports: ['_shared-1.js', '_link-1.js'],
    css: ['assets/HomeScreen-1.css'],
  },
  'src/screens/Login/LoginScreen.tsx': { file: 'assets/LoginScreen-1.js', imports: ['_link-1.js'] },
  'src/screens/NotFound/NotFoundScreen.tsx': { file: 'assets/NotFoundScreen-1.js' },
  [MAINTENANCE_PAGE_MODULE_SOURCE]: {
    file: 'assets/MaintenancePage-1.js',
    imports: ['_shared-1.js'],
    css: ['assets/MaintenancePage-1.css'],
  },
  'src/i18n/catalogs/vi.json': { file: 'assets/vi-1.js' },
  'src/i18n/catalogs/pt-br.json': { file: 'assets/pt-br-1.js' },
};

describe('preloadTags', () => {
  it('preloads the screen chunk, its own imports and css, and the catalog, not what the entry already loads', () => {
    expect(preloadTags(manifest, 'Home', 'VI').split('\n    ')).toEqual([
      '<link rel="stylesheet" href="/m/assets/HomeScreen-1.css">',
      '<link rel="modulepreload" crossorigin href="/m/assets/HomeScreen-1.js">',
      '<link rel="modulepreload" crossorigin href="/m/assets/link-1.js">',
      '<link rel="modulepreload" crossorigin href="/m/assets/vi-1.js">',
    ]);
  });

  it.each([
    ['Login', 'PT-BR', ['LoginScreen-1.js', 'link-1.js', 'pt-br-1.js']],
    ['NotFound', 'XX', ['NotFoundScreen-1.js']],
    ['Game', 'EN', []],
  ] as const)('%s in %s preloads %j', (screen, language, files) => {
    const tags = preloadTags(manifest, screen, language);
    expect([...tags.matchAll(/assets\/([^"]+\.js)/g)].map((match) => match[1])).toEqual(files);
  });

  it('preloads nothing from an empty manifest', () => {
    expect(preloadTags({}, 'Home', 'EN')).toBe('');
  });
});

describe('firstScreenStyles: what the first paint is styled with', () => {
  it.each([
    ['the screen', 'Home', [], ['assets/index-1.css', 'assets/HomeScreen-1.css']],
    ['a screen without styles of its own', 'Login', [], ['assets/index-1.css']],
    [
      'the maintenance page shown instead of the screen',
      'Home',
      [MAINTENANCE_PAGE_MODULE_SOURCE],
      ['assets/index-1.css', 'assets/HomeScreen-1.css', 'assets/MaintenancePage-1.css'],
    ],
    [
      'the maintenance page instead of a screen without styles',
      'Login',
      [MAINTENANCE_PAGE_MODULE_SOURCE],
      ['assets/index-1.css', 'assets/MaintenancePage-1.css'],
    ],
    ['a module the build does not have', 'Login', ['src/nowhere.tsx'], ['assets/index-1.css']],
  ] as const)('%s', (_case, screen, shown, styles) => {
    expect(firstScreenStyles(manifest, screen, shown)).toEqual(styles);
  });
});

describe('screenForPath', () => {
  it.each([
    ['/m/home', 'Home'],
    ['/m/', 'Home'],
    ['/m/sports', 'Category'],
    ['/m/member/home', 'MemberHome'],
    ['/m/nope', 'NotFound'],
    ['/m/constructor', 'NotFound'],
  ])('%s → %s', (path, screen) => {
    expect(screenForPath(path)).toBe(screen);
  });
});

describe('isBuildManifest', () => {
  it.each([
    [manifest, true],
    [{}, true],
    [null, false],
    [[], true],
    [{ a: { file: 1 } }, false],
    [{ a: 'x' }, false],
  ])('%j → %s', (value, expected) => {
    expect(isBuildManifest(value)).toBe(expected);
  });
});

describe('lcpImagePreloadTag', () => {
  it.each([
    [
      '/wps/game/image/banner-7',
      '<link rel="preload" as="image" type="image/avif" fetchpriority="high" href="/wps/game/image/banner-7.avif">',
    ],
    [
      '/x"><script>alert(1)</script>',
      '<link rel="preload" as="image" type="image/avif" fetchpriority="high" href="/x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.avif">',
    ],
  ])('%s → %s', (imageBase, tag) => {
    expect(lcpImagePreloadTag(imageBase)).toBe(tag);
  });
});

describe('inlineStyles: the first screen styled inline, each inlined file named so the app never fetches it again', () => {
  const read = (file: string) => Promise.resolve(`/* ${file} */ a{color:red}`);

  it.each([
    [
      'the home screen',
      'Home',
      [],
      '<style>/* assets/index-1.css */ a{color:red}\n/* assets/HomeScreen-1.css */ a{color:red}</style>' +
        '<link rel="stylesheet" href="/m/assets/index-1.css" type="text/plain" disabled>' +
        '<link rel="stylesheet" href="/m/assets/HomeScreen-1.css" type="text/plain" disabled>',
    ],
    [
      'a screen without styles of its own',
      'Login',
      [],
      '<style>/* assets/index-1.css */ a{color:red}</style><link rel="stylesheet" href="/m/assets/index-1.css" type="text/plain" disabled>',
    ],
  ] as const)('%s', async (_case, screen, shown, html) => {
    expect(await inlineStyles(manifest, screen, read, shown)).toBe(html);
  });

  it('writes nothing for a build without styles', async () => {
    expect(await inlineStyles({}, 'Home', read)).toBe('');
  });

  it('keeps a stylesheet text from closing the element', async () => {
    const html = await inlineStyles(manifest, 'Login', () =>
      Promise.resolve('a{}</style><script>x()</script>'),
    );
    expect(html.match(/<\/style>/g)).toHaveLength(1);
  });

  it("drops the build's links to inlined files and keeps the disabled markers and other links", async () => {
    const page =
      '<head><link rel="stylesheet" href="/m/assets/index-1.css">' +
      '<link rel="stylesheet" href="/m/assets/other.css">' +
      (await inlineStyles(manifest, 'Home', read)) +
      '\n    <link rel="preload" as="image" href="/a.avif">\n  </head>';
    const html = withoutStylesheetLinks(page, firstScreenStyles(manifest, 'Home'));
    expect([...html.matchAll(/<link[^>]*>/g)].map((match) => match[0])).toEqual([
      '<link rel="stylesheet" href="/m/assets/other.css">',
      '<link rel="stylesheet" href="/m/assets/index-1.css" type="text/plain" disabled>',
      '<link rel="stylesheet" href="/m/assets/HomeScreen-1.css" type="text/plain" disabled>',
      '<link rel="preload" as="image" href="/a.avif">',
    ]);
  });
});

describe('a screen the app reaches through the screen loaders chunk', () => {
  // The web build: the shell imports the home screen and the loaders chunk lazily; the loaders chunk
  // imports every other screen lazily (apps/web/src/app/lazyParts.ts).
  const built: BuildManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['_shell-1.js'] },
    '_shell-1.js': {
      file: 'assets/shell-1.js',
      name: 'shell',
      dynamicImports: ['src/screens/Home/HomeScreen.tsx', 'src/app/lazyParts.ts'],
    },
    'src/app/lazyParts.ts': {
      file: 'assets/screenLoaders-1.js',
      dynamicImports: ['src/screens/Login/LoginScreen.tsx'],
    },
    'src/screens/Home/HomeScreen.tsx': { file: 'assets/HomeScreen-1.js' },
    'src/screens/Login/LoginScreen.tsx': { file: 'assets/LoginScreen-1.js', imports: ['_form-1.js'] },
    '_form-1.js': { file: 'assets/form-1.js' },
    'src/i18n/catalogs/en.json': { file: 'assets/en-1.js' },
  };

  it.each([
    ['the home screen: not the loaders', 'Home', ['shell-1.js', 'HomeScreen-1.js', 'en-1.js']],
    [
      'another screen: the loaders with it, fetched together',
      'Login',
      ['shell-1.js', 'screenLoaders-1.js', 'LoginScreen-1.js', 'form-1.js', 'en-1.js'],
    ],
  ] as const)('%s', (_case, screen, files) => {
    const modules = afterPaintModules(built, screen, 'EN').map((path) => path.replace('/m/assets/', ''));
    expect(modules).toEqual(files);
    const tags = preloadTags(built, screen, 'EN');
    expect([...tags.matchAll(/assets\/([^"]+\.js)/g)].map((match) => match[1])).toEqual(files);
  });
});
