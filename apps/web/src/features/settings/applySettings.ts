import type { CommonSettings } from '@wps/contract/system';
import { applyFavicon, applyTheme } from '@/theme/applyTheme';
import { activateLanguage, languageForMerchant, languageStore } from '@/state/language';
import { getChosenLanguage, setStoredMerchantCode } from '@/state/preferences';
import { settingsStore } from '@/state/settings';

/** Applies what the merchant's settings decide about the page: theme, icon, merchant code, language. */
export async function applySettings(settings: CommonSettings): Promise<void> {
  settingsStore.set({ status: 'ready', settings });
  setStoredMerchantCode(settings.merchantCode);
  applyTheme(document.documentElement, settings.mobileTemplate);
  applyFavicon(document, settings.mobileTemplate);
  const current = languageStore.get()?.language;
  if (current) {
    const language = languageForMerchant(
      current,
      settings.languages,
      settings.defaultLanguage,
      getChosenLanguage(),
    );
    if (language !== current) await activateLanguage(language);
  }
}
