import { ALL_LANGUAGES, type LanguageCode } from '@wps/contract/languages';
import { SERVER_STATE_ELEMENT_ID, type ServerRenderedState } from '@wps/contract/serverRender';

import { applySettings } from '@/features/settings/applySettings';
import { loadCatalog } from '@/i18n/loadCatalog';
import { primeQueries } from '@/queries/store';
import { languageStore } from '@/state/language';
import { maintenanceUntil, startWithStatus } from '@/state/systemStatus';

const LANGUAGES: ReadonlySet<string> = new Set(ALL_LANGUAGES);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The state the server rendered the page with (entry-server.tsx), when the page carries one that is
 * whole: a page without it, or with a damaged one, is rendered by the browser as before.
 */
export function readServerState(doc: Document): ServerRenderedState | null {
  const text = doc.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { merchantCode, language, catalog, settings, queries } = value;
  if (typeof merchantCode !== 'string' || typeof language !== 'string' || !LANGUAGES.has(language))
    return null;
  if (!isRecord(catalog) || !isRecord(settings) || !isRecord(queries)) return null;
  return value as unknown as ServerRenderedState;
}

/**
 * Hydrate only what the browser would render the same way: the page's merchant, and the language
 * this visitor starts in (a stored choice other than the merchant's default renders afresh).
 */
export function canHydrate(
  state: ServerRenderedState | null,
  pageMerchant: string | null,
  startLanguage: LanguageCode,
): state is ServerRenderedState {
  return state !== null && state.merchantCode === pageMerchant && state.language === startLanguage;
}

/** The stores as the server had them when it rendered: the browser's first render matches its markup. */
export function startFromServerState(state: ServerRenderedState): void {
  languageStore.set({ language: state.language, catalog: state.catalog });
  void applySettings(state.settings);
  primeQueries(state.queries);
  if (state.maintenance) startWithStatus(maintenanceUntil(state.maintenance.end, state.merchantCode));
}

/**
 * The whole catalog of the page's language in place of the texts the page carried (those its first
 * screen shows, entry-server.tsx): loaded before hydration, so every text after it is there. Where
 * the catalog cannot be loaded (offline, never cached) the page keeps the texts it carried and the
 * load is tried again (CATALOG_RETRY_MS, three times).
 */
export async function completeCatalog(state: ServerRenderedState, retries = 3): Promise<void> {
  const whole = await loadCatalog(state.language);
  const current = languageStore.get();
  if (current?.language !== state.language) return;
  // The page's own texts win: the loader stands in with EN for a catalog it cannot load.
  languageStore.set({ language: state.language, catalog: { ...whole, ...current.catalog } });
  // Not loaded (offline, a failed chunk): tried again later, without holding the hydration.
  if (Object.keys(whole).length === 0 && retries > 0 && typeof window !== 'undefined')
    window.setTimeout(() => void completeCatalog(state, retries - 1), CATALOG_RETRY_MS);
}

/** How long after a failed load of the whole catalog it is tried again. */
export const CATALOG_RETRY_MS = 5_000;
