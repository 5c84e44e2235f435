import { describe, expect, it } from 'vitest';
import { artSvg } from './artwork.js';
import { RasterProcess, type RasterFormat } from './raster-process.js';

const SVG = artSvg({ colors: ['#112233', '#445566'], glyph: 'T' }, 'game');

/** The format a body's first bytes say it is. */
function formatOf(bytes: Buffer): string {
  if (bytes.subarray(0, 4).toString('hex') === '89504e47') return 'png';
  if (bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('ascii', 4, 12) === 'ftypavif') return 'avif';
  return 'unknown';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('RasterProcess', () => {
  it.each(['png', 'webp', 'avif'] as const)('encodes %s in a process other than this one', async (format) => {
    const renderer = new RasterProcess();
    try {
      const bytes = await renderer.rasterise(SVG, format satisfies RasterFormat);
      expect(formatOf(bytes)).toBe(format);
      expect(renderer.pid).not.toBeNull();
      expect(renderer.pid).not.toBe(process.pid);
    } finally {
      await renderer.stop();
    }
  });

  it('answers jobs sent together, each with its own bytes', async () => {
    const renderer = new RasterProcess();
    try {
      const [png, webp, avif] = await Promise.all(
        (['png', 'webp', 'avif'] as const).map((format) => renderer.rasterise(SVG, format)),
      );
      expect([png, webp, avif].map((bytes) => formatOf(bytes ?? Buffer.alloc(0)))).toEqual([
        'png',
        'webp',
        'avif',
      ]);
    } finally {
      await renderer.stop();
    }
  });

  it('leaves once idle, and the next job starts it again', async () => {
    const renderer = new RasterProcess(0);
    await renderer.rasterise(SVG, 'png');
    const first = renderer.pid;
    expect(first).not.toBeNull();
    await renderer.exited();
    expect(renderer.pid).toBeNull();
    expect(alive(first ?? 0)).toBe(false);
    expect(formatOf(await renderer.rasterise(SVG, 'webp'))).toBe('webp');
    expect(renderer.pid).not.toBe(first);
    await renderer.stop();
  });

  it('refuses what sharp cannot read and keeps serving', async () => {
    const renderer = new RasterProcess();
    try {
      await expect(renderer.rasterise('not an svg', 'png')).rejects.toThrow(/image rendering failed/);
      expect(formatOf(await renderer.rasterise(SVG, 'png'))).toBe('png');
    } finally {
      await renderer.stop();
    }
  });

  it('fails the jobs out when the renderer dies, then starts a new one', async () => {
    const renderer = new RasterProcess();
    try {
      await renderer.rasterise(SVG, 'png');
      const job = renderer.rasterise(SVG, 'avif');
      process.kill(renderer.pid ?? 0, 'SIGKILL');
      await expect(job).rejects.toThrow(/image renderer exited \(SIGKILL\)/);
      expect(formatOf(await renderer.rasterise(SVG, 'png'))).toBe('png');
    } finally {
      await renderer.stop();
    }
  });
});
