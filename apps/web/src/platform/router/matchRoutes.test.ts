import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from './matchRoutes';

/** The shape of the app's route table (app/routeTable.tsx), with names for handles. */
const routes: RouteObject[] = [
  {
    path: '/',
    handle: 'layout',
    children: [
      { index: true, handle: 'index' },
      { path: 'home', handle: 'home' },
      { path: 'index.html', handle: 'index.html' },
      { path: 'launchGame', handle: 'launchGame' },
      {
        handle: 'guard',
        children: [
          { path: 'member/home', handle: 'member/home' },
          { path: 'changePsw', handle: 'changePsw' },
        ],
      },
      { path: '*', handle: 'not found' },
    ],
  },
];

const handles = (location: string, basename = '/m') =>
  matchRoutes(routes, location, basename)?.map(({ route }) => route.handle) ?? null;

describe('matchRoutes', () => {
  it.each<[string, string, unknown[] | null]>([
    ['the basename alone', '/m', ['layout', 'index']],
    ['the basename with its slash', '/m/', ['layout', 'index']],
    ['the basename with slashes', '/m///', ['layout', 'index']],
    ['a page', '/m/home', ['layout', 'home']],
    ['a trailing slash', '/m/home/', ['layout', 'home']],
    ['trailing slashes', '/m/home///', ['layout', 'home']],
    ['another case', '/M/HOME', ['layout', 'home']],
    ['a camel-case path in lower case', '/m/launchgame', ['layout', 'launchGame']],
    ['a query and a hash', '/m/home?x=1#top', ['layout', 'home']],
    ['a query that looks like a path', '/m/home?/member/home', ['layout', 'home']],
    ['a path with a dot', '/m/index.html', ['layout', 'index.html']],
    ['the dot is not a wildcard', '/m/indexxhtml', ['layout', 'not found']],
    ['a nested path behind a pathless layout', '/m/member/home', ['layout', 'guard', 'member/home']],
    ['a sibling behind the layout', '/m/changePsw', ['layout', 'guard', 'changePsw']],
    ['an encoded letter', '/m/ho%6De', ['layout', 'home']],
    ['an encoded upper-case letter', '/m/HO%4De', ['layout', 'home']],
    ['an encoded slash stays in its segment', '/m/member%2Fhome', ['layout', 'not found']],
    ['a malformed escape', '/m/home%E0%A4%A', ['layout', 'not found']],
    ['a lone percent', '/m/%', ['layout', 'not found']],
    ['an unknown path', '/m/nope', ['layout', 'not found']],
    ['a known path with more after it', '/m/home/extra', ['layout', 'not found']],
    ['a half of a nested path', '/m/member', ['layout', 'not found']],
    ['a doubled slash inside', '/m/member//home', ['layout', 'not found']],
    ['a doubled slash in front', '/m//home', ['layout', 'not found']],
    ['an encoded space', '/m/home%20', ['layout', 'not found']],
    ['a very long path', `/m/${'a/'.repeat(2000)}`, ['layout', 'not found']],
    ['a prefix of the basename', '/mx', null],
    ['a path starting like the basename', '/mx/home', null],
    ['outside the basename', '/home', null],
    ['the root', '/', null],
    ['nothing', '', null],
  ])('%s: %j → %j', (_case, location, expected) => {
    expect(handles(location)).toEqual(expected);
  });

  it.each([['/m'], ['/m/'], ['m'], ['//m//']])('the basename %j is "/m"', (basename) => {
    expect(handles('/m/home', basename)).toEqual(['layout', 'home']);
    expect(handles('/mx/home', basename)).toBeNull();
  });

  it('without a basename matches the whole path', () => {
    expect(handles('/home', '/')).toEqual(['layout', 'home']);
    expect(handles('/home')).toBeNull();
  });

  it('takes a location object as useLocation gives it', () => {
    expect(matchRoutes(routes, { pathname: '/home', search: '?x=1' })?.at(-1)?.route.handle).toBe('home');
  });

  it('prefers a static path to the splat, and the index route to its layout', () => {
    const table: RouteObject[] = [
      { path: '*', handle: 'splat' },
      { path: '/', handle: 'root' },
      { path: '/', index: true, handle: 'index' },
      { path: 'a', handle: 'a' },
    ];
    const leaf = (location: string) => matchRoutes(table, location)?.at(-1)?.route.handle;
    expect([leaf('/'), leaf('/a'), leaf('/b')]).toEqual(['index', 'a', 'splat']);
  });

  it('between equal siblings, the first in the table wins', () => {
    const table: RouteObject[] = [
      { path: 'same', handle: 'first' },
      { path: 'same', handle: 'second' },
    ];
    expect(matchRoutes(table, '/same')?.[0]?.route.handle).toBe('first');
  });

  it('a nested splat matches its prefix and anything under it', () => {
    const table: RouteObject[] = [{ path: 'docs/*', handle: 'docs' }];
    const leaf = (location: string) => matchRoutes(table, location)?.at(-1)?.route.handle ?? null;
    expect([leaf('/docs'), leaf('/docs/'), leaf('/docs/a/b'), leaf('/docsx')]).toEqual([
      'docs',
      'docs',
      'docs',
      null,
    ]);
  });

  it('a table without a splat matches nothing for an unknown path', () => {
    expect(matchRoutes([{ path: 'home' }], '/nope')).toBeNull();
  });

  it('regular expression characters in a path are literal', () => {
    const table: RouteObject[] = [{ path: 'a+b(c)', handle: 'literal' }];
    expect(matchRoutes(table, '/a+b(c)')?.[0]?.route.handle).toBe('literal');
    expect(matchRoutes(table, '/aab')).toBeNull();
  });

  it('gives the same answer for the same table twice (the ranking is kept)', () => {
    expect(handles('/m/member/home')).toEqual(handles('/m/member/home'));
  });
});
