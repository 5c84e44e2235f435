/**
 * A promotion's rich text (issue 15): a small HTML subset read into a tree that the screen renders
 * as React elements, never as HTML. Allowed: p, br, strong, b, em, i, u, ul, ol, li, h3, h4 and a
 * (href only; the renderer checks it). Any other tag is dropped and its text kept, but the contents
 * of script, style, iframe, object, template, svg, math, textarea and noscript are dropped whole.
 * Attributes other than an a's href are dropped. Comments are dropped. Pure: runs on the server too.
 */
export type RichNode =
  { kind: 'text'; text: string } | { kind: 'element'; tag: RichTag; href?: string; children: RichNode[] };

export const RICH_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'a',
] as const;
export type RichTag = (typeof RICH_TAGS)[number];

const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'textarea',
  'noscript',
  'title',
  'head',
]);
const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'source', 'wbr', 'area', 'base', 'col']);
/** Longer texts are cut: a promotion is not a book, and it bounds the work. */
export const RICH_TEXT_MAX_LENGTH = 20_000;
const MAX_DEPTH = 12;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function isRichTag(tag: string): tag is RichTag {
  return (RICH_TAGS as readonly string[]).includes(tag);
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<[!?][^>]*>/g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

export function parseRichText(source: string): RichNode[] {
  const html = source.slice(0, RICH_TEXT_MAX_LENGTH);
  const root: RichNode[] = [];
  const stack: { tag: RichTag; children: RichNode[] }[] = [];
  /** Inside a dropped-with-content element: its tag, until its end tag. */
  let skipping: string | null = null;
  let last = 0;
  const children = () => stack[stack.length - 1]?.children ?? root;
  const addText = (raw: string) => {
    if (skipping !== null || raw === '') return;
    const text = decodeEntities(raw);
    const list = children();
    const previous = list[list.length - 1];
    if (previous?.kind === 'text') previous.text += text;
    else list.push({ kind: 'text', text });
  };
  for (const match of html.matchAll(TOKEN)) {
    addText(html.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (name === undefined) continue; // comment, doctype, processing instruction
    const closing = match[0].startsWith('</');
    if (skipping !== null) {
      if (closing && name === skipping) skipping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!closing && !match[0].endsWith('/>')) skipping = name;
      continue;
    }
    if (!isRichTag(name)) continue;
    if (closing) {
      const at = stack.map((entry) => entry.tag).lastIndexOf(name);
      if (at >= 0) stack.length = at;
      continue;
    }
    const element: RichNode & { kind: 'element' } = { kind: 'element', tag: name, children: [] };
    if (name === 'a') {
      const href = HREF.exec(match[2] ?? '');
      const value = href?.[1] ?? href?.[2] ?? href?.[3];
      if (value !== undefined) element.href = decodeEntities(value).trim();
    }
    children().push(element);
    if (!VOID.has(name) && stack.length < MAX_DEPTH) stack.push({ tag: name, children: element.children });
  }
  addText(html.slice(last));
  return root;
}
