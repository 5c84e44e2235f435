import { describe, expect, it } from 'vitest';
import { isHttpLink } from './links.js';

describe('isHttpLink (links from data: absolute http(s) only)', () => {
  it.each([
    ['https store link', 'https://play.google.com/store/apps/details?id=x', true],
    ['http link', 'http://example.com/app.apk', true],
    ['javascript:', 'javascript:alert(1)', false],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)', false],
    ['data: URL', 'data:text/html;base64,PHNjcmlwdD4=', false],
    ['relative path', '/m/home', false],
    ['protocol-relative', '//evil.example/app', false],
    ['ftp', 'ftp://example.com/app', false],
    ['leading space', ' https://example.com', false],
    ['newline inside', 'https://exa\nmple.com', false],
    ['backslash', 'https:\\\\evil.example', false],
    ['empty', '', false],
    ['over-long', `https://example.com/${'a'.repeat(2100)}`, false],
  ])('%s', (_name, url, expected) => {
    expect(isHttpLink(url)).toBe(expected);
  });
});
