import { describe, expect, it } from 'vitest';
import { contactLink, safeCustomerServiceLink } from './contactLink';

describe('safeCustomerServiceLink (a valid http(s) address or a path)', () => {
  it.each([
    ['https://help.example.com/chat', 'https://help.example.com/chat'],
    ['http://help.example.com', 'http://help.example.com/'],
    ['  https://help.example.com/x  ', 'https://help.example.com/x'],
    ['/m/feedback', '/m/feedback'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['JAVASCRIPT:alert(1)', null],
    ['data:text/html,<script>', null],
    ['mailto:help@example.com', null],
    ['help.example.com', null],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(safeCustomerServiceLink(value)).toBe(expected);
  });

  it('picks the first usable entry', () => {
    const entry = (path: string) => ({ path, csType: 'LINK', csPosition: 'top', labelIds: [] });
    expect(contactLink([entry('javascript:x'), entry('https://a.example/'), entry('/m/b')])).toBe(
      'https://a.example/',
    );
    expect(contactLink([entry('ftp://x')])).toBeNull();
    expect(contactLink(undefined)).toBeNull();
  });
});
