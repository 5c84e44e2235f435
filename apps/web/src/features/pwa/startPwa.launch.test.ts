import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@/platform/storage';
import type { InstallPromptEvent } from './installCapture';
import { FakeRegistration, FakeWorker, fakePage, settle, type Page } from '@/test/serviceWorkerFakes';

/** The browser's deferred install prompt, when a test gives one. */
let installEvent: InstallPromptEvent | null = null;

async function load() {
  vi.resetModules();
  const [{ startPwa, noticeNewBuild }, notices] = await Promise.all([
    import('./startPwa'),
    import('@/ui/notices'),
  ]);
  const deps = {
    merchantCode: () => 'aurora',
    ...notices,
    deferredInstallPrompt: () => installEvent,
    clearDeferredInstallPrompt: () => {
      installEvent = null;
    },
  };
  return {
    startPwa: (win: Window) => startPwa(win, deps),
    noticeNewBuild: (win: Window) => noticeNewBuild(win, deps),
    notices,
  };
}

describe('startPwa inside the native app', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  async function nativeApp(others: FakeRegistration[]) {
    vi.resetModules();
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14) WPSApp/2.4.39',
    );
    const { startPwa, notices } = await load();
    const page = fakePage('/m/game');
    page.container.others = others;
    await startPwa(page.win);
    await settle();
    return { page, notices };
  }

  it('unregisters the old /m/sw workers, registers none, and shows the update prompt', async () => {
    const old = new FakeRegistration();
    old.active = new FakeWorker('activated', 'http://localhost/m/sw.js?environment=production');
    const push = new FakeRegistration();
    push.active = new FakeWorker('activated', 'http://localhost/firebase-messaging-sw.js');
    const { page, notices } = await nativeApp([old, push]);
    expect(page.container.register).not.toHaveBeenCalled();
    expect(old.unregister).toHaveBeenCalled();
    expect(push.unregister).not.toHaveBeenCalled();
    notices.dialogQueue.get()[0]?.resolve(true);
    await settle();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('no old worker: no prompt', async () => {
    const { page, notices } = await nativeApp([]);
    expect(page.container.register).not.toHaveBeenCalled();
    expect(notices.dialogQueue.get()).toEqual([]);
  });
});

describe('startPwa: the worker target (`from`) and the launch facts', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1';
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    document.head.innerHTML = '<meta name="apple-mobile-web-app-capable" content="yes">';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  async function started(userAgent?: string) {
    vi.resetModules();
    if (userAgent) vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    const { startPwa } = await load();
    const page = fakePage('/m/home');
    page.container.registration.active = new FakeWorker('activated');
    await startPwa(page.win);
    await settle();
    return page;
  }
  const targetMessages = (page: Page) =>
    page.container.registration.active?.postMessage.mock.calls.filter(
      (call: unknown[]) => Reflect.get(Object(call[0]), 'type') === 'SET_TARGET_URL',
    );

  it.each<[string, string | null, unknown[]]>([
    [
      'a `from` target is handed to the worker',
      '/m/game?tab=lotto',
      [[{ type: 'SET_TARGET_URL', url: '/m/game?tab=lotto' }]],
    ],
    [
      'no `from`: an empty target, which clears an earlier visit’s',
      null,
      [[{ type: 'SET_TARGET_URL', url: '' }]],
    ],
  ])('%s', async (_case, stored, expected) => {
    if (stored !== null) sessionStorage.setItem(StorageKey.swTargetUrl, stored);
    expect(targetMessages(await started())).toEqual(expected);
  });

  it.each<[string, string | undefined, Record<string, string>, string | null]>([
    [
      'an iOS home-screen launch (homescreen=1) writes the WEBCLIP flag',
      IPHONE,
      { [StorageKey.homescreen]: '1' },
      '1',
    ],
    ['iOS Safari in a tab: no flag', IPHONE, {}, null],
    ['Android with homescreen=1 is no web clip: no flag', undefined, { [StorageKey.homescreen]: '1' }, null],
  ])('%s', async (_case, userAgent, stored, flag) => {
    for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
    await started(userAgent);
    expect(sessionStorage.getItem(LazyStorageKey.webclip)).toBe(flag);
  });

  it.each<[string, string | null, string]>([
    ['fullscreen=0 turns the page’s web-app capability off', '1', 'no'],
    ['without it the page stays capable', null, 'yes'],
  ])('%s', async (_case, flag, capable) => {
    if (flag !== null) sessionStorage.setItem(StorageKey.fullscreenDisabled, flag);
    await started();
    expect(
      document.head.querySelector<HTMLMetaElement>('meta[name="apple-mobile-web-app-capable"]')?.content,
    ).toBe(capable);
  });

  it('links the merchant’s manifest', async () => {
    await started();
    expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/wps/system/manifest.json?merchantCode=aurora',
    );
  });
});
