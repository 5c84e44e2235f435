import { describe, expect, it } from 'vitest';
import { pageMerchantCode } from './pageMerchant';

function page(head: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head>${head}</head><body></body></html>`,
    'text/html',
  );
}

describe('pageMerchantCode', () => {
  it.each([
    ['the code the server wrote', '<meta name="wps-merchant" content="lotus">', 'lotus'],
    ['surrounding spaces', '<meta name="wps-merchant" content=" orbit ">', 'orbit'],
    ['no meta (a page not served by the reference server)', '', null],
    ['an empty code', '<meta name="wps-merchant" content="">', null],
    ['a code with a slash', '<meta name="wps-merchant" content="a/b">', null],
    ['a header-splitting attempt', '<meta name="wps-merchant" content="a&#13;&#10;X-Evil: 1">', null],
    ['a code over 32 characters', `<meta name="wps-merchant" content="${'a'.repeat(33)}">`, null],
    ['another meta of the same content', '<meta name="description" content="lotus">', null],
  ])('%s → %j', (_label, head, expected) => {
    expect(pageMerchantCode(page(head))).toBe(expected);
  });
});
