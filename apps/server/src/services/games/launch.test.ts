import { describe, expect, it } from 'vitest';
import { BACK_URL_MAX_LENGTH, DEFAULT_BACK_URL, safeBackUrl } from './launch.js';

describe('safeBackUrl', () => {
  it.each([
    '/m/home',
    '/m/game',
    '/m/game?x=1',
    '/m/game?category=LOTT&from=banner#top',
    '/m/activity?id=12',
    '/m/%E6%B8%B8%E6%88%8F',
    '/m/game?url=a%2F%2Fb',
  ])('keeps the app path %s', (url) => {
    expect(safeBackUrl(url)).toBe(url);
  });

  it.each([
    undefined,
    null,
    '',
    'https://evil.example',
    'http://localhost/m/home',
    '//evil',
    '//evil/m/home',
    '///evil',
    'javascript:alert(1)',
    'data:text/html,x',
    '/m/../x',
    '/m/./x',
    '/m/%2e%2e/x',
    '/m/%2E%2E/%2E%2E/wps/x',
    '/m/%2f%2fevil',
    '/m/%5cevil',
    '/\\evil',
    '/m/\\evil',
    '/m//evil',
    '/m/game?next=//evil',
    '/m/x\ny',
    '/m/x\ty',
    '/m/x\u0000',
    '/m/x\u007f',
    '/m/%00',
    '/m/%E0%A4%A',
    '/m',
    '/mx/home',
    '/wps/game/launchGame',
    'm/home',
    ' /m/home',
    `/m/${'a'.repeat(BACK_URL_MAX_LENGTH - 2)}`,
  ])('replaces %j by /m/home', (url) => {
    expect(safeBackUrl(url)).toBe(DEFAULT_BACK_URL);
  });

  it('takes exactly 2048 characters, not one more', () => {
    const longest = `/m/${'a'.repeat(BACK_URL_MAX_LENGTH - 3)}`;
    expect(longest).toHaveLength(BACK_URL_MAX_LENGTH);
    expect(safeBackUrl(longest)).toBe(longest);
    expect(safeBackUrl(`${longest}a`)).toBe(DEFAULT_BACK_URL);
  });
});
