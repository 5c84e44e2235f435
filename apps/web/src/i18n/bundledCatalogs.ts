import { createCatalogLoader } from './catalogLoader';

/** Each catalog is its own lazy chunk: only the active language is fetched. */
export const loadBundledCatalog = createCatalogLoader(
  import.meta.glob('./catalogs/*.json', { import: 'default' }),
);
