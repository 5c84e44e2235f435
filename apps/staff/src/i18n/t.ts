import en from './en.json';

/** A text of the staff app's catalog. English first; the other languages follow with the same keys. */
export type TextKey = keyof typeof en;
export type TextParams = Readonly<Record<string, string | number>>;

const catalog: Readonly<Record<TextKey, string>> = en;

/** The catalog's text for `key`, its `{name}` places filled from `params` (a missing one stays as is). */
export function t(key: TextKey, params?: TextParams): string {
  const text = catalog[key];
  if (params === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (place, name: string) =>
    params[name] === undefined ? place : String(params[name]),
  );
}

/** Whether the catalog has a text for this key (an errorCode's sentence, say). */
export function hasText(key: string): key is TextKey {
  return Object.hasOwn(catalog, key);
}
