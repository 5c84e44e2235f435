import type { ReactNode } from 'react';
import { joinPaths, normalizeBasename, parsePath, stripBasename, type Path } from './path';

/**
 * A route of a route table: a static path relative to its parent (`home`, `member/home`), a leading
 * `/` for the root, `*` for "anything else", or none (a layout that adds nothing to the path);
 * `index` for the parent's own path. Matching is react-router 7's: case-insensitive, trailing slashes
 * ignored, segments percent-decoded, the most specific route first. Dynamic (`:id`) and optional
 * (`?`) segments are not supported: the app has none.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** What the route says about itself (the app: its title); read through matchRoutes. */
  handle?: unknown;
  children?: RouteObject[];
}

/** One route of the matched branch, from the root to the leaf. */
export interface RouteMatch<R extends RouteObject = RouteObject> {
  route: R;
}

interface Branch<R> {
  routes: R[];
  matcher: RegExp;
  score: number;
  /** Each route's position among its siblings, to keep the table's order between equal scores. */
  indexes: number[];
}

/** The regular expression of a whole branch's path, as react-router compiles it. */
function compile(path: string): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+?^${}|()[\]]/g, '\\$&')}`;
  if (!path.endsWith('*')) source += '\\/*$';
  else source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  return new RegExp(source, 'i');
}

/** react-router's ranking: static segments outweigh the root, a splat weighs least, index routes more. */
function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment !== '*') total += segment === '' ? 1 : 10;
  }
  return total;
}

function flatten<R extends RouteObject & { children?: R[] }>(
  routes: readonly R[],
  branches: Branch<R>[] = [],
  parents: R[] = [],
  parentIndexes: number[] = [],
  parentPath = '',
): Branch<R>[] {
  routes.forEach((route, position) => {
    const own = route.path ?? '';
    const path = own.startsWith('/') ? joinPaths([own]) : joinPaths([parentPath, own]);
    const chain = [...parents, route];
    const indexes = [...parentIndexes, position];
    if (route.children && route.children.length > 0) {
      flatten(route.children, branches, chain, indexes, path);
    }
    if (route.path === undefined && !route.index) return;
    branches.push({
      routes: chain,
      matcher: compile(path),
      score: score(path, route.index === true),
      indexes,
    });
  });
  return branches;
}

/** Siblings keep the table's order; other branches of equal score keep the order they were found in. */
function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((value, index) => value === b[index]);
  return siblings ? (a.at(-1) ?? 0) - (b.at(-1) ?? 0) : 0;
}

const ranked = new WeakMap<readonly RouteObject[], Branch<RouteObject>[]>();

function branchesOf<R extends RouteObject & { children?: R[] }>(routes: readonly R[]): Branch<R>[] {
  const known = ranked.get(routes) as Branch<R>[] | undefined;
  if (known) return known;
  const branches = flatten(routes).sort((a, b) => b.score - a.score || compareIndexes(a.indexes, b.indexes));
  ranked.set(routes, branches);
  return branches;
}

/** Percent-decodes each segment (an encoded `/` stays `%2F`); a malformed path is matched as it is. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * The routes, root to leaf, of the branch that matches the location (a path, or an href whose query
 * and fragment are ignored), or null when none does or the path is outside the basename. The route
 * table is ranked once and kept for the array it is given: a table must not be changed afterwards.
 */
export function matchRoutes<R extends RouteObject & { children?: R[] }>(
  routes: readonly R[],
  location: string | Partial<Path>,
  basename = '/',
): RouteMatch<R>[] | null {
  const { pathname = '/' } = typeof location === 'string' ? parsePath(location) : location;
  const inside = stripBasename(pathname, normalizeBasename(basename));
  if (inside === null) return null;
  const decoded = decodePath(inside);
  const branch = branchesOf(routes).find(({ matcher }) => matcher.test(decoded));
  return branch ? branch.routes.map((route) => ({ route })) : null;
}
