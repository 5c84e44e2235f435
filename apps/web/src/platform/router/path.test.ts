import { describe, expect, it } from 'vitest';
import {
  createPath,
  normalizeBasename,
  parsePath,
  resolveTo,
  stripBasename,
  withBasename,
  type Path,
  type To,
} from './path';

describe('parsePath and createPath', () => {
  it.each<[string, Partial<Path>, string]>([
    ['/home', { pathname: '/home' }, '/home'],
    ['/home?x=1#top', { pathname: '/home', search: '?x=1', hash: '#top' }, '/home?x=1#top'],
    ['?x=1', { search: '?x=1' }, '/?x=1'],
    ['#top', { hash: '#top' }, '/#top'],
    ['', {}, '/'],
    ['/a#b?c', { pathname: '/a', hash: '#b?c' }, '/a#b?c'],
    ['/a?b?c#d#e', { pathname: '/a', search: '?b?c', hash: '#d#e' }, '/a?b?c#d#e'],
    ['/a?#', { pathname: '/a', search: '?', hash: '#' }, '/a'],
  ])('%j parses to %j and prints as %j', (href, parts, printed) => {
    expect(parsePath(href)).toEqual(parts);
    expect(createPath(parts)).toBe(printed);
  });

  it('adds the missing "?" and "#"', () => {
    expect(createPath({ pathname: '/a', search: 'x=1', hash: 'top' })).toBe('/a?x=1#top');
  });
});

describe('basenames', () => {
  it.each([
    ['/m', '/m'],
    ['/m/', '/m'],
    ['m', '/m'],
    ['//m//', '/m'],
    ['/', '/'],
    ['', '/'],
  ])('%j is normalised to %j', (basename, expected) => {
    expect(normalizeBasename(basename)).toBe(expected);
  });

  it.each<[string, string, string | null]>([
    ['/m', '/m', '/'],
    ['/m/', '/m', '/'],
    ['/m/home', '/m', '/home'],
    ['/m/home/', '/m', '/home/'],
    ['/M/Home', '/m', '/Home'],
    ['/m//home', '/m', '//home'],
    ['/mx', '/m', null],
    ['/mx/home', '/m', null],
    ['/', '/m', null],
    ['/home', '/m', null],
    ['/x/m/home', '/m', null],
    ['/anything', '/', '/anything'],
  ])('%j inside %j is %j', (pathname, basename, expected) => {
    expect(stripBasename(pathname, basename)).toBe(expected);
  });

  it.each<[string, string, string]>([
    ['/home', '/m', '/m/home'],
    ['/', '/m', '/m'],
    ['/home', '/', '/home'],
    ['//evil.example', '/m', '/m/evil.example'],
  ])('%j under %j is %j', (pathname, basename, expected) => {
    expect(withBasename({ pathname, search: '', hash: '' }, basename).pathname).toBe(expected);
  });
});

describe('resolveTo', () => {
  it.each<[string, To, string, string]>([
    ['an absolute path', '/game', '/home', '/game'],
    ['an absolute path with query and hash', '/game?category=live#grid', '/home', '/game?category=live#grid'],
    ['a query alone keeps the path and drops the hash', '?x=1', '/game', '/game?x=1'],
    ['an empty query', '?', '/game', '/game'],
    ['a hash alone', '#top', '/game', '/game#top'],
    ['an empty target', '', '/game', '/game'],
    ['a relative path', 'next', '/game', '/game/next'],
    ['a parent path', '..', '/member/home', '/member'],
    ['parents never go above the root', '../../../x', '/home', '/x'],
    ['dots inside an absolute path', '/a/./b/../c', '/home', '/a/c'],
    ['an explicit trailing slash is kept', '/game/', '/home', '/game/'],
    ['"." keeps the current trailing slash', '.', '/game/', '/game/'],
    ['the root', '/', '/home', '/'],
    ['an object target', { pathname: '/game', search: 'x=1' }, '/home', '/game?x=1'],
    ['an object without a path', { search: '?x=1' }, '/home', '/home?x=1'],
    // hostile targets stay paths of this site
    ['a protocol-relative host', '//evil.example/x', '/home', '/evil.example/x'],
    ['a backslash host', '/\\evil.example', '/home', '/evil.example'],
    ['mixed slashes', '\\/evil.example', '/home', '/evil.example'],
    ['an absolute URL is a relative path', 'https://evil.example', '/home', '/home/https:/evil.example'],
    ['encoded characters are kept as they are', '/caf%C3%A9?q=a%26b', '/home', '/caf%C3%A9?q=a%26b'],
  ])('%s: %j from %j is %j', (_case, to, from, expected) => {
    expect(createPath(resolveTo(to, from))).toBe(expected);
  });
});
