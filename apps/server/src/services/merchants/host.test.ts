import { describe, expect, it } from 'vitest';
import { lookupForHost, normalizeHost, parseHost } from './host.js';

describe('normalizeHost', () => {
  it.each([
    ['localhost', 'localhost'],
    ['localhost:8080', 'localhost'],
    ['LOTUS.Localhost:3000', 'lotus.localhost'],
    ['[::1]:8080', '[::1]'],
    ['[::1]', '[::1]'],
    ['example.com.', 'example.com'],
    ['  spaced.example  ', 'spaced.example'],
    ['', ''],
    [undefined, ''],
  ])('%j → %j', (raw, host) => {
    expect(normalizeHost(raw)).toBe(host);
  });
});

describe('lookupForHost', () => {
  it.each([
    ['localhost', { kind: 'default' }],
    ['127.0.0.1', { kind: 'default' }],
    ['[::1]', { kind: 'default' }],
    ['lotus.localhost', { kind: 'code', code: 'lotus' }],
    ['evil.aurora.localhost', { kind: 'domain', domain: 'evil.aurora.localhost' }],
    ['play.example.com', { kind: 'domain', domain: 'play.example.com' }],
    ['', { kind: 'invalid' }],
    ['bad host', { kind: 'invalid' }],
    ['x'.repeat(254), { kind: 'invalid' }],
  ])('%j → %j', (host, lookup) => {
    expect(lookupForHost(host)).toEqual(lookup);
  });
});

describe('parseHost', () => {
  it.each([
    ['lotus.localhost', { hostname: 'lotus.localhost', port: null }],
    ['LOTUS.localhost:8080', { hostname: 'lotus.localhost', port: 8080 }],
    ['[::1]:443', { hostname: '[::1]', port: 443 }],
    ['example.com.', { hostname: 'example.com', port: null }],
    ['lotus.localhost:80@evil.example', null],
    ['user@lotus.localhost', null],
    ['lotus.localhost/evil', null],
    ['lotus.localhost\\evil', null],
    ['lotus.localhost:80:81', null],
    ['lotus.localhost:0', null],
    ['lotus.localhost:65536', null],
    ['lotus.localhost:', null],
    ['lotus..localhost', null],
    ['.lotus.localhost', null],
    ['lotus localhost', null],
    ['lötus.localhost', null],
    ['lotus.localhost%2fevil', null],
    ['[::1', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (raw, parsed) => {
    expect(parseHost(raw)).toEqual(parsed);
  });
});
