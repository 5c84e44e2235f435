import type { Catalog } from './translate';

/**
 * The catalog as a render reads it, noting each key looked up (`translate` reads a key with
 * `Object.hasOwn` and then gets it): the server renderer sends the browser only the texts its
 * markup used, and the browser loads the rest before it hydrates (app/serverState.ts).
 */
export function recordingLookups(catalog: Catalog, used: Set<string>): Catalog {
  return new Proxy(catalog, {
    get(target, key, receiver) {
      if (typeof key === 'string') used.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === 'string') used.add(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}

/** The texts of `catalog` under `keys` (keys it does not have are left out). */
export function pickTexts(catalog: Catalog, keys: Iterable<string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of keys) {
    const text = Object.hasOwn(catalog, key) ? catalog[key] : undefined;
    if (typeof text === 'string') picked[key] = text;
  }
  return picked;
}
