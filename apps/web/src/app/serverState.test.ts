import { SERVER_STATE_ELEMENT_ID, type ServerRenderedState } from '@wps/contract/serverRender';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSettings } from '@/test/settingsFixture';
import { canHydrate, readServerState } from './serverState';

const STATE: ServerRenderedState = {
  merchantCode: 'aurora',
  language: 'EN',
  catalog: { nav_home: 'Home' },
  settings: testSettings(),
  queries: { '["aurora"]["banners"]': [] },
};

function pageWith(text: string | null): Document {
  document.body.innerHTML = '';
  if (text !== null) {
    const script = document.createElement('script');
    script.id = SERVER_STATE_ELEMENT_ID;
    script.type = 'application/json';
    script.textContent = text;
    document.body.append(script);
  }
  return document;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('readServerState: only a whole state is taken', () => {
  it('reads the state the server wrote', () => {
    expect(readServerState(pageWith(JSON.stringify(STATE)))).toEqual(STATE);
  });

  it.each([
    ['no element', null],
    ['empty', ''],
    ['not JSON', '{"merchantCode":'],
    ['an array', '[]'],
    ['null', 'null'],
    ['unknown language', JSON.stringify({ ...STATE, language: 'XX' })],
    ['language of another case', JSON.stringify({ ...STATE, language: 'en' })],
    ['merchant not a string', JSON.stringify({ ...STATE, merchantCode: 7 })],
    ['catalog missing', JSON.stringify({ ...STATE, catalog: undefined })],
    ['catalog an array', JSON.stringify({ ...STATE, catalog: [] })],
    ['settings missing', JSON.stringify({ ...STATE, settings: null })],
    ['queries a string', JSON.stringify({ ...STATE, queries: 'x' })],
  ])('%s → null (the browser renders)', (_case, text) => {
    expect(readServerState(pageWith(text))).toBeNull();
  });
});

describe('canHydrate: the browser would render the same', () => {
  it.each([
    ['same merchant and language', STATE, 'aurora', 'EN', true],
    ['another merchant on the page', STATE, 'lotus', 'EN', false],
    ['no merchant on the page', STATE, null, 'EN', false],
    ['the visitor chose another language', STATE, 'aurora', 'TH', false],
    ['no state', null, 'aurora', 'EN', false],
  ] as const)('%s → %s', (_case, state, pageMerchant, language, expected) => {
    expect(canHydrate(state, pageMerchant, language)).toBe(expected);
  });
});

describe('completeCatalog: the whole catalog before hydration, the page’s texts kept', () => {
  afterEach(() => {
    vi.doUnmock('@/i18n/loadCatalog');
    vi.resetModules();
  });

  async function withLoader(load: (language: string) => Promise<Record<string, string>>) {
    vi.resetModules();
    vi.doMock('@/i18n/loadCatalog', () => ({ loadCatalog: load }));
    const [{ completeCatalog }, { languageStore }] = await Promise.all([
      import('./serverState'),
      import('@/state/language'),
    ]);
    return { completeCatalog, languageStore };
  }

  it.each([
    ['loaded', { nav_home: 'Home', nav_game: 'Games' }, { nav_home: 'Home', nav_game: 'Games' }],
    ['not loadable (offline): the page’s texts stay', {}, { nav_home: 'Home' }],
  ])('%s', async (_case, whole, expected) => {
    const { completeCatalog, languageStore } = await withLoader(async () => whole);
    languageStore.set({ language: 'EN', catalog: STATE.catalog });
    await completeCatalog(STATE);
    expect(languageStore.get()).toEqual({ language: 'EN', catalog: expected });
  });

  it('the page’s own texts win over a catalog the loader stood in for (EN for a failed one)', async () => {
    const { completeCatalog, languageStore } = await withLoader(async () => ({
      nav_home: 'Home (EN stand-in)',
      nav_game: 'Games',
    }));
    languageStore.set({ language: 'EN', catalog: STATE.catalog });
    await completeCatalog(STATE);
    expect(languageStore.get()?.catalog).toEqual({ nav_home: 'Home', nav_game: 'Games' });
  });

  it('a failed load is tried again later, and then completes the catalog', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const whole: Record<string, string> = { nav_home: 'Home', nav_game: 'Games' };
    const { completeCatalog, languageStore, CATALOG_RETRY_MS } = await withLoader(async () =>
      ++attempts === 1 ? {} : whole,
    ).then(async (loaded) => ({ ...loaded, ...(await import('./serverState')) }));
    languageStore.set({ language: 'EN', catalog: STATE.catalog });
    await completeCatalog(STATE);
    expect(languageStore.get()?.catalog).toEqual({ nav_home: 'Home' });
    await vi.advanceTimersByTimeAsync(CATALOG_RETRY_MS);
    expect(languageStore.get()?.catalog).toEqual({ nav_home: 'Home', nav_game: 'Games' });
    vi.useRealTimers();
  });

  it('a language changed meanwhile is left alone', async () => {
    const { completeCatalog, languageStore } = await withLoader(async () => ({ nav_home: 'Home' }));
    languageStore.set({ language: 'TH', catalog: { nav_home: 'หน้าแรก' } });
    await completeCatalog(STATE);
    expect(languageStore.get()).toEqual({ language: 'TH', catalog: { nav_home: 'หน้าแรก' } });
  });
});
