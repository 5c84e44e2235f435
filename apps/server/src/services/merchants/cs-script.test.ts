import { describe, expect, it } from 'vitest';
import { customerServiceScript, withCsScriptOrigin } from './cs-script.js';

describe('customerServiceScript (what a merchant may configure)', () => {
  it.each<[string, unknown, { src: string; origin: string | null } | null]>([
    [
      'an https address',
      'https://widget.example.com/chat.js?id=7',
      { src: 'https://widget.example.com/chat.js?id=7', origin: 'https://widget.example.com' },
    ],
    ['a path of this site', '/wps/dev/cs-widget.js', { src: '/wps/dev/cs-widget.js', origin: null }],
    [
      'surrounding spaces',
      '  https://w.example/a.js ',
      { src: 'https://w.example/a.js', origin: 'https://w.example' },
    ],
    ['none', null, null],
    ['empty', '', null],
    ['not text', 42, null],
    ['plain http', 'http://widget.example.com/chat.js', null],
    ['javascript:', 'javascript:alert(1)', null],
    ['data:', 'data:text/javascript,alert(1)', null],
    ['scheme-relative', '//evil.example/x.js', null],
    ['backslash trick', '/\\evil.example/x.js', null],
    ['credentials', 'https://user:pw@widget.example.com/chat.js', null],
    ['a fragment', 'https://widget.example.com/chat.js#x', null],
    ['a space inside', 'https://widget.example.com/ch at.js', null],
    ['over-long', `https://widget.example.com/${'a'.repeat(600)}.js`, null],
    ['a relative path', 'chat.js', null],
  ])('%s', (_name, configured, expected) => {
    expect(customerServiceScript(configured as string | null)).toEqual(expected);
  });
});

describe('withCsScriptOrigin (the merchant page policy)', () => {
  const base = { script: ["'self'"], connect: ["'self'"], frame: [] as string[] };
  it.each<[string, string | null, string[]]>([
    [
      'an https script: its origin, nothing wider',
      'https://widget.example.com/chat.js',
      ["'self'", 'https://widget.example.com'],
    ],
    ['a path of this site: nothing added', '/wps/dev/cs-widget.js', ["'self'"]],
    ['none', null, ["'self'"]],
    ['a refused address: nothing added', 'http://widget.example.com/chat.js', ["'self'"]],
  ])('%s', (_name, configured, script) => {
    const result = withCsScriptOrigin(base, configured);
    expect(result.script).toEqual(script);
    expect(result.connect).toEqual(["'self'"]);
  });
});
