import type { LanguageCode } from '@wps/contract/languages';
import type { Catalog } from './translate';

export type CatalogModuleLoader = () => Promise<unknown>;

/** The source catalog: it has every key, so it stands in for a language that is missing or fails. */
const SOURCE_CATALOG_PATH = './catalogs/en.json';

/** `PT-BR` → `./catalogs/pt-br.json`. */
export function catalogPath(code: LanguageCode): string {
  return `./catalogs/${code.toLowerCase()}.json`;
}

/** The string entries of a loaded JSON module; null when it is not an object at all. */
function toCatalog(value: unknown): Catalog | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).filter((entry) => typeof entry[1] === 'string'));
}

/**
 * A loader over `import.meta.glob` modules (injected, so the fallbacks can be tested). It never
 * rejects: a missing or failing catalog falls back to EN, and if even EN fails, to an empty catalog
 * (the keys show) rather than no interface at all.
 */
export function createCatalogLoader(
  loaders: Readonly<Record<string, CatalogModuleLoader>>,
): (code: LanguageCode) => Promise<Catalog> {
  const tryLoad = async (path: string): Promise<Catalog | null> => {
    const loader = loaders[path];
    if (!loader) return null;
    try {
      return toCatalog(await loader());
    } catch (error) {
      console.warn(`i18n: could not load ${path}`, error);
      return null;
    }
  };
  return async (code) => {
    const path = catalogPath(code);
    const catalog = await tryLoad(path);
    if (catalog !== null) return catalog;
    return (path === SOURCE_CATALOG_PATH ? null : await tryLoad(SOURCE_CATALOG_PATH)) ?? {};
  };
}
