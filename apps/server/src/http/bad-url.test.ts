import { describe, expect, it } from 'vitest';
import { BAD_URL_PATHS, rewriteBadUrl } from './bad-url.js';

describe('rewriteBadUrl', () => {
  // A URL without `%` in its path is returned as it came, without decoding it (the busy case).
  it.each([
    ['/wps/v2/system/status', '/wps/v2/system/status'],
    [
      '/wps/v2/system/status?device=MOBILE&url=%2Fm%2Fhome',
      '/wps/v2/system/status?device=MOBILE&url=%2Fm%2Fhome',
    ],
    ['/wps/v2/system/status?url=%zz', '/wps/v2/system/status?url=%zz'],
    ['/m/home', '/m/home'],
    ['/m/%E4%BD%A0', '/m/%E4%BD%A0'],
    ['/wps/game/image/game-1%2Epng', '/wps/game/image/game-1%2Epng'],
    ['/', '/'],
    ['', ''],
    ['/wps/%zz', BAD_URL_PATHS.wps],
    ['/wps/%zz?a=1', BAD_URL_PATHS.wps],
    ['/wps?%zz', '/wps?%zz'],
    ['/wps/system/%E0%A4%A', BAD_URL_PATHS.wps],
    ['/wps%', BAD_URL_PATHS.other],
    ['/demo-game/api/%zz', BAD_URL_PATHS.demoApi],
    ['/m/%zz', BAD_URL_PATHS.other],
    ['/%', BAD_URL_PATHS.other],
    ['/m/100%', BAD_URL_PATHS.other],
  ])('%s → %s', (url, rewritten) => {
    expect(rewriteBadUrl(url)).toBe(rewritten);
  });
});
