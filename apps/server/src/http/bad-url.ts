import { DemoGamePath } from '@wps/contract/games';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { FastifyInstance } from 'fastify';
import { isWpsPath, WpsHttpError } from './errors.js';

/**
 * Where a request whose path is not valid percent-encoding (`/m/%zz`) goes. Left alone, the router
 * answers such a path itself, before any hook: its own error page, the path echoed, without the
 * security headers and outside the rate limit. Rewritten to one of these, the request runs through
 * every hook like any other and answers 400 in the envelope of its part of the site.
 */
export const BAD_URL_PATHS = {
  wps: '/wps/_bad-url',
  demoApi: `${DemoGamePath.apiPrefix}_bad-url`,
  other: '/_bad-url',
} as const;

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Fastify's `rewriteUrl`: the URL as it came, or the bad-URL path of its part of the site. */
export function rewriteBadUrl(url: string): string {
  // Only a `%` can make a path undecodable: a URL without one (nearly all) is returned untouched.
  const percent = url.indexOf('%');
  if (percent === -1) return url;
  const queryStart = url.indexOf('?');
  if (queryStart !== -1 && queryStart < percent) return url;
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (decodable(path)) return url;
  if (isWpsPath(path)) return BAD_URL_PATHS.wps;
  if (path.startsWith(DemoGamePath.apiPrefix)) return BAD_URL_PATHS.demoApi;
  return BAD_URL_PATHS.other;
}

export function installBadUrlRoutes(app: FastifyInstance): void {
  const refuse = async (): Promise<never> => {
    throw new WpsHttpError(400, ErrorCode.INVALID_REQUEST, 'The address is not valid.');
  };
  for (const path of Object.values(BAD_URL_PATHS)) app.all(path, refuse);
}
