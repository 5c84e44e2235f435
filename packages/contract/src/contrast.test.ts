import { describe, expect, it } from 'vitest';
import { contrastRatio, hexChannels, readableTextOn, relativeLuminance } from './contrast.js';

describe('hexChannels', () => {
  it.each<[string, unknown, [number, number, number] | null]>([
    ['#rrggbb', '#1d3a8a', [0x1d, 0x3a, 0x8a]],
    ['upper case', '#E8488A', [0xe8, 0x48, 0x8a]],
    ['#rgb doubles each digit', '#0a7', [0x00, 0xaa, 0x77]],
    ['#rrggbbaa ignores the alpha', '#ffffff00', [255, 255, 255]],
    ['#rgba is not a theme colour', '#abcd', null],
    ['5 digits', '#abcde', null],
    ['no hash', 'ffffff', null],
    ['not hex digits', '#ggg', null],
    ['a colour name', 'white', null],
    ['rgb()', 'rgb(0,0,0)', null],
    ['CSS injection', '#fff;background:url(x)', null],
    ['a trailing newline', '#ffffff\n', null],
    ['empty', '', null],
    ['null', null, null],
    ['a number', 0xffffff, null],
  ])('%s (%j) → %j', (_name, value, expected) => {
    expect(hexChannels(value)).toEqual(expected);
  });
});

describe('relativeLuminance', () => {
  it.each<[unknown, number | null]>([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#fff', 1],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
    // Below the sRGB knee (0.04045): the linear part of the curve.
    ['#0a0a0a', 0.003035],
    ['#zzzzzz', null],
  ])('%j → %j', (value, expected) => {
    const luminance = relativeLuminance(value);
    if (expected === null) expect(luminance).toBeNull();
    else expect(luminance).toBeCloseTo(expected, 5);
  });
});

describe('contrastRatio', () => {
  it.each<[string, unknown, unknown, number | null]>([
    ['black on white', '#000000', '#ffffff', 21],
    ['order free', '#ffffff', '#000', 21],
    ['equal colours', '#e8488a', '#e8488a', 1],
    ['3-digit and 6-digit spellings of one colour', '#abc', '#aabbcc', 1],
    ["Lotus's old accent as text on its background", '#e8488a', '#f3faf6', 3.46],
    ["Lotus's old accent under white text", '#ffffff', '#e8488a', 3.67],
    ["Lotus's accent under #111, the old fixed button text", '#111111', '#c2185b', 3.22],
    ["Lotus's accent under white text", '#ffffff', '#c2185b', 5.87],
    ['#777 on white, just under AA', '#777777', '#ffffff', 4.48],
    ['an invalid first colour', 'red', '#ffffff', null],
    ['an invalid second colour', '#ffffff', '#12345', null],
    ['both missing', undefined, null, null],
  ])('%s: %j / %j → %j', (_name, a, b, expected) => {
    const ratio = contrastRatio(a, b);
    if (expected === null) expect(ratio).toBeNull();
    else expect(ratio).toBeCloseTo(expected, 2);
  });
});

describe('readableTextOn', () => {
  it.each<[string, unknown, string | null]>([
    ['a dark primary', '#1d3a8a', '#ffffff'],
    ['a light accent', '#f5b531', '#000000'],
    ['a mid pink', '#c2185b', '#ffffff'],
    ['a cyan', '#2ed3c6', '#000000'],
    ['white', '#fff', '#000000'],
    ['black', '#000', '#ffffff'],
    ['the alpha is ignored', '#00000000', '#ffffff'],
    ['not a colour', 'transparent', null],
    ['null', null, null],
  ])('%s (%j) → %j', (_name, background, expected) => {
    expect(readableTextOn(background)).toBe(expected);
  });

  it('reaches AA (4.5:1) on every grey, where the choice is hardest', () => {
    for (let level = 0; level < 256; level += 1) {
      const grey = `#${level.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(grey, readableTextOn(grey))).toBeGreaterThanOrEqual(4.5);
    }
  });
});
