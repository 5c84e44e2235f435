import { LOCAL_CAPTCHA_PUZZLE_SIZE } from '@wps/contract/accounts';
import { describe, expect, it } from 'vitest';
import { scanForGap } from '../../test/captcha-scanner.js';
import { readPng } from '../../test/png-reader.js';
import { drawPuzzle, PUZZLE, seededRandom } from './puzzle.js';

const png = (dataUrl: string) => readPng(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'));

describe('slider puzzle', () => {
  it('a plain pixel scan of the picture finds the gap no better than a guess', () => {
    // Issue 11 item 9: the same scanner found the gap of the puzzle drawn before in 28 of 28 tries
    // (50 of 50). Here, 50 puzzles with gaps spread over the whole range: it finds 2 (30 of 400 with
    // other seeds; a blind guess within the 6 px tolerance lands about 1 time in 12).
    let found = 0;
    for (let index = 0; index < 50; index += 1) {
      const gapX = 70 + ((index * 37) % (PUZZLE.width - PUZZLE.piece - 76));
      const puzzle = drawPuzzle(gapX, seededRandom(index + 1));
      if (Math.abs(scanForGap(puzzle) - gapX) <= 6) found += 1;
    }
    expect(found).toBeLessThanOrEqual(5);
  });

  it('draws both images at the puzzle density, the piece opaque only inside its shape', () => {
    const puzzle = drawPuzzle(120, seededRandom(7));
    const background = png(puzzle.background);
    const piece = png(puzzle.piece);
    const { density } = LOCAL_CAPTCHA_PUZZLE_SIZE;
    expect([background.width, background.height]).toEqual([PUZZLE.width * density, PUZZLE.height * density]);
    expect([piece.width, piece.height]).toEqual([PUZZLE.piece * density, PUZZLE.piece * density]);
    expect(piece.pixel(0, 0)[3]).toBe(0);
    expect(piece.pixel(piece.width / 2, piece.height / 2)[3]).toBe(255);
    expect(puzzle.pieceY).toBeGreaterThanOrEqual(8);
    expect(puzzle.pieceY).toBeLessThanOrEqual(PUZZLE.height - PUZZLE.piece - 8);
  });

  it('draws a piece a person sees at once on a phone: about 50 px with its knobs, every puzzle', () => {
    // Before, the piece was 26–30 px with 6 px tabs (about 36 px with its knobs), in a 280 px picture.
    for (let seed = 1; seed <= 20; seed += 1) {
      const piece = png(drawPuzzle(120, seededRandom(seed)).piece);
      const box = { left: piece.width, right: -1, top: piece.height, bottom: -1 };
      for (let y = 0; y < piece.height; y += 1) {
        for (let x = 0; x < piece.width; x += 1) {
          if ((piece.pixel(x, y)[3] ?? 0) === 0) continue;
          box.left = Math.min(box.left, x);
          box.right = Math.max(box.right, x);
          box.top = Math.min(box.top, y);
          box.bottom = Math.max(box.bottom, y);
        }
      }
      const sides = [box.right - box.left + 1, box.bottom - box.top + 1].map((px) => px / PUZZLE.density);
      // The body at least 34 px across; a knob takes one side to 40 or more.
      expect({ seed, body: Math.min(...sides) >= 34, knob: Math.max(...sides) >= 40 }).toEqual({
        seed,
        body: true,
        knob: true,
      });
    }
  });

  it('varies the piece’s shape from puzzle to puzzle, and the same seed draws the same puzzle', () => {
    const shapes = new Set(
      Array.from({ length: 12 }, (_, seed) => {
        const piece = png(drawPuzzle(120, seededRandom(seed)).piece);
        let outline = '';
        for (let y = 0; y < piece.height; y += 8) {
          for (let x = 0; x < piece.width; x += 8) outline += piece.pixel(x, y)[3] === 0 ? '.' : '#';
        }
        return outline;
      }),
    );
    expect(shapes.size).toBeGreaterThan(8);
    expect(drawPuzzle(150, seededRandom(3))).toEqual(drawPuzzle(150, seededRandom(3)));
    expect(drawPuzzle(150).background).not.toBe(drawPuzzle(150).background);
  });
});
