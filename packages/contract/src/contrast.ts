/**
 * WCAG 2 contrast of theme colours, shared by the server (the default text colour of a merchant
 * that stores none) and the web (the same default when an answer lacks it). A theme colour is hex
 * (#rgb, #rrggbb or #rrggbbaa, see HEX_COLOR_PATTERN in system.ts); an alpha channel is ignored,
 * so the ratio is that of the opaque colour: a theme paints text on a solid accent or primary.
 */

/** WCAG 2's minimum for normal text (success criterion 1.4.3, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

export const BLACK = '#000000';
export const WHITE = '#ffffff';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The red, green and blue channels (0 to 255) of a hex colour, or null when it is not one. */
export function hexChannels(value: unknown): [number, number, number] | null {
  if (typeof value !== 'string' || !HEX.test(value)) return null;
  const digits = value.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG 2's relative luminance (0 for black to 1 for white), or null for a value that is not hex. */
export function relativeLuminance(value: unknown): number | null {
  const channels = hexChannels(value);
  if (channels === null) return null;
  const [r, g, b] = channels.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21, order free), or null when either is not hex. */
export function contrastRatio(a: unknown, b: unknown): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * Black or white, whichever contrasts more with `background` (white on a tie); null when the
 * background is not hex. One of the two always reaches 4.58:1, so the pair passes WCAG AA.
 */
export function readableTextOn(background: unknown): typeof BLACK | typeof WHITE | null {
  const onBlack = contrastRatio(background, BLACK);
  const onWhite = contrastRatio(background, WHITE);
  if (onBlack === null || onWhite === null) return null;
  return onBlack > onWhite ? BLACK : WHITE;
}
