import { describe, expect, it } from 'vitest';
import {
  CACHED_PATHS,
  GAME_LIST_PATH,
  isCachedPath,
  isNoTokenPath,
  isUnauthorizedPath,
  NO_TOKEN_PATHS,
  UNAUTHORIZED_PATHS,
} from './endpoints.js';
import { pathOf, tokenFromAuthorization } from './transport.js';

describe('transport rules', () => {
  it.each([
    ['/wps/a', '/wps/a'],
    ['/wps/a?x=1', '/wps/a'],
    ['/wps/a#h', '/wps/a'],
    ['https://host.example/wps/a?x', '/wps/a'],
    ['https://host.example', '/'],
  ])('pathOf(%s) = %s', (url, path) => {
    expect(pathOf(url)).toBe(path);
  });

  it('matches paths without their query, exactly', () => {
    expect(isNoTokenPath('/wps/session/login?x=1')).toBe(true);
    expect(isNoTokenPath('/wps/session/loginx')).toBe(false);
    expect(isUnauthorizedPath('/wps/session/key/rsa?_=1')).toBe(true);
    expect(isCachedPath(`${GAME_LIST_PATH}?category=2`)).toBe(true);
    expect(isCachedPath('/wps/member/info')).toBe(false);
  });

  it('lists every path once, all under /wps/', () => {
    for (const list of [NO_TOKEN_PATHS, UNAUTHORIZED_PATHS, CACHED_PATHS]) {
      expect(new Set(list).size).toBe(list.length);
      expect(list.every((path) => path.startsWith('/wps/'))).toBe(true);
    }
  });

  it.each([
    ['abc', 'abc'],
    ['Bearer abc', 'abc'],
    ['bearer   abc ', 'abc'],
    ['', null],
    ['Bearer ', null],
    [undefined, null],
  ])('tokenFromAuthorization(%j) = %j', (header, token) => {
    expect(tokenFromAuthorization(header)).toBe(token);
  });
});
