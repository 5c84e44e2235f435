import { LOCALE_MAP, type LanguageCode, isRtl } from '@wps/contract/languages';
import type en from './catalogs/en.json';

/** Every text key: en.json is the source catalog, the other languages translate its keys. */
export type MessageKey = Extract<keyof typeof en, string>;

/** One language's texts by key. Other catalogs may lag behind EN, so a key can be missing. */
export type Catalog = Readonly<Record<string, string>>;

export type TranslateParams = Readonly<Record<string, string | number>>;

/** `{name}`: the placeholder syntax of the catalogs. */
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** The catalog text with `{name}` placeholders filled; the key itself when the text is missing. */
export function translate(catalog: Catalog, key: MessageKey, params?: TranslateParams): string {
  const text = Object.hasOwn(catalog, key) ? catalog[key] : undefined;
  if (typeof text !== 'string') return key;
  if (!params) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

/** Sets `<html lang>` to the language's locale and the writing direction to match. */
export function applyDocumentLanguage(doc: Document, code: LanguageCode): void {
  doc.documentElement.lang = LOCALE_MAP[code];
  doc.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
}
