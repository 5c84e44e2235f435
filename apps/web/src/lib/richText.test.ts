import { describe, expect, it } from 'vitest';
import { decodeEntities, parseRichText, RICH_TEXT_MAX_LENGTH, type RichNode } from './richText';

/** The tree as compact text: elements as tag(children), a's href shown. */
function show(nodes: RichNode[]): string {
  return nodes
    .map((node) =>
      node.kind === 'text'
        ? node.text
        : `${node.tag}${node.href === undefined ? '' : `[${node.href}]`}(${show(node.children)})`,
    )
    .join('');
}

describe('parseRichText (a promotion’s rich text: only safe tags)', () => {
  it.each([
    ['plain text', 'Hello', 'Hello'],
    ['the allowed tags', '<p>A <strong>b</strong> <em>c</em> <u>d</u></p>', 'p(A strong(b) em(c) u(d))'],
    ['lists', '<ul><li>One</li><li>Two</li></ul>', 'ul(li(One)li(Two))'],
    ['b and i', '<b>x</b><i>y</i>', 'b(x)i(y)'],
    ['line breaks', 'a<br>b<br/>c', 'abr()bbr()c'],
    [
      'a link keeps its href only',
      '<a href="https://x.example" onclick="x()" style="y">go</a>',
      'a[https://x.example](go)',
    ],
    [
      'single-quoted and bare hrefs',
      "<a href='/m/home'>h</a><a href=/m/news>n</a>",
      'a[/m/home](h)a[/m/news](n)',
    ],
    ['a link without href', '<a>text</a>', 'a(text)'],
    ['script and its content dropped', 'a<script>alert(1)</script>b', 'ab'],
    ['style dropped', '<style>body{}</style>x', 'x'],
    ['iframe dropped', '<iframe src="https://evil"></iframe>x', 'x'],
    ['svg with script dropped', '<svg><script>alert(1)</script></svg>x', 'x'],
    ['an img with onerror dropped', '<img src=x onerror=alert(1)>x', 'x'],
    ['unknown tags dropped, text kept', '<div><span class="c">kept</span></div>', 'kept'],
    ['attributes on allowed tags dropped', '<p onclick="x()" style="color:red">p</p>', 'p(p)'],
    ['comments dropped', 'a<!-- <script>x</script> -->b', 'ab'],
    ['an unclosed comment drops the rest', 'a<!-- b', 'a'],
    ['entities decoded as text', '&lt;script&gt; &amp; &quot;', '<script> & "'],
    ['numeric entities', '&#65;&#x42;', 'AB'],
    ['a lone < stays text', 'a < b and c > d', 'a < b and c > d'],
    // The leftovers of a split tag are text (rendered as text, never as markup).
    ['a split script tag leaves only text', '<scr<script>ipt>alert(1)</script>', 'ipt>alert(1)'],
    ['unbalanced closing tags ignored', '</p>x</strong>', 'x'],
    ['unclosed tags closed at the end', '<p><strong>x', 'p(strong(x))'],
    ['misnested tags', '<strong><em>x</strong>y</em>', 'strong(em(x))y'],
    ['upper-case tags', '<P><STRONG>x</STRONG></P>', 'p(strong(x))'],
    [
      'an href with an entity',
      '<a href="/m/activity?id=1&amp;category=b">x</a>',
      'a[/m/activity?id=1&category=b](x)',
    ],
  ])('%s', (_name, html, expected) => {
    expect(show(parseRichText(html))).toBe(expected);
  });

  it('cuts an over-long text', () => {
    const text = show(parseRichText('x'.repeat(RICH_TEXT_MAX_LENGTH + 100)));
    expect(text).toHaveLength(RICH_TEXT_MAX_LENGTH);
  });

  it('bounds the nesting', () => {
    const deep = '<strong>'.repeat(500) + 'x';
    expect(() => parseRichText(deep)).not.toThrow();
  });

  it.each([
    ['&nbsp;', '\u00a0'],
    ['&#0;', '\ufffd'],
    ['&#xD800;', '\ufffd'],
    ['&unknown;', '&unknown;'],
  ])('decodes %s', (text, expected) => {
    expect(decodeEntities(text)).toBe(expected);
  });
});
