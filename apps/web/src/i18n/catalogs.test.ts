import { SUPPORTED_LANGUAGES } from '@wps/contract/languages';
import { describe, expect, it } from 'vitest';

type Catalog = Record<string, unknown>;

const modules = import.meta.glob<{ default: Catalog }>('./catalogs/*.json', { eager: true });

/** Catalogs by file name without extension: `./catalogs/pt-br.json` is `pt-br`. */
const catalogs = new Map<string, Catalog>(
  Object.entries(modules).map(([path, mod]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), mod.default]),
);

/** The interface languages of spec section 9, plus AR, which is in the locale map. */
const LANGUAGES: readonly string[] = [...new Set<string>([...SUPPORTED_LANGUAGES, 'AR'])];

const fileName = (code: string): string => code.toLowerCase();

const en = catalogs.get('en');
if (!en) throw new Error('catalogs/en.json is missing');
const enKeys = Object.keys(en);

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/**
 * Keys whose English text every language uses as it is (a true loanword or a name). Any other key
 * whose English text has more than one word must be translated: an English copy in another catalog
 * is a missing translation. Empty today; add a key only with the reason.
 */
const LOANWORD_KEYS: ReadonlySet<string> = new Set<string>([]);

/** The words of an English text, placeholders left out: "Continue with {provider}" has two. */
function englishWords(text: string): string[] {
  return text
    .replace(PLACEHOLDER, ' ')
    .split(/\s+/)
    .filter((word) => /[A-Za-z]/.test(word));
}

/** Keys of `catalog` whose value is the English text of more than one word, loanwords left out. */
function englishCopies(catalog: Catalog, reference: Catalog, loanwords: ReadonlySet<string>): string[] {
  return Object.keys(catalog).filter((key) => {
    const english = reference[key];
    return (
      typeof english === 'string' &&
      catalog[key] === english &&
      englishWords(english).length > 1 &&
      !loanwords.has(key)
    );
  });
}
const HTML_TAG = /<\/?[A-Za-z][^>]*>|<!--/;

function placeholders(value: string): string[] {
  return [...new Set([...value.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].sort();
}

/** Braces that are not part of a well-formed `{name}` placeholder. */
function strayBraces(value: string): boolean {
  return /[{}]/.test(value.replace(PLACEHOLDER, ''));
}

describe('i18n catalogs', () => {
  it('en.json is a non-empty reference catalog with sorted keys', () => {
    expect(enKeys.length).toBeGreaterThan(0);
    expect(enKeys, 'en.json keys are not sorted').toEqual([...enKeys].sort());
  });

  it.each(LANGUAGES)('has a catalog for %s', (code) => {
    expect(catalogs.has(fileName(code)), `missing catalogs/${fileName(code)}.json`).toBe(true);
  });

  it('has no catalog for an unknown language', () => {
    const known = new Set(LANGUAGES.map(fileName));
    const unknown = [...catalogs.keys()].filter((name) => !known.has(name));
    expect(unknown, `catalog files without a language: ${unknown.join(', ')}`).toEqual([]);
  });

  describe.each([...catalogs.keys()].sort())('%s.json', (name) => {
    const catalog = catalogs.get(name) ?? {};
    const keys = Object.keys(catalog);

    it('has exactly the keys of en.json', () => {
      const missing = enKeys.filter((key) => !Object.hasOwn(catalog, key));
      const extra = keys.filter((key) => !Object.hasOwn(en, key));
      expect(
        { missing, extra },
        `${name}.json: missing keys [${missing.join(', ')}]; extra keys [${extra.join(', ')}]`,
      ).toEqual({ missing: [], extra: [] });
    });

    it('has sorted keys', () => {
      expect(keys, `${name}.json keys are not sorted; run node scripts/i18n-check.mjs --fix-order`).toEqual(
        [...keys].sort(),
      );
    });

    it('has non-empty string values', () => {
      const bad = keys.filter((key) => {
        const value = catalog[key];
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(bad, `${name}.json: empty or non-string values for [${bad.join(', ')}]`).toEqual([]);
    });

    it('keeps the placeholders of the English values', () => {
      const problems: string[] = [];
      for (const key of keys) {
        const value = catalog[key];
        const reference = en[key];
        if (typeof value !== 'string' || typeof reference !== 'string') continue;
        const expected = placeholders(reference);
        const actual = placeholders(value);
        const lost = expected.filter((p) => !actual.includes(p));
        const unknown = actual.filter((p) => !expected.includes(p));
        if (lost.length) problems.push(`${key}: missing {${lost.join('}, {')}}`);
        if (unknown.length) problems.push(`${key}: unknown {${unknown.join('}, {')}}`);
        if (strayBraces(value)) problems.push(`${key}: malformed placeholder`);
      }
      expect(problems, `${name}.json: ${problems.join('; ')}`).toEqual([]);
    });

    it('has no HTML tags', () => {
      const bad = keys.filter((key) => {
        const value = catalog[key];
        return typeof value === 'string' && HTML_TAG.test(value);
      });
      expect(bad, `${name}.json: HTML in [${bad.join(', ')}]`).toEqual([]);
    });
  });
});

describe('English copies', () => {
  const reference = { two: 'Log in', one: 'Password', placeholder: 'Continue with {provider}', code: 'OTP' };
  it.each<[string, Catalog, string[]]>([
    ['a translated text', { two: 'Đăng nhập' }, []],
    ['a two-word English copy', { two: 'Log in' }, ['two']],
    ['a one-word copy (a name or loanword like "Password" in many languages)', { one: 'Password' }, []],
    [
      'placeholders do not count, the other words do',
      { placeholder: 'Continue with {provider}' },
      ['placeholder'],
    ],
    ['the same words with other case is a translation choice, not a copy', { two: 'log in' }, []],
    ['a copy of a listed loanword', { two: 'Log in' }, []],
  ])('%s', (name, catalog, expected) => {
    const loanwords = name.includes('listed') ? new Set(['two']) : new Set<string>();
    expect(englishCopies(catalog, reference, loanwords)).toEqual(expected);
  });

  it.each([...catalogs.keys()].filter((name) => name !== 'en').sort())(
    '%s.json translates every English text of more than one word',
    (name) => {
      const copies = englishCopies(catalogs.get(name) ?? {}, en, LOANWORD_KEYS);
      expect(copies, `${name}.json: English copies for [${copies.join(', ')}]`).toEqual([]);
    },
  );
});
