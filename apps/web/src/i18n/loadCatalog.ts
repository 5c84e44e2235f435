import type { LanguageCode } from '@wps/contract/languages';
import type { Catalog } from './translate';

export type CatalogLoader = (code: LanguageCode) => Promise<Catalog>;

/**
 * A catalog loader whose map of catalogs (a loader for each of the 29, `bundledCatalogs.ts`) is
 * itself loaded on demand: a page the server rendered carries its catalog, so the map is fetched
 * only for a page the browser renders itself or a change of language. Never rejects: when even the
 * map cannot be fetched the catalog is empty (the keys show), and the next call tries again.
 */
export function createLazyCatalogLoader(loadMap: () => Promise<CatalogLoader>): CatalogLoader {
  let map: Promise<CatalogLoader> | null = null;
  return async (code) => {
    map ??= loadMap().catch((error: unknown) => {
      map = null;
      throw error;
    });
    try {
      const loadFromMap = await map;
      return await loadFromMap(code);
    } catch (error) {
      console.warn('i18n: could not load the catalogs', error);
      return {};
    }
  };
}

/** Loads a language's catalog (its own chunk), EN standing in for one that is missing or fails. */
export const loadCatalog: CatalogLoader = createLazyCatalogLoader(() =>
  import('./bundledCatalogs').then((module) => module.loadBundledCatalog),
);
