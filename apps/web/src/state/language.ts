import { LOCALE_MAP, resolveLanguage, type LanguageCode } from '@wps/contract/languages';
import { applyDocumentLanguage, loadCatalog, type Catalog } from '@/i18n';
import { createStore } from './createStore';
import { getStoredLanguage, setStoredLanguage } from './preferences';

export interface LanguageState {
  language: LanguageCode;
  catalog: Catalog;
}

export const languageStore = createStore<LanguageState | null>(null);

/** The code whose locale the server wrote into `<html lang>` (the merchant's default language). */
export function languageFromLocale(locale: string): LanguageCode | null {
  const lower = locale.toLowerCase();
  const match = (Object.entries(LOCALE_MAP) as [LanguageCode, string][]).find(
    ([, value]) => value.toLowerCase() === lower,
  );
  return match ? match[0] : null;
}

/** The first language: the member's stored choice, else the merchant default the server rendered, else EN. */
export function initialLanguage(documentLocale: string): LanguageCode {
  return getStoredLanguage(languageFromLocale(documentLocale) ?? resolveLanguage(null));
}

/** Loads the catalog of a language (only the active one is ever fetched) and switches to it. */
export async function activateLanguage(requested: LanguageCode, remember = false): Promise<void> {
  const catalog = await loadCatalog(requested);
  applyDocumentLanguage(document, requested);
  if (remember) setStoredLanguage(requested);
  languageStore.set({ language: requested, catalog });
}

/**
 * A language the merchant does not offer falls back to the merchant's default — unless the person
 * picked it in the language picker: every interface language has its catalog, and a choice is
 * never silently undone.
 */
export function languageForMerchant(
  current: LanguageCode,
  offered: readonly LanguageCode[],
  merchantDefault: LanguageCode,
  chosen: LanguageCode | null = null,
): LanguageCode {
  return offered.includes(current) || current === chosen ? current : merchantDefault;
}
