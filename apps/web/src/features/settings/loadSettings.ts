import { SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS } from '@wps/contract/transport';
import { WpsError } from '@/api/client';
import { fetchSettings } from '@/api/system';
import { settingsStore } from '@/state/settings';
import { applySettings } from './applySettings';

let retryWhenOnline = false;

/**
 * Loads the settings into the common store. A failure is not alerted: the status check already
 * tells the user about a failed connection, and the app runs on defaults — or, on a refresh, keeps
 * the settings it has. Without any settings yet (a start offline), they are asked again as soon as
 * the browser is back online, so the page comes back with the merchant's name and theme by itself.
 */
export async function loadSettings(): Promise<void> {
  try {
    await applySettings(await fetchSettings({ handleErrors: false }));
  } catch (error) {
    if (settingsStore.get().status === 'ready') return;
    settingsStore.set({
      status: 'failed',
      errorCode: error instanceof WpsError ? error.errorCode : 'unknown',
    });
    if (!retryWhenOnline) {
      retryWhenOnline = true;
      window.addEventListener(
        'online',
        () => {
          retryWhenOnline = false;
          void loadSettings();
        },
        { once: true },
      );
    }
  }
}

/**
 * Reloads the settings when the tab becomes visible again (spec section 7), debounced 300 ms so a
 * quick switch away and back costs one call. Answers the function that stops watching.
 */
export function watchSettingsRefresh(doc: Document, refresh: () => Promise<void> = loadSettings): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onVisibilityChange = () => {
    clearTimeout(timer);
    timer = undefined;
    if (doc.visibilityState !== 'visible') return;
    timer = setTimeout(() => {
      timer = undefined;
      void refresh();
    }, SETTINGS_VISIBLE_REFRESH_DEBOUNCE_MS);
  };
  doc.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
