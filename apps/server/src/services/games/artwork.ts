import type { ThemeColors } from '@wps/contract/system';
import type { ArtSpec } from '../../db/schema/index.js';
import { escapeHtml } from '../../lib/html.js';

/** Original demo artwork, drawn here as SVG so the repository holds no third-party images. */

function svgDataUri(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A wordmark: a rounded badge with the initial, then the name. */
export function logoSvg(name: string, colors: ThemeColors): string {
  const initial = escapeHtml(name.trim().charAt(0).toUpperCase());
  const label = escapeHtml(name);
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64">` +
      `<rect x="4" y="8" width="48" height="48" rx="12" fill="${colors.accent}"/>` +
      `<text x="28" y="42" font-family="system-ui,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="${colors.primary}">${initial}</text>` +
      `<text x="64" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="${colors.primaryContrast}">${label}</text>` +
      `</svg>`,
  );
}

/** A soft diagonal gradient with two translucent circles. */
export function backgroundSvg(colors: ThemeColors): string {
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334" viewBox="0 0 750 1334">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="${colors.primary}"/><stop offset="1" stop-color="${colors.background}"/>` +
      `</linearGradient></defs>` +
      `<rect width="750" height="1334" fill="url(#g)"/>` +
      `<circle cx="640" cy="180" r="220" fill="${colors.accent}" fill-opacity="0.12"/>` +
      `<circle cx="90" cy="1150" r="300" fill="${colors.accent}" fill-opacity="0.08"/>` +
      `</svg>`,
  );
}

/** The shapes of catalogue art: square game cards, 2:1 vendor logos and 2:1 banners. */
export const ART_SHAPES = {
  game: { width: 240, height: 240 },
  vendor: { width: 240, height: 120 },
  banner: { width: 750, height: 375 },
} as const;
export type ArtShape = keyof typeof ART_SHAPES;

/**
 * Catalogue art (games, vendors, banners, announcements) drawn from its ArtSpec as a bare SVG
 * document; the image route rasterises it. Only the spec's colours and glyph reach the markup, and
 * both are checked or escaped, so a stored spec cannot inject markup.
 */
export function artSvg(spec: ArtSpec, shape: ArtShape): string {
  const { width, height } = ART_SHAPES[shape];
  const [from, to] = spec.colors.map(safeColor) as [string, string];
  const glyph = escapeHtml(spec.glyph.slice(0, 8));
  const short = Math.min(width, height);
  // Long glyphs shrink so they stay inside the art.
  const fontSize = Math.round((short * (shape === 'banner' ? 0.42 : 0.46)) / Math.max(1, glyph.length / 2.4));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>` +
    `</linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<circle cx="${width * 0.85}" cy="${height * 0.15}" r="${short * 0.45}" fill="#ffffff" fill-opacity="0.12"/>` +
    `<circle cx="${width * 0.1}" cy="${height * 0.95}" r="${short * 0.35}" fill="#000000" fill-opacity="0.12"/>` +
    `<text x="${width / 2}" y="${height / 2}" dy="0.35em" font-family="DejaVu Sans,Verdana,sans-serif" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#ffffff">${glyph}</text>` +
    `</svg>`
  );
}

const COLOR = /^#[0-9a-f]{6}$/i;

function safeColor(value: string): string {
  return COLOR.test(value) ? value : '#444444';
}
