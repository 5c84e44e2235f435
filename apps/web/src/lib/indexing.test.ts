import { INDEXABLE_PATHS } from '@wps/contract/routes';
import { describe, expect, it } from 'vitest';
import { applyRobots, isIndexable } from './indexing';

const MAIN = 'www.site.example';

describe('isIndexable', () => {
  it.each(INDEXABLE_PATHS)('%s on the main host is indexable', (pathname) => {
    expect(isIndexable({ host: MAIN, mainHost: MAIN, pathname })).toBe(true);
  });

  it.each<[string, string, string, boolean]>([
    ['3 slashes, even for a real page', MAIN, '/m/member/home', false],
    ['trailing slash makes 3 slashes', MAIN, '/m/home/', false],
    ['a page that is not listed', MAIN, '/m/game', false],
    ['a protected page', MAIN, '/m/changePsw', false],
    ['register.html is not listed', MAIN, '/m/register.html', false],
    ['upper-case path is a duplicate', MAIN, '/m/HOME', false],
    ['the site root', MAIN, '/', false],
    ['empty path', MAIN, '', false],
    ['another host', 'aff1.site.example', '/m/home', false],
    ['the bare domain is another host', 'site.example', '/m/home', false],
    ['a look-alike host', 'www.site.example.evil.com', '/m/home', false],
    ['main host with a port', 'www.site.example:8443', '/m/home', true],
    ['upper-case host', 'WWW.Site.Example', '/m/home', true],
    ['trailing dot host', 'www.site.example.', '/m/home', true],
  ])('%s: %s %s → %s', (_name, host, pathname, expected) => {
    expect(isIndexable({ host, mainHost: MAIN, pathname })).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ['WWW.SITE.EXAMPLE:443', 'www.site.example', true],
    ['www.site.example', 'www.site.example:8080', true],
    ['[::1]:8080', '[::1]', true],
    ['localhost:5173', 'localhost', true],
    ['www.site.example', '', false],
    ['', '', false],
  ])('host %j, main host %j → %s', (host, mainHost, expected) => {
    expect(isIndexable({ host, mainHost, pathname: '/m/home' })).toBe(expected);
  });
});

describe('applyRobots', () => {
  const robots = () => Array.from(document.head.querySelectorAll<HTMLMetaElement>('meta[name="robots"]'));

  it.each<[string, string[], boolean, string[]]>([
    ['adds noindex', [], false, ['noindex']],
    ['updates an existing tag', ['index, follow'], false, ['noindex']],
    ['leaves one tag of duplicates', ['noindex', 'index'], false, ['noindex']],
    ['removes the tag when indexable', ['noindex'], true, []],
    ['removes every duplicate when indexable', ['noindex', 'noindex'], true, []],
    ['does nothing when indexable and absent', [], true, []],
  ])('%s', (_name, before, indexable, after) => {
    document.head.innerHTML = '<meta name="viewport" content="width=device-width">';
    for (const content of before) {
      const meta = document.createElement('meta');
      meta.name = 'robots';
      meta.content = content;
      document.head.append(meta);
    }
    applyRobots(document, indexable);
    expect(robots().map((meta) => meta.content)).toEqual(after);
    expect(document.head.querySelector('meta[name="viewport"]')).not.toBeNull();
  });

  it('is idempotent', () => {
    document.head.innerHTML = '';
    applyRobots(document, false);
    applyRobots(document, false);
    expect(robots()).toHaveLength(1);
  });
});
