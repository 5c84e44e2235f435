import { describe, expect, it } from 'vitest';
import { isAgentType, maskName, REFERRAL_CODE_PATTERN } from './referral.js';

describe('maskName', () => {
  const cases: [string, string][] = [
    ['alice123', 'al****23'],
    ['abcde', 'ab****de'],
    ['abcd', 'a**d'],
    ['abc', 'a*c'],
    ['ab', 'a*'],
    ['a', 'a*'],
    ['', '*'],
    // A person counts an emoji as one character; it is never cut in half.
    ['😀😀😀😀😀', '😀😀****😀😀'],
  ];
  it.each(cases)('%s → %s', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });

  it('never shows a name of five or more characters whole', () => {
    for (const name of ['player01', 'abcde', 'x'.repeat(64)]) expect(maskName(name)).not.toContain(name);
  });
});

describe('isAgentType (spec section 3: 1 or 2 is an agent)', () => {
  it.each([
    [0, false],
    [1, true],
    [2, true],
    [3, false],
    [4, false],
    [-1, false],
  ])('%i → %s', (type, agent) => {
    expect(isAgentType(type)).toBe(agent);
  });
});

describe('REFERRAL_CODE_PATTERN', () => {
  it.each([
    ['AURDEMO1', true],
    ['aurdemo1', false],
    ['AURDEMO', false],
    ['AURDEMO12', false],
    ["A' OR 1", false],
    ['%%%%%%%%', false],
  ])('%s → %s', (code, ok) => {
    expect(REFERRAL_CODE_PATTERN.test(code)).toBe(ok);
  });
});
