import { randomInt } from 'node:crypto';
import { LOCAL_CAPTCHA_PUZZLE_SIZE } from '@wps/contract';
import { encodePng } from '../../lib/png.js';

/** Size of the slider puzzle and its piece, in CSS pixels, and the images' pixel density. */
export const PUZZLE = LOCAL_CAPTCHA_PUZZLE_SIZE;

export interface Puzzle {
  background: string;
  piece: string;
  pieceY: number;
}

type Rgb = [number, number, number];

interface Blob {
  x: number;
  y: number;
  r: number;
  color: Rgb;
}

/** Inside the piece outline (CSS pixels): a square with a round knob on its right and top. */
function inPiece(px: number, py: number): boolean {
  const size = PUZZLE.piece;
  const body = 32;
  const inset = (size - body) / 2;
  if (px >= inset && px < inset + body && py >= inset && py < inset + body) return true;
  const knob = 6;
  const rightX = inset + body;
  const midY = size / 2;
  if ((px - rightX) ** 2 + (py - midY) ** 2 <= knob ** 2) return true;
  const topY = inset;
  const midX = size / 2;
  return (px - midX) ** 2 + (py - topY) ** 2 <= knob ** 2;
}

/**
 * An original, randomly composed scene (sky gradient, soft discs, stripes of hills) drawn pixel by
 * pixel, with the piece cut out at (`gapX`, pieceY): raster PNGs, so the position is in no markup.
 */
export function drawPuzzle(gapX: number): Puzzle {
  const { density } = PUZZLE;
  // The scene is laid out in CSS pixels and sampled once per device pixel.
  const width = PUZZLE.width * density;
  const height = PUZZLE.height * density;
  const piece = PUZZLE.piece * density;
  const pieceY = randomInt(8, PUZZLE.height - PUZZLE.piece - 8);
  const top: Rgb = [randomInt(40, 120), randomInt(80, 160), randomInt(150, 230)];
  const bottom: Rgb = [randomInt(180, 250), randomInt(150, 220), randomInt(90, 170)];
  const blobs: Blob[] = Array.from({ length: 7 }, () => ({
    x: randomInt(0, PUZZLE.width),
    y: randomInt(0, PUZZLE.height),
    r: randomInt(10, 40),
    color: [randomInt(0, 256), randomInt(0, 256), randomInt(0, 256)],
  }));
  const waves = [randomInt(90, 130), randomInt(110, 150)];
  const phase = randomInt(0, 628) / 100;

  const scene = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row += 1) {
    const y = row / density;
    for (let column = 0; column < width; column += 1) {
      const x = column / density;
      const t = row / (height - 1);
      let color: Rgb = [
        top[0] + (bottom[0] - top[0]) * t,
        top[1] + (bottom[1] - top[1]) * t,
        top[2] + (bottom[2] - top[2]) * t,
      ];
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y);
        if (d < blob.r) {
          const a = 0.55 * (1 - d / blob.r);
          color = [
            color[0] * (1 - a) + blob.color[0] * a,
            color[1] * (1 - a) + blob.color[1] * a,
            color[2] * (1 - a) + blob.color[2] * a,
          ];
        }
      }
      waves.forEach((base, index) => {
        if (y > base + 12 * Math.sin(x / (25 + index * 9) + phase * (index + 1))) {
          color = [color[0] * 0.75, color[1] * 0.85 + 20, color[2] * 0.7];
        }
      });
      const offset = (row * width + column) * 4;
      scene[offset] = color[0];
      scene[offset + 1] = color[1];
      scene[offset + 2] = color[2];
      scene[offset + 3] = 255;
    }
  }

  const pieceRgba = new Uint8Array(piece * piece * 4);
  const background = scene.slice();
  const step = 1 / density;
  for (let py = 0; py < piece; py += 1) {
    for (let px = 0; px < piece; px += 1) {
      const cssX = px / density;
      const cssY = py / density;
      if (!inPiece(cssX, cssY)) continue;
      const source = ((pieceY * density + py) * width + gapX * density + px) * 4;
      const target = (py * piece + px) * 4;
      const edge =
        !inPiece(cssX - step, cssY) ||
        !inPiece(cssX + step, cssY) ||
        !inPiece(cssX, cssY - step) ||
        !inPiece(cssX, cssY + step);
      for (let channel = 0; channel < 3; channel += 1) {
        const value = scene[source + channel] ?? 0;
        pieceRgba[target + channel] = edge ? 255 : value;
        background[source + channel] = edge ? 235 : value * 0.35;
      }
      pieceRgba[target + 3] = 255;
    }
  }
  return {
    background: `data:image/png;base64,${encodePng(width, height, background).toString('base64')}`,
    piece: `data:image/png;base64,${encodePng(piece, piece, pieceRgba).toString('base64')}`,
    pieceY,
  };
}
