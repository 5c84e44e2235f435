import { LOCAL_CAPTCHA_PUZZLE_SIZE } from '@wps/contract/accounts';
import { inflateSync } from 'node:zlib';

/**
 * The naive solver of a slider puzzle, as a bot would write it in an afternoon: a plain pixel scan of
 * the background along the piece's row (pieceY is public) for the piece-sized region that looks most
 * like a gap — darker inside than around it, and framed by a strong outline. It reads the piece image
 * only for where the piece's opaque box sits, never for its shape or its picture. The guess is the
 * CSS x of the region's left edge; it solves the puzzle when within the provider's tolerance.
 */

interface Image {
  width: number;
  height: number;
  /** Luminance (0–255) of every pixel, row-major. */
  luma: Float64Array;
  alpha: Uint8Array;
}

/** Reads a PNG data URL of the server's encoder (8-bit RGBA, filter 0 on every row). */
function decode(dataUrl: string): Image {
  const png = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    if (png.toString('ascii', offset + 4, offset + 8) === 'IDAT') {
      idat.push(png.subarray(offset + 8, offset + 8 + length));
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const luma = new Float64Array(width * height);
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    if (raw[y * (width * 4 + 1)] !== 0) throw new Error('only filter 0 is read here');
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 4 + 1) + 1 + x * 4;
      luma[y * width + x] = 0.299 * (raw[at] ?? 0) + 0.587 * (raw[at + 1] ?? 0) + 0.114 * (raw[at + 2] ?? 0);
      alpha[y * width + x] = raw[at + 3] ?? 0;
    }
  }
  return { width, height, luma, alpha };
}

/** Where the piece image is opaque: its box, in device pixels of the piece image. */
function opaqueBox(piece: Image): { left: number; right: number; top: number; bottom: number } {
  let left = piece.width;
  let right = -1;
  let top = piece.height;
  let bottom = -1;
  for (let y = 0; y < piece.height; y += 1) {
    for (let x = 0; x < piece.width; x += 1) {
      if ((piece.alpha[y * piece.width + x] ?? 0) === 0) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return { left, right, top, bottom };
}

function standardise(values: number[]): number[] {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const spread = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length) || 1;
  return values.map((value) => (value - mean) / spread);
}

/** The scanner's guess of the gap's CSS x for a puzzle's background, piece and pieceY. */
export function scanForGap(puzzle: { background: string; piece: string; pieceY: number }): number {
  const { density, piece: pieceCss } = LOCAL_CAPTCHA_PUZZLE_SIZE;
  const background = decode(puzzle.background);
  const box = opaqueBox(decode(puzzle.piece));
  const W = background.width;
  const L = (x: number, y: number) => background.luma[y * W + x] ?? 0;
  const top = puzzle.pieceY * density + box.top;
  const bottom = puzzle.pieceY * density + box.bottom;
  const boxWidth = box.right - box.left + 1;
  const frame = 3 * density;

  // Column sums over the piece's rows: luminance, and horizontal gradient (vertical edges).
  const columnLuma: number[] = [];
  const columnEdge: number[] = [];
  for (let x = 0; x < W; x += 1) {
    let luma = 0;
    let edge = 0;
    for (let y = top; y <= bottom; y += 1) {
      luma += L(x, y);
      if (x > 0) edge += Math.abs(L(x, y) - L(x - 1, y));
    }
    columnLuma.push(luma / (bottom - top + 1));
    columnEdge.push(edge / (bottom - top + 1));
  }
  // Row edges along the box's top and bottom (horizontal edges), per column.
  const rowEdge = (x: number, y: number) => Math.abs(L(x, y) - L(x, y - 1));

  const candidates: number[] = [];
  const darkness: number[] = [];
  const outline: number[] = [];
  const maxX = LOCAL_CAPTCHA_PUZZLE_SIZE.width - pieceCss;
  for (let cssX = 0; cssX <= maxX; cssX += 1) {
    const left = cssX * density + box.left;
    const right = left + boxWidth - 1;
    if (left - frame < 1 || right + frame >= W) continue;
    let inside = 0;
    for (let x = left + frame; x <= right - frame; x += 1) inside += columnLuma[x] ?? 0;
    inside /= right - left - 2 * frame + 1;
    let around = 0;
    for (let k = 1; k <= frame; k += 1) around += (columnLuma[left - k] ?? 0) + (columnLuma[right + k] ?? 0);
    around /= 2 * frame;
    let edges = 0;
    for (let k = -1; k <= 1; k += 1) edges += (columnEdge[left + k] ?? 0) + (columnEdge[right + 1 + k] ?? 0);
    for (let x = left; x <= right; x += 1) {
      edges += (rowEdge(x, top) + rowEdge(x, bottom + 1)) / boxWidth;
    }
    candidates.push(cssX);
    darkness.push(around - inside);
    outline.push(edges);
  }
  const dark = standardise(darkness);
  const edge = standardise(outline);
  let best = 0;
  let bestScore = -Infinity;
  candidates.forEach((cssX, index) => {
    const score = (dark[index] ?? 0) + (edge[index] ?? 0);
    if (score > bestScore) {
      bestScore = score;
      best = cssX;
    }
  });
  return best;
}
