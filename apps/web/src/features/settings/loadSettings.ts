import type { CommonSettings } from '@wps/contract';
import { WpsError } from '../../api/client';
import { fetchSettings } from '../../api/system';
import { applyFavicon, applyTheme } from '../../theme/applyTheme';
import { activateLanguage, languageForMerchant, languageStore } from '../../state/language';
import { setStoredMerchantCode } from '../../state/preferences';
import { settingsStore } from '../../state/settings';

/** Applies what the merchant's settings decide about the page: theme, icon, merchant code, language. */
export async function applySettings(settings: CommonSettings): Promise<void> {
  settingsStore.set({ status: 'ready', settings });
  setStoredMerchantCode(settings.merchantCode);
  applyTheme(document.documentElement, settings.mobileTemplate);
  applyFavicon(document, settings.mobileTemplate);
  const current = languageStore.get()?.language;
  if (current) {
    const language = languageForMerchant(current, settings.languages, settings.defaultLanguage);
    if (language !== current) await activateLanguage(language);
  }
}

export async function loadSettings(): Promise<void> {
  try {
    await applySettings(await fetchSettings());
  } catch (error) {
    // The status check already tells the user about a failed connection; the app runs on defaults.
    settingsStore.set({
      status: 'failed',
      errorCode: error instanceof WpsError ? error.errorCode : 'unknown',
    });
  }
}
