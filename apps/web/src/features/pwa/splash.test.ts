import { describe, expect, it } from 'vitest';
import { LOADING_SPLASH_MIN_MS } from '@wps/contract/constants';
import html from '/index.html?raw';

/**
 * The splash of an installed launch is CSS in index.html (no first-load JavaScript, nothing for a
 * browser visit): these pin its rules. e2e/pwa-launch.spec.ts checks it in Chromium.
 */
const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';

/** The bodies of every `@media <query> { … }` block, braces balanced, joined. */
function mediaBlock(query: string): string | null {
  const bodies: string[] = [];
  let start = style.indexOf(`@media ${query}`);
  while (start >= 0) {
    const open = style.indexOf('{', start);
    let depth = 0;
    for (let i = open; i < style.length; i += 1) {
      if (style[i] === '{') depth += 1;
      if (style[i] === '}') depth -= 1;
      if (depth === 0) {
        bodies.push(style.slice(open + 1, i));
        break;
      }
    }
    start = style.indexOf(`@media ${query}`, open);
  }
  return bodies.length > 0 ? bodies.join('\n') : null;
}

describe('the splash of an installed launch (index.html)', () => {
  const installed = mediaBlock('(display-mode: standalone), (display-mode: fullscreen)');

  it('exists only for a home-screen launch (standalone or full-screen display)', () => {
    expect(installed).toContain('body::before');
    const outside = style.replace(installed ?? '', '');
    expect(outside).not.toMatch(/body::before\s*{[^}]*content:/);
  });

  it(`covers the page for at least LOADING_SPLASH_MIN_MS (${LOADING_SPLASH_MIN_MS} ms), then goes`, () => {
    const animation = /animation:\s*pwa-splash-out\s+(\d+)ms\s+[\w-]+\s+(\d+)ms\s+forwards/.exec(
      installed ?? '',
    );
    expect(Number(animation?.[2])).toBe(LOADING_SPLASH_MIN_MS);
    expect(Number(animation?.[1])).toBeLessThanOrEqual(300);
    expect(style).toMatch(/@keyframes pwa-splash-out\s*{\s*to\s*{\s*opacity:\s*0;\s*visibility:\s*hidden;/);
  });

  it('with reduced motion it is removed at once, without a fade', () => {
    expect(mediaBlock('(prefers-reduced-motion: reduce)') ?? '').toMatch(
      /body::before\s*{\s*animation-timing-function:\s*step-end;/,
    );
  });

  it('is a pseudo-element with no text: nothing for assistive technology to read or to trap', () => {
    expect(installed).toMatch(/content:\s*'';/);
    expect(html).not.toMatch(/id="pwa-splash"/);
  });
});
