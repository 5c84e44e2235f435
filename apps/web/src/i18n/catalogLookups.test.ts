import { describe, expect, it } from 'vitest';
import { pickTexts, recordingLookups } from './catalogLookups';
import { translate } from './translate';

const CATALOG = { nav_home: 'Home', nav_game: 'Games', greeting: 'Hello {name}', unused: 'Never shown' };

describe('recordingLookups and pickTexts: the page carries the texts its markup used', () => {
  it('notes every key translate reads, found or not, and keeps the answers', () => {
    const used = new Set<string>();
    const catalog = recordingLookups(CATALOG, used);
    expect(translate(catalog, 'nav_home' as never)).toBe('Home');
    expect(translate(catalog, 'greeting' as never, { name: 'Ana' })).toBe('Hello Ana');
    expect(translate(catalog, 'missing_key' as never)).toBe('missing_key');
    expect([...used].sort()).toEqual(['greeting', 'missing_key', 'nav_home']);
  });

  it.each([
    ['the used keys', ['nav_home', 'greeting'], { nav_home: 'Home', greeting: 'Hello {name}' }],
    ['a key the catalog lacks', ['missing_key'], {}],
    ['inherited names', ['toString', '__proto__', 'constructor'], {}],
    ['none', [], {}],
  ])('%s', (_case, keys, expected) => {
    expect(pickTexts(CATALOG, keys)).toEqual(expected);
  });
});
