import { DEFAULT_LANGUAGE, type LanguageCode } from '@wps/contract/languages';
import { type ReactNode, createContext, useCallback, useContext, useMemo } from 'react';
import { type Catalog, type MessageKey, type TranslateParams, translate } from './translate';

interface I18nState {
  language: LanguageCode;
  catalog: Catalog;
}

// Outside a provider (isolated component tests) texts show as their keys instead of failing.
const I18nContext = createContext<I18nState>({ language: DEFAULT_LANGUAGE, catalog: {} });

export interface I18nProviderProps {
  language: LanguageCode;
  catalog: Catalog;
  children?: ReactNode;
}

export function I18nProvider({ language, catalog, children }: I18nProviderProps) {
  const state = useMemo(() => ({ language, catalog }), [language, catalog]);
  return <I18nContext value={state}>{children}</I18nContext>;
}

export type TranslateFn = (key: MessageKey, params?: TranslateParams) => string;

/** `t(key, params?)` in the current language, stable while the catalog stays the same. */
export function useT(): { t: TranslateFn; language: LanguageCode } {
  const { language, catalog } = useContext(I18nContext);
  const t = useCallback<TranslateFn>((key, params) => translate(catalog, key, params), [catalog]);
  return useMemo(() => ({ t, language }), [t, language]);
}
