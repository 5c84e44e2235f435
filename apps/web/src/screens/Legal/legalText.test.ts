import { describe, expect, it } from 'vitest';
import { legalBlocks, linkParts } from './legalText';

describe('legalBlocks', () => {
  it.each([
    [
      'paragraphs and a heading',
      'One.\n\n## Two\n\nThree.',
      [
        { kind: 'paragraph', text: 'One.' },
        { kind: 'heading', text: 'Two' },
        { kind: 'paragraph', text: 'Three.' },
      ],
    ],
    ['a list', '- a\n- b', [{ kind: 'list', items: ['a', 'b'] }]],
    [
      'a paragraph with one dash line is not a list',
      'Intro:\n- a',
      [{ kind: 'paragraph', text: 'Intro:\n- a' }],
    ],
    [
      'Windows line ends and spaces on blank lines',
      'A\r\n \r\nB',
      [
        { kind: 'paragraph', text: 'A' },
        { kind: 'paragraph', text: 'B' },
      ],
    ],
    ['many blank lines and none at all', '\n\n\nA\n\n\n\n', [{ kind: 'paragraph', text: 'A' }]],
    ['an empty body', '', []],
    ['markup stays text', '<b>x</b>', [{ kind: 'paragraph', text: '<b>x</b>' }]],
    ['a heading marker without a space is text', '##x', [{ kind: 'paragraph', text: '##x' }]],
  ])('%s', (_case, body, blocks) => {
    expect(legalBlocks(body)).toEqual(blocks);
  });
});

describe('linkParts', () => {
  it.each([
    ['no address', 'plain', [{ text: 'plain' }]],
    [
      'an address ending a sentence',
      'See https://a.example/x.',
      [{ text: 'See ' }, { text: 'https://a.example/x', href: 'https://a.example/x' }, { text: '.' }],
    ],
    [
      'an address in brackets',
      '(https://a.example)',
      [{ text: '(' }, { text: 'https://a.example', href: 'https://a.example' }, { text: ')' }],
    ],
    ['http is not linked', 'http://a.example', [{ text: 'http://a.example' }]],
    ['javascript is not linked', 'javascript:alert(1)', [{ text: 'javascript:alert(1)' }]],
    [
      'an address cannot carry markup',
      'https://a.example/"><script>',
      [{ text: 'https://a.example/', href: 'https://a.example/' }, { text: '"><script>' }],
    ],
  ])('%s', (_case, text, parts) => {
    expect(linkParts(text)).toEqual(parts);
  });
});
