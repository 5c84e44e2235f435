import { isHexColor } from './html.js';
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphFor } from './bitmap-font.js';
import { encodePng } from './png.js';

export const ICON_SIZES = [180, 192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

export interface IconDesign {
  /** The mark is this text's first letter or digit. */
  text: string;
  background: string;
  ink: string;
  /** A short bar under the mark. */
  accent: string;
  /** Opaque square (iOS rounds touch icons itself and paints transparency black). */
  square: boolean;
}

type Rgba = [number, number, number, number];

function parseColor(hex: string, fallback: Rgba): Rgba {
  if (!isHexColor(hex)) return fallback;
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const value = (i: number) => parseInt(digits.slice(i, i + 2), 16);
  return [value(0), value(2), value(4), digits.length === 8 ? value(6) : 255];
}

/** Fraction of the pixel at (x, y) inside a square with rounded corners, sampled 4×4. */
function roundedCoverage(x: number, y: number, size: number, radius: number): number {
  const inCorner = (px: number, py: number) => {
    const cx = px < radius ? radius : px > size - radius ? size - radius : px;
    const cy = py < radius ? radius : py > size - radius ? size - radius : py;
    return (px - cx) ** 2 + (py - cy) ** 2 <= radius ** 2;
  };
  const nearEdge = x < radius || y < radius || x >= size - radius || y >= size - radius;
  if (!nearEdge) return 1;
  let inside = 0;
  for (let sy = 0; sy < 4; sy += 1) {
    for (let sx = 0; sx < 4; sx += 1) {
      if (inCorner(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) inside += 1;
    }
  }
  return inside / 16;
}

/** A rounded square in the brand colour with the merchant's initial, drawn from the bitmap font. */
export function renderIcon(size: IconSize, design: IconDesign): Buffer {
  const background = parseColor(design.background, [29, 58, 138, 255]);
  const ink = parseColor(design.ink, [255, 255, 255, 255]);
  const accent = parseColor(design.accent, [245, 181, 49, 255]);
  const glyph = glyphFor(design.text);
  const cell = Math.floor((size * 0.5) / GLYPH_HEIGHT);
  const left = Math.floor((size - cell * GLYPH_WIDTH) / 2);
  const top = Math.floor((size - cell * GLYPH_HEIGHT) / 2);
  const radius = design.square ? 0 : size * 0.22;
  const barTop = top + cell * GLYPH_HEIGHT + Math.ceil(cell * 0.8);
  const barBottom = barTop + Math.max(1, Math.round(cell * 0.7));
  const pixels = new Uint8Array(size * size * 4);

  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const coverage = radius === 0 ? 1 : roundedCoverage(x, y, size, radius);
      if (coverage === 0) continue;
      const row = glyph[Math.floor((y - top) / cell)];
      const column = Math.floor((x - left) / cell);
      const isInk = y >= top && x >= left && column < GLYPH_WIDTH && row?.[column] === '#';
      const isBar = y >= barTop && y < barBottom && x >= left && x < left + cell * GLYPH_WIDTH;
      const color = isInk ? ink : isBar ? accent : background;
      const offset = (y * size + x) * 4;
      pixels[offset] = color[0];
      pixels[offset + 1] = color[1];
      pixels[offset + 2] = color[2];
      pixels[offset + 3] = Math.round(color[3] * coverage);
    }
  }
  return encodePng(size, size, pixels);
}
