import { describe, expect, it } from 'vitest';
import { DomainError } from '../services/errors.js';
import { assertSafeInput, INPUT_MAX_NODES } from './input-guard.js';

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\uD800b';
const TEXT_MESSAGE = 'Invalid request. Text may not contain NUL characters or unpaired surrogates.';
const NAME_MESSAGE = 'Invalid request. Names may not contain NUL characters or unpaired surrogates.';
const TOO_MANY = 'Invalid request. The input holds too many values.';

function refusal(input: unknown): string | null {
  try {
    assertSafeInput(input);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.message;
  }
}

const wide = (count: number, last: string) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`k${index}`, index === count - 1 ? last : 'v']),
  );

describe('assertSafeInput', () => {
  // Flat queries of text take the short path; everything else the full walk, with the same answers.
  it.each([
    ['an empty query', {}, null],
    ['a query of text', { device: 'MOBILE', url: '/m/home', track: '😀 paired' }, null],
    ['a repeated name (array)', { a: ['x', 'y'] }, null],
    ['a NUL in a value', { a: 'ok', b: NUL }, TEXT_MESSAGE],
    ['a lone surrogate in a value', { a: LONE_HIGH }, TEXT_MESSAGE],
    ['a NUL in a name', { [NUL]: 'ok' }, NAME_MESSAGE],
    ['a bad name and a bad value', { a: NUL, [LONE_HIGH]: 'ok' }, NAME_MESSAGE],
    ['a NUL in a repeated value', { a: ['x', NUL] }, TEXT_MESSAGE],
    ['numbers and nulls', { a: 1, b: null, c: true }, null],
    ['a nested NUL', { a: { b: NUL } }, TEXT_MESSAGE],
    ['a body of text', 'plain', null],
    ['a body that is a NUL', NUL, TEXT_MESSAGE],
    ['nothing', undefined, null],
    ['as many values as allowed', wide(INPUT_MAX_NODES - 1, 'v'), null],
    ['one value too many', wide(INPUT_MAX_NODES, 'v'), TOO_MANY],
    ['one value too many, the last one a NUL', wide(INPUT_MAX_NODES, NUL), TEXT_MESSAGE],
  ])('%s', (_label, input, message) => {
    expect(refusal(input)).toBe(message);
  });
});
