import { LOCAL_CAPTCHA_PUZZLE_SIZE as PUZZLE } from '@wps/contract/accounts';

/** The puzzle's source of randomness: integers in [min, max) and floats in [0, 1). */
export interface PuzzleRandom {
  int(min: number, max: number): number;
  float(): number;
}

/** The puzzle's background scene (puzzle.ts cuts the holes into it and takes the piece from it). */
export type Rgba = Uint8ClampedArray;

/** The random scene: sky, soft discs, hills, then buildings, posts and dots (edges everywhere), then grain. */
export function drawScene(random: PuzzleRandom, width: number, height: number): Rgba {
  const { density } = PUZZLE;
  const scene = new Uint8ClampedArray(width * height * 4);
  const top = [random.int(40, 120), random.int(80, 160), random.int(150, 230)];
  const bottom = [random.int(150, 240), random.int(130, 210), random.int(90, 170)];
  for (let row = 0; row < height; row += 1) {
    const t = row / (height - 1);
    const r = (top[0] ?? 0) + ((bottom[0] ?? 0) - (top[0] ?? 0)) * t;
    const g = (top[1] ?? 0) + ((bottom[1] ?? 0) - (top[1] ?? 0)) * t;
    const b = (top[2] ?? 0) + ((bottom[2] ?? 0) - (top[2] ?? 0)) * t;
    for (let column = 0; column < width; column += 1) {
      const offset = (row * width + column) * 4;
      scene[offset] = r;
      scene[offset + 1] = g;
      scene[offset + 2] = b;
      scene[offset + 3] = 255;
    }
  }

  // Soft discs.
  for (let n = random.int(4, 8); n > 0; n -= 1) {
    const cx = random.int(0, width);
    const cy = random.int(0, height);
    const radius = random.int(10, 40) * density;
    const color = [random.int(0, 256), random.int(0, 256), random.int(0, 256)];
    for (let row = Math.max(0, cy - radius); row < Math.min(height, cy + radius); row += 1) {
      for (let column = Math.max(0, cx - radius); column < Math.min(width, cx + radius); column += 1) {
        const d = Math.sqrt((column - cx) ** 2 + (row - cy) ** 2);
        if (d >= radius) continue;
        const a = 0.55 * (1 - d / radius);
        const offset = (row * width + column) * 4;
        for (let channel = 0; channel < 3; channel += 1) {
          scene[offset + channel] = (scene[offset + channel] ?? 0) * (1 - a) + (color[channel] ?? 0) * a;
        }
      }
    }
  }

  // Hills: per column, the rows below a wavy line are tinted.
  for (let wave = 0; wave < 2; wave += 1) {
    const base = random.int(70, 140) * density;
    const amplitude = random.int(6, 16) * density;
    const period = random.int(20, 40) * density;
    const phase = random.float() * 7;
    const tint = [0.7 + random.float() * 0.15, 0.8 + random.float() * 0.1, 0.65 + random.float() * 0.15];
    for (let column = 0; column < width; column += 1) {
      const line = Math.max(0, Math.round(base + amplitude * Math.sin(column / period + phase)));
      for (let row = line; row < height; row += 1) {
        const offset = (row * width + column) * 4;
        scene[offset] = (scene[offset] ?? 0) * (tint[0] ?? 1);
        scene[offset + 1] = (scene[offset + 1] ?? 0) * (tint[1] ?? 1) + 18;
        scene[offset + 2] = (scene[offset + 2] ?? 0) * (tint[2] ?? 1);
      }
    }
  }

  // Buildings, posts and boxes: flat darker or lighter blocks, some outlined, some with windows.
  for (let n = random.int(14, 22); n > 0; n -= 1) {
    const w = random.int(4, 40) * density;
    const h = random.int(8, 90) * density;
    const x0 = random.int(-w / 2, width);
    const y0 = random.float() < 0.6 ? height - h : random.int(0, height - h);
    const gain = random.float() < 0.5 ? 0.45 + random.float() * 0.35 : 1.15 + random.float() * 0.35;
    const outline = random.float() < 0.4 ? random.int(0, 256) : -1;
    const windows = random.float() < 0.4 ? random.int(3, 7) * density : 0;
    for (let row = Math.max(0, y0); row < Math.min(height, y0 + h); row += 1) {
      for (let column = Math.max(0, x0); column < Math.min(width, x0 + w); column += 1) {
        const offset = (row * width + column) * 4;
        const edge = row - y0 < density || column - x0 < density || x0 + w - column <= density;
        const lit =
          windows > 0 && (row - y0) % windows >= windows / 2 && (column - x0) % windows >= windows / 2;
        for (let channel = 0; channel < 3; channel += 1) {
          if (edge && outline >= 0) scene[offset + channel] = outline;
          else scene[offset + channel] = (scene[offset + channel] ?? 0) * (lit ? 2 - gain : gain);
        }
      }
    }
  }
  for (let n = random.int(10, 18); n > 0; n -= 1) {
    const cx = random.int(0, width);
    const cy = random.int(0, height);
    const radius = random.int(2, 9) * density;
    const gain = random.float() < 0.5 ? 0.5 : 1.4;
    for (let row = Math.max(0, cy - radius); row < Math.min(height, cy + radius); row += 1) {
      for (let column = Math.max(0, cx - radius); column < Math.min(width, cx + radius); column += 1) {
        if ((column - cx) ** 2 + (row - cy) ** 2 > radius ** 2) continue;
        const offset = (row * width + column) * 4;
        for (let channel = 0; channel < 3; channel += 1) {
          scene[offset + channel] = (scene[offset + channel] ?? 0) * gain;
        }
      }
    }
  }
  speckle(random, scene, width, height, 0.03);
  return scene;
}

/** Sparse grain: a share of the CSS pixels made lighter or darker (sparse, so the PNG stays small). */
export function speckle(
  random: PuzzleRandom,
  image: Rgba,
  width: number,
  height: number,
  share: number,
): void {
  const { density } = PUZZLE;
  const count = Math.round(((width * height) / density / density) * share);
  for (let n = 0; n < count; n += 1) {
    const x = random.int(0, width / density) * density;
    const y = random.int(0, height / density) * density;
    const delta = (random.float() < 0.5 ? -1 : 1) * random.int(12, 34);
    for (let dy = 0; dy < density; dy += 1) {
      for (let dx = 0; dx < density; dx += 1) {
        const offset = ((y + dy) * width + x + dx) * 4;
        for (let channel = 0; channel < 3; channel += 1) {
          image[offset + channel] = (image[offset + channel] ?? 0) + delta;
        }
      }
    }
  }
}
