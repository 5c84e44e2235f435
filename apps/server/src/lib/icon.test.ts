import { describe, expect, it } from 'vitest';
import { readPng } from '../test/png-reader.js';
import { ICON_SIZES, renderIcon } from './icon.js';

describe('renderIcon', () => {
  it.each(ICON_SIZES)('draws a valid %i px PNG', (size) => {
    const png = readPng(
      renderIcon(size, {
        text: 'Aurora',
        background: '#1d3a8a',
        ink: '#ffffff',
        accent: '#f5b531',
        square: false,
      }),
    );
    expect([png.width, png.height]).toEqual([size, size]);
  });

  it('rounds the corners unless square, and fills the middle with the brand colour', () => {
    const rounded = readPng(
      renderIcon(192, { text: 'L', background: '#1f7a4d', ink: '#ffffff', accent: '#f5b531', square: false }),
    );
    expect(rounded.pixel(0, 0)[3]).toBe(0);
    expect(rounded.pixel(10, 96)).toEqual([0x1f, 0x7a, 0x4d, 255]);
    const square = readPng(
      renderIcon(180, { text: 'L', background: '#1f7a4d', ink: '#ffffff', accent: '#f5b531', square: true }),
    );
    expect(square.pixel(0, 0)).toEqual([0x1f, 0x7a, 0x4d, 255]);
  });

  it('draws the initial in the ink colour', () => {
    // "L": the left column of the glyph is ink from top to bottom.
    const png = readPng(
      renderIcon(512, {
        text: 'lotus',
        background: '#000000',
        ink: '#ff0000',
        accent: '#00ff00',
        square: true,
      }),
    );
    const cell = Math.floor((512 * 0.5) / 7);
    const left = Math.floor((512 - cell * 5) / 2);
    const top = Math.floor((512 - cell * 7) / 2);
    expect(png.pixel(left + 1, top + 1)).toEqual([255, 0, 0, 255]);
    expect(png.pixel(left + cell * 4 + 1, top + 1)).toEqual([0, 0, 0, 255]);
    // The accent bar sits under the glyph.
    expect(png.pixel(left + 1, top + cell * 7 + Math.ceil(cell * 0.8) + 1)).toEqual([0, 255, 0, 255]);
  });

  it('falls back to default colours for invalid ones', () => {
    const png = readPng(
      renderIcon(180, { text: 'x', background: 'url(evil)', ink: 'nope', accent: '', square: true }),
    );
    expect(png.pixel(0, 0)[3]).toBe(255);
  });
});
