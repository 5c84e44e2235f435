import type { ThemeColors } from '@wps/contract';
import { escapeHtml } from '../lib/html.js';

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
