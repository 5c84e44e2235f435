/**
 * A legal page's body (plain text, issue 29) as blocks: paragraphs separated by blank lines, `## `
 * starting a heading, a paragraph whose every line starts with `- ` a list. Never markup: the
 * screen renders each block's text as text, and only https addresses become links.
 */
export type LegalBlock =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function legalBlocks(body: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const raw of body.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const block = raw.trim();
    if (block === '') continue;
    const lines = block.split('\n').map((line) => line.trim());
    if (block.startsWith('## ')) blocks.push({ kind: 'heading', text: block.slice(3).trim() });
    else if (lines.every((line) => line.startsWith('- ')))
      blocks.push({ kind: 'list', items: lines.map((line) => line.slice(2).trim()) });
    else blocks.push({ kind: 'paragraph', text: lines.join('\n') });
  }
  return blocks;
}

/** Text and https addresses, in order; a sentence's last full stop or comma is not part of an address. */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(/https:\/\/[^\s<>"'()]+/g)) {
    const href = match[0].replace(/[.,;:!?]+$/, '');
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: href, href });
    last = match.index + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
