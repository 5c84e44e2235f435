import { describe, expect, it } from 'vitest';
import { isHttpLink, safeContentHref, safeDownloadLink } from './links';

describe('isHttpLink and safeDownloadLink (links from data: http(s) only)', () => {
  it.each([
    ['an https store link', 'https://apps.apple.com/app/id1', true],
    ['an http link', 'http://example.com/app.apk', true],
    ['javascript:', 'javascript:alert(1)', false],
    ['javascript: in mixed case with spaces', ' JaVaScRiPt:alert(1)', false],
    ['javascript: with a tab inside', 'java\tscript:alert(1)', false],
    ['data: URL', 'data:text/html;base64,PHNjcmlwdD4=', false],
    ['vbscript:', 'vbscript:msgbox(1)', false],
    ['file:', 'file:///etc/passwd', false],
    ['protocol-relative', '//evil.example/app', false],
    ['an app path', '/m/home', false],
    ['backslashes', 'https:\\\\evil.example', false],
    ['empty', '', false],
    ['over-long', `https://example.com/${'a'.repeat(2100)}`, false],
  ])('%s', (_name, url, expected) => {
    expect(isHttpLink(url)).toBe(expected);
    expect(safeDownloadLink(url)).toBe(expected ? url : null);
  });

  it.each([
    ['the server’s web-clip profile', '/wps/system/webclip.mobileconfig?merchantCode=aurora', true],
    ['the profile path with a hostile code', '/wps/system/webclip.mobileconfig?merchantCode=a%22%3E', false],
    ['another server path', '/wps/system/settings', false],
  ])('%s', (_name, url, allowed) => {
    expect(safeDownloadLink(url)).toBe(allowed ? url : null);
  });
});

describe('safeContentHref (links inside a promotion’s text)', () => {
  it.each([
    ['https', 'https://example.com/terms', { href: 'https://example.com/terms', external: true }],
    ['an app path', '/m/feedback', { href: '/m/feedback', external: false }],
    ['an app path with a query', '/m/activity?id=3', { href: '/m/activity?id=3', external: false }],
    ['javascript:', 'javascript:alert(1)', null],
    ['data:', 'data:text/html,<script>alert(1)</script>', null],
    ['a path outside the app', '/wps/session/logout', null],
    ['a path climbing out', '/m/../wps/x', null],
    ['protocol-relative', '//evil.example', null],
    ['a token in an app path', '/m/home?token=abc', { href: '/m/home', external: false }],
  ])('%s', (_name, href, expected) => {
    expect(safeContentHref(href)).toEqual(expected);
  });
});
