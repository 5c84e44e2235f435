export {
  type Catalog,
  type MessageKey,
  type TranslateParams,
  applyDocumentLanguage,
  translate,
} from './translate';
export { type CatalogLoader, loadCatalog } from './loadCatalog';
export { I18nProvider, type I18nProviderProps, type TranslateFn, useT } from './I18nProvider';
