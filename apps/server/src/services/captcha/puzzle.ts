import { randomBytes } from 'node:crypto';
import { LOCAL_CAPTCHA_PUZZLE_SIZE } from '@wps/contract/accounts';
import { encodePng } from '../../lib/png.js';
import { drawScene, speckle, type PuzzleRandom } from './scene.js';

/** Size of the slider puzzle and its piece, in CSS pixels, and the images' pixel density. */
export const PUZZLE = LOCAL_CAPTCHA_PUZZLE_SIZE;

export interface Puzzle {
  background: string;
  piece: string;
  pieceY: number;
}

export type { PuzzleRandom };

/**
 * A small fast generator (sfc32) for the drawing, seeded with 128 random bits (or, in tests, a
 * number). Only the look of the puzzle comes from it: the gap's x is the caller's (crypto.randomInt),
 * and whatever is drawn is in the picture anyway.
 */
export function seededRandom(seed?: number): PuzzleRandom {
  const bytes = seed === undefined ? randomBytes(16) : undefined;
  const words = bytes
    ? [0, 4, 8, 12].map((offset) => bytes.readUInt32LE(offset))
    : [0x9e3779b9, 0x243f6a88, 0xb7e15162, (seed ?? 0) >>> 0];
  let [a = 0, b = 0, c = 0, d = 0] = words;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  return { float: next, int: (min, max) => min + Math.floor(next() * (max - min)) };
}

/** Where each side's tab sits: up to 4 px either way of the side's middle. */
function shiftsOf(random: PuzzleRandom): PieceShape['shifts'] {
  return [random.int(-4, 5), random.int(-4, 5), random.int(-4, 5), random.int(-4, 5)];
}

/** A jigsaw shape in the piece's 56×56 frame: a square body and, per side, a tab out, in or none. */
interface PieceShape {
  body: number;
  /** Top, right, bottom, left: 1 a knob out, -1 a socket in, 0 a straight side. */
  tabs: [number, number, number, number];
  radius: number;
  /** Where along each side its tab sits, from the side's middle (CSS px). */
  shifts: [number, number, number, number];
}

/** A shape's pixels at device resolution: 0 outside, 1 inside, 2 inside on the top/left rim, 3 bottom/right. */
type Mask = Uint8Array;

function randomShape(random: PuzzleRandom): PieceShape {
  for (;;) {
    const tabs: PieceShape['tabs'] = [
      random.int(-1, 2),
      random.int(-1, 2),
      random.int(-1, 2),
      random.int(-1, 2),
    ];
    const knobs = tabs.filter((tab) => tab === 1).length;
    if (knobs < 1 || knobs > 2 || tabs.filter((tab) => tab !== 0).length < 2) continue;
    // A body of 34–38 px in the 56 px frame, with tabs of about 13 px across: a shape a person
    // reads at a glance on a phone (the knobs bring the piece to about 50 px).
    const body = random.int(34, 39);
    const inset = (PUZZLE.piece - body) / 2;
    return {
      body,
      tabs,
      radius: Math.min(7, (inset - 0.6) / 1.3) - random.float() * 0.8,
      shifts: shiftsOf(random),
    };
  }
}

/**
 * A decoy for `piece`: the same body and knobs out (so the same outer box as the piece) but sockets
 * and straight sides elsewhere, and its tabs shifted: a person tells them apart by the sockets.
 */
function decoyShape(random: PuzzleRandom, piece: PieceShape): PieceShape {
  for (;;) {
    const tabs = piece.tabs.map((tab) => (tab === 1 ? 1 : random.int(-1, 1))) as PieceShape['tabs'];
    if (tabs.every((tab, side) => tab === piece.tabs[side])) continue;
    return { ...piece, tabs, shifts: shiftsOf(random) };
  }
}

function inShape(shape: PieceShape, x: number, y: number): boolean {
  const size = PUZZLE.piece;
  const inset = (size - shape.body) / 2;
  const far = inset + shape.body;
  const mid = size / 2;
  const r2 = shape.radius ** 2;
  const poke = shape.radius * 0.3;
  // Tab centres: on each side, pushed out for a knob and in for a socket.
  const centres: [number, number, number][] = [
    [mid + shape.shifts[0], inset - poke * shape.tabs[0], shape.tabs[0]],
    [far + poke * shape.tabs[1], mid + shape.shifts[1], shape.tabs[1]],
    [mid + shape.shifts[2], far + poke * shape.tabs[2], shape.tabs[2]],
    [inset - poke * shape.tabs[3], mid + shape.shifts[3], shape.tabs[3]],
  ];
  let inside = x >= inset && x < far && y >= inset && y < far;
  for (const [cx, cy, tab] of centres) {
    if (tab === 0 || (x - cx) ** 2 + (y - cy) ** 2 > r2) continue;
    inside = tab === 1;
  }
  return inside;
}

function maskOf(shape: PieceShape): Mask {
  const { density } = PUZZLE;
  const size = PUZZLE.piece * density;
  const mask = new Uint8Array(size * size);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      mask[py * size + px] = inShape(shape, (px + 0.5) / density, (py + 0.5) / density) ? 1 : 0;
    }
  }
  const at = (px: number, py: number) =>
    px < 0 || py < 0 || px >= size || py >= size ? 0 : (mask[py * size + px] ?? 0);
  const rimmed = mask.slice();
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      if (at(px, py) === 0) continue;
      if (at(px - 1, py) === 0 || at(px, py - 1) === 0 || at(px - 2, py) === 0 || at(px, py - 2) === 0) {
        rimmed[py * size + px] = 2;
      } else if (
        at(px + 1, py) === 0 ||
        at(px, py + 1) === 0 ||
        at(px + 2, py) === 0 ||
        at(px, py + 2) === 0
      ) {
        rimmed[py * size + px] = 3;
      }
    }
  }
  return rimmed;
}

type Rgba = Uint8ClampedArray;

interface Shading {
  /** How much of the picture stays in the hole (the rest is the tint). */
  keep: number;
  tint: number;
  /** Strength of the rim: shadow on the top and left edges, light on the bottom and right. */
  bevel: number;
}

/**
 * Cuts a hole of `mask` at device (left, top) of `background`: inside, `source`'s picture at
 * `sourceAt`, mixed with the tint, and a bevelled rim (shadow top and left, light bottom and right).
 */
function cutHole(
  background: Rgba,
  source: Rgba,
  width: number,
  mask: Mask,
  at: { left: number; top: number },
  sourceAt: { left: number; top: number },
  shading: Shading,
): void {
  const size = PUZZLE.piece * PUZZLE.density;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const kind = mask[py * size + px] ?? 0;
      if (kind === 0) continue;
      const target = ((at.top + py) * width + at.left + px) * 4;
      const from = ((sourceAt.top + py) * width + sourceAt.left + px) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        let value = (source[from + channel] ?? 0) * shading.keep + shading.tint * (1 - shading.keep);
        if (kind === 2) value *= 1 - shading.bevel;
        else if (kind === 3) value += (255 - value) * shading.bevel;
        background[target + channel] = value;
      }
    }
  }
}

/**
 * The gap's x and three decoys' on its row, each a piece's frame and 2 px apart. Placed at random,
 * started again when the row fills before all three fit (the picture leaves room for them wherever
 * the gap is), so every puzzle has four holes.
 */
function holesAround(random: PuzzleRandom, gapX: number): number[] {
  let holes = [gapX];
  for (let tries = 0; holes.length < 4 && tries < 2_000; tries += 1) {
    if (tries % 50 === 49) holes = [gapX];
    const x = random.int(2, PUZZLE.width - PUZZLE.piece - 2);
    if (holes.every((other) => Math.abs(other - x) >= PUZZLE.piece + 2)) holes.push(x);
  }
  return holes;
}

/**
 * An original, randomly composed scene drawn pixel by pixel (raster PNGs, so the position is in no
 * markup), with a hole the shape of the piece at (`gapX`, pieceY). Made so that a program scanning the
 * picture for the gap does no better than a guess (issue 11 item 9; measured in puzzle.test.ts):
 * - the piece is a jigsaw shape chosen per puzzle (knobs out, sockets in, straight sides), about
 *   50 px with tabs a quarter of its body, outlined dark outside a light rim;
 * - three decoy holes share the gap's row, with the piece's outer box and knobs but a socket where
 *   the piece has a straight side or the other way round (a person compares the shapes, which
 *   differ plainly at this size; a scan of darkness and edges in the piece's box cannot);
 * - every hole has its own shading (a darker or, in some puzzles, lighter tint, a bevelled rim of
 *   varying strength; the decoys a little bolder on average than the real gap);
 * - the holes all show one patch of the scene taken from elsewhere and the piece shows another, so
 *   matching the piece's picture, or its edges against the scene around a hole, finds nothing;
 * - the scene is full of flat blocks, outlines and dots (edges everywhere), with sparse grain.
 */
export function drawPuzzle(gapX: number, random: PuzzleRandom = seededRandom()): Puzzle {
  const { density } = PUZZLE;
  const width = PUZZLE.width * density;
  const height = PUZZLE.height * density;
  const pieceSize = PUZZLE.piece * density;
  const pieceY = random.int(8, PUZZLE.height - PUZZLE.piece - 8);
  const scene = drawScene(random, width, height);

  const shape = randomShape(random);
  const holes = holesAround(random, gapX);

  // A patch of the scene taken away from the piece's row: every hole shows it, shaded.
  const patchAt = () => {
    for (;;) {
      const top = random.int(0, PUZZLE.height - PUZZLE.piece);
      if (Math.abs(top - pieceY) >= 12) {
        return { left: random.int(0, PUZZLE.width - PUZZLE.piece) * density, top: top * density };
      }
    }
  };
  const holePicture = patchAt();
  const background = scene.slice();
  const light = random.float() < 0.3;
  holes.forEach((x, index) => {
    const decoy = index > 0;
    // Decoys are drawn a little bolder on average than the real gap.
    const strength = decoy ? 0.45 + random.float() * 0.55 : 0.3 + random.float() * 0.4;
    const shading = { keep: 0.82 - 0.4 * strength, tint: light ? 235 : 10, bevel: 0.2 + 0.45 * strength };
    const at = { left: x * density, top: pieceY * density };
    cutHole(
      background,
      scene,
      width,
      maskOf(decoy ? decoyShape(random, shape) : shape),
      at,
      holePicture,
      shading,
    );
  });
  speckle(random, background, width, height, 0.01);

  // The piece shows yet another patch, with a light rim.
  const pieceAt = patchAt();
  const mask = maskOf(shape);
  const outside = (px: number, py: number) =>
    px < 0 || py < 0 || px >= pieceSize || py >= pieceSize || mask[py * pieceSize + px] === 0;
  const pieceRgba = new Uint8ClampedArray(pieceSize * pieceSize * 4);
  const rim = random.int(215, 256);
  // Within `d` device pixels of the shape's edge.
  const near = (px: number, py: number, d: number) =>
    outside(px - d, py) || outside(px + d, py) || outside(px, py - d) || outside(px, py + d);
  for (let py = 0; py < pieceSize; py += 1) {
    for (let px = 0; px < pieceSize; px += 1) {
      if (outside(px, py)) continue;
      const source = ((pieceAt.top + py) * width + pieceAt.left + px) * 4;
      const target = (py * pieceSize + px) * 4;
      // A dark line outside a light rim: the piece's outline reads on a light scene and a dark one.
      const line = near(px, py, 1) ? 24 : near(px, py, 3) ? rim : -1;
      for (let channel = 0; channel < 3; channel += 1) {
        pieceRgba[target + channel] = line >= 0 ? line : (scene[source + channel] ?? 0);
      }
      pieceRgba[target + 3] = 255;
    }
  }
  return {
    background: `data:image/png;base64,${encodePng(width, height, new Uint8Array(background.buffer)).toString('base64')}`,
    piece: `data:image/png;base64,${encodePng(pieceSize, pieceSize, new Uint8Array(pieceRgba.buffer)).toString('base64')}`,
    pieceY,
  };
}
