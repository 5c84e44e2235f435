import { APP_PATHS, PROTECTED_PATHS } from '@wps/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireSession } from './RequireSession';
import { appRoutes, ROUTER_BASENAME } from './routeTable';

function isGuarded(route: RouteObject): boolean {
  return (
    route.Component === RequireSession ||
    (route.element as { type?: unknown } | undefined)?.type === RequireSession
  );
}

describe('route table (spec section 2)', () => {
  it.each(APP_PATHS.map((path) => [path]))('%s has its own route, not the not-found page', (path) => {
    const matches = matchRoutes(appRoutes, path, ROUTER_BASENAME);
    expect(matches).not.toBeNull();
    expect(matches?.at(-1)?.route.path).not.toBe('*');
  });

  it.each(APP_PATHS.map((path) => [path, PROTECTED_PATHS.includes(path)]))(
    '%s needs a session: %s',
    (path, needsSession) => {
      const matches = matchRoutes(appRoutes, path, ROUTER_BASENAME) ?? [];
      const guards = matches.filter((match) => isGuarded(match.route));
      const loginGuard = guards.some((match) => match.route.Component === RequireSession);
      expect(loginGuard).toBe(needsSession);
    },
  );

  it('the feedback page is guarded with a redirect home rather than to login', () => {
    const matches = matchRoutes(appRoutes, '/m/feedback', ROUTER_BASENAME) ?? [];
    expect(matches.some((match) => isGuarded(match.route) && match.route.Component !== RequireSession)).toBe(
      true,
    );
  });

  it.each([['/m/nope'], ['/m/member/other'], ['/m/home/extra']])('%s falls to the not-found page', (path) => {
    expect(matchRoutes(appRoutes, path, ROUTER_BASENAME)?.at(-1)?.route.path).toBe('*');
  });
});
