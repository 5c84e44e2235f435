import { describe, expect, it } from 'vitest';
import {
  customerServiceLink,
  selectCustomerService,
  type CheckedCustomerServiceEntry,
} from './customerService.js';

describe('customerServiceLink (spec section 5: an http(s) address or a path)', () => {
  it.each<[string, string, string | null]>([
    ['an https address', 'https://help.example.com/chat?x=1', 'https://help.example.com/chat?x=1'],
    ['an http address', 'http://help.example.com/', 'http://help.example.com/'],
    ['an in-app path', '/m/supportChat', '/m/supportChat'],
    ['a path with an encoded space', '/m/supportChat?title=VIP%20desk', '/m/supportChat?title=VIP%20desk'],
    ['javascript:', 'javascript:alert(1)', null],
    ['JAVASCRIPT: in capitals', 'JAVASCRIPT:alert(1)', null],
    ['javascript: split by a tab', 'java\tscript:alert(1)', null],
    ['javascript: split by a newline', 'java\nscript:alert(1)', null],
    ['data:', 'data:text/html;base64,PHNjcmlwdD4=', null],
    ['vbscript:', 'vbscript:msgbox(1)', null],
    ['protocol-relative', '//evil.example', null],
    ['slash backslash', '/\\evil.example', null],
    ['backslash backslash', '\\\\evil.example', null],
    ['tab inside the slashes', '/\t/evil.example', null],
    ['encoded second slash', '/%2Fevil.example', null],
    ['encoded backslash', '/%5Cevil.example', null],
    ['malformed encoding', '/m/%E0%A4%A', null],
    ['credentials', 'https://user@evil.example/', null],
    ['mailto:', 'mailto:help@example.com', null],
    ['relative without slash', 'm/supportChat', null],
    ['empty', '', null],
    ['too long', `https://example.com/${'a'.repeat(2100)}`, null],
  ])('%s', (_case, value, expected) => {
    expect(customerServiceLink(value)).toBe(expected);
  });
});

const entry = (
  path: string,
  csPosition: string,
  labelIds: string[] = [],
  csType = 'LINK',
): { path: string; csType: string; csPosition: string; labelIds: string[] } => ({
  path,
  csType,
  csPosition,
  labelIds,
});
const paths = (list: CheckedCustomerServiceEntry[]) => list.map((each) => each.path);

describe('selectCustomerService (spec sections 4 and 6)', () => {
  const entries = [
    entry('/m/supportChat?title=VIP', 'HOME', ['VIP2'], 'CHAT'),
    entry('/m/supportChat', 'HOME', [], 'CHAT'),
    entry('https://help.example.com/', 'HOME'),
    entry('https://gold.example.com/', 'HEADER', ['VIP2', 'VIP3']),
    entry('/m/supportChat', 'FLOATING', [], 'CHAT'),
    entry('javascript:alert(1)', 'MAINTENANCE', ['VIP1']),
    entry('https://status.example.com/', 'MAINTENANCE'),
  ];
  // [case, label, position, expected paths]
  it.each<[string, string | null | undefined, string, string[]]>([
    ['a visitor: the unlabelled entries', null, 'HOME', ['/m/supportChat', 'https://help.example.com/']],
    ['no label (undefined)', undefined, 'HOME', ['/m/supportChat', 'https://help.example.com/']],
    ['an empty label id', '', 'HOME', ['/m/supportChat', 'https://help.example.com/']],
    ['the label’s own entries only', 'VIP2', 'HOME', ['/m/supportChat?title=VIP']],
    [
      'an unknown label: the unlabelled ones',
      'VIP9',
      'HOME',
      ['/m/supportChat', 'https://help.example.com/'],
    ],
    ['label entries at one position only', 'VIP3', 'HEADER', ['https://gold.example.com/']],
    ['another label’s entry is never shown', 'VIP1', 'HEADER', []],
    ['a visitor sees no labelled header', null, 'HEADER', []],
    ['the label’s entries all unusable: fallback', 'VIP1', 'MAINTENANCE', ['https://status.example.com/']],
    ['positions do not mix', 'VIP2', 'FLOATING', ['/m/supportChat']],
  ])('%s', (_case, label, position, expected) => {
    expect(paths(selectCustomerService(entries, label, position as 'HOME'))).toEqual(expected);
  });

  it.each<[string, unknown[]]>([
    ['none configured', []],
    ['only hostile links', [entry('//evil.example', 'HOME'), entry('data:,x', 'HOME')]],
    ['a CHAT entry that is not the chat', [entry('/m/home', 'HOME', [], 'CHAT')]],
    ['unknown type and position', [entry('/m/supportChat', 'HOME', [], 'VIDEO'), entry('/m/x', 'SIDEBAR')]],
  ])('%s → nothing', (_case, list) => {
    expect(selectCustomerService(list as never, 'VIP2', 'HOME')).toEqual([]);
    expect(selectCustomerService(undefined, null, 'HOME')).toEqual([]);
  });
});
