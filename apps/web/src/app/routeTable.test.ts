import { APP_PATHS, PROTECTED_PATHS, SCREEN_FOR_PATH } from '@wps/contract/routes';
import { matchRoutes, type RouteObject } from '@/platform/router';
import { describe, expect, it } from 'vitest';
import { RequireSession } from './RequireSession';
import { appRoutes, ROUTER_BASENAME, screens } from './routeTable';

/** The RequireSession guard a route renders, with its props, or null. */
function guardOf(route: RouteObject): { fallback?: string } | null {
  const element = route.element as { type?: unknown; props?: { fallback?: string } } | undefined;
  return element?.type === RequireSession ? (element.props ?? {}) : null;
}

const guardsOn = (path: string) =>
  (matchRoutes(appRoutes, path, ROUTER_BASENAME) ?? []).map((match) => guardOf(match.route)).filter(Boolean);

describe('route table (spec section 2)', () => {
  it.each(APP_PATHS.map((path) => [path]))('%s has its own route, not the not-found page', (path) => {
    const matches = matchRoutes(appRoutes, path, ROUTER_BASENAME);
    expect(matches).not.toBeNull();
    expect(matches?.at(-1)?.route.path).not.toBe('*');
  });

  it.each(APP_PATHS.map((path) => [path, PROTECTED_PATHS.includes(path)]))(
    '%s is behind the login guard: %s',
    (path, needsSession) => {
      expect(guardsOn(path).some((guard) => guard?.fallback === undefined)).toBe(needsSession);
    },
  );

  it('the feedback page is guarded with a redirect home rather than to login', () => {
    expect(guardsOn('/m/feedback')).toEqual([{ fallback: '/m/home' }]);
  });

  it.each([['/m/nope'], ['/m/member/other'], ['/m/home/extra']])('%s falls to the not-found page', (path) => {
    expect(matchRoutes(appRoutes, path, ROUTER_BASENAME)?.at(-1)?.route.path).toBe('*');
  });
});

describe('screens per path (contract SCREEN_FOR_PATH)', () => {
  it.each(Object.entries(SCREEN_FOR_PATH))('%s shows the %s screen', (path, screenName) => {
    const route = matchRoutes(appRoutes, path, ROUTER_BASENAME)?.at(-1)?.route;
    expect((route?.element as { type?: unknown } | undefined)?.type).toBe(screens[screenName]);
  });

  it('every app path has a screen', () => {
    expect(Object.keys(SCREEN_FOR_PATH).sort()).toEqual([...APP_PATHS].sort());
  });
});
