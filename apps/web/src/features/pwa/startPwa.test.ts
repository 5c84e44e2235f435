import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageKey } from '@/platform/storage';
import type { InstallPromptEvent } from './installCapture';

/** Fakes of the browser's service-worker objects, enough for the page's side. */
class FakeWorker extends EventTarget {
  postMessage = vi.fn();
  constructor(
    public state: ServiceWorkerState,
    public scriptURL = 'http://localhost/m/sw.js?environment=test',
  ) {
    super();
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  unregister = vi.fn(async () => true);
  update = vi.fn(async () => {});
}

class FakeContainer extends EventTarget {
  registration = new FakeRegistration();
  others: FakeRegistration[] = [];
  register = vi.fn(async () => this.registration);
  getRegistrations = vi.fn(async () => this.others);
  get ready() {
    return Promise.resolve(this.registration);
  }
}

interface Page {
  win: Window;
  container: FakeContainer;
  reload: ReturnType<typeof vi.fn>;
  assign: ReturnType<typeof vi.fn>;
}

/** The browser's deferred install prompt, when a test gives one. */
let installEvent: InstallPromptEvent | null = null;

/** `used`: the visitor has tapped or typed on the page (the install offer waits for it). */
function fakePage(path: string, search = '', used = true): Page {
  const container = new FakeContainer();
  const reload = vi.fn();
  const assign = vi.fn();
  const win = Object.assign(new EventTarget(), {
    navigator: { serviceWorker: container, onLine: true, userActivation: { hasBeenActive: used } },
    isSecureContext: true,
    location: { pathname: path, search, hash: '', reload, assign },
    document,
    performance: {
      getEntriesByType: () => [
        { name: 'http://localhost/m/assets/i18n/en-abc.js' },
        { name: 'http://localhost/m/assets/index-abc.js' },
      ],
    },
    setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
    setInterval: (run: () => void, ms: number) => window.setInterval(run, ms),
    clearInterval: (id: number) => window.clearInterval(id),
  }) as unknown as Window;
  return { win, container, reload, assign };
}

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

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('startPwa: registration and the update prompt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('registers /m/sw.js with the environment and merchant, scope /m/, and hands it the loaded catalog', async () => {
    const { startPwa } = await load();
    const page = fakePage('/m/home');
    page.container.registration.active = new FakeWorker('activated');
    await startPwa(page.win);
    expect(page.container.register).toHaveBeenCalledWith(
      expect.stringMatching(/^\/m\/sw\.js\?environment=test&merchant=aurora$/),
      {
        scope: '/m/',
        updateViaCache: 'none',
      },
    );
    expect(page.container.registration.active.postMessage).toHaveBeenCalledWith({
      type: 'CACHE_CATALOGS',
      urls: ['http://localhost/m/assets/i18n/en-abc.js'],
    });
  });

  it.each([
    ['/m/game', '?affiliateCode=a1', 'reload'],
    ['/m/login', '', 'reload'],
    ['/m/sports', '', '/m/home'],
    ['/m/activity', '?id=3', '/m/home'],
  ])('a waiting version on %s%s: Refresh activates it, then %s', async (path, search, after) => {
    const { startPwa, notices } = await load();
    const page = fakePage(path, search);
    const waiting = new FakeWorker('installed');
    page.container.registration.active = new FakeWorker('activated');
    page.container.registration.waiting = waiting;
    await startPwa(page.win);
    await settle();

    const prompt = notices.dialogQueue.get()[0];
    expect(prompt).toMatchObject({
      kind: 'confirm',
      title: { key: 'pwa_update_title' },
      message: { key: 'pwa_update_msg' },
      confirmLabel: { key: 'refresh' },
    });
    // Nothing happens before the member answers: no silent skipWaiting.
    expect(waiting.postMessage).not.toHaveBeenCalled();
    prompt?.resolve(true);
    await settle();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(notices.toasts.get()).toEqual([{ id: 'pwa-updating', message: { key: 'loading' } }]);

    page.container.dispatchEvent(new Event('controllerchange'));
    if (after === 'reload') {
      expect(page.reload).toHaveBeenCalledTimes(1);
      expect(page.assign).not.toHaveBeenCalled();
    } else {
      expect(page.assign).toHaveBeenCalledWith(after);
      expect(page.reload).not.toHaveBeenCalled();
    }
    // The fallback timer does not navigate a second time.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(page.reload.mock.calls.length + page.assign.mock.calls.length).toBe(1);
  });

  it('Cancel keeps the waiting version waiting', async () => {
    const { startPwa, notices } = await load();
    const page = fakePage('/m/home');
    const waiting = new FakeWorker('installed');
    page.container.registration.active = new FakeWorker('activated');
    page.container.registration.waiting = waiting;
    await startPwa(page.win);
    await settle();
    notices.dialogQueue.get()[0]?.resolve(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(waiting.postMessage).not.toHaveBeenCalled();
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('the first worker taking over the page neither prompts nor reloads', async () => {
    const { startPwa, notices } = await load();
    const page = fakePage('/m/home');
    await startPwa(page.win);
    const installing = new FakeWorker('installing');
    page.container.registration.installing = installing;
    page.container.registration.dispatchEvent(new Event('updatefound'));
    installing.become('installed');
    page.container.dispatchEvent(new Event('controllerchange'));
    await settle();
    expect(notices.dialogQueue.get()).toEqual([]);
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('a version found while the page is open prompts once it is installed', async () => {
    const { startPwa, notices } = await load();
    const page = fakePage('/m/home');
    page.container.registration.active = new FakeWorker('activated');
    await startPwa(page.win);
    const installing = new FakeWorker('installing');
    page.container.registration.installing = installing;
    page.container.registration.dispatchEvent(new Event('updatefound'));
    await settle();
    expect(notices.dialogQueue.get()).toEqual([]);
    installing.become('installed');
    await settle();
    expect(notices.dialogQueue.get()).toHaveLength(1);
  });

  it('waits while a form is being filled in, and is never shown twice', async () => {
    const { startPwa, notices } = await load();
    document.body.innerHTML = '<form><input type="text" name="username"><input type="password"></form>';
    const username = document.querySelector('input') as HTMLInputElement;
    username.value = 'demo';
    const page = fakePage('/m/login');
    page.container.registration.active = new FakeWorker('activated');
    page.container.registration.waiting = new FakeWorker('installed');
    await startPwa(page.win);
    const installing = new FakeWorker('installing');
    page.container.registration.installing = installing;
    page.container.registration.dispatchEvent(new Event('updatefound'));
    installing.become('installed');

    await vi.advanceTimersByTimeAsync(10_000);
    expect(notices.dialogQueue.get()).toEqual([]);
    username.value = '';
    await vi.advanceTimersByTimeAsync(2_000);
    expect(notices.dialogQueue.get()).toHaveLength(1);
  });

  it('goes on to the new version after 10 s when the worker never takes over', async () => {
    const { startPwa, notices } = await load();
    const page = fakePage('/m/home');
    page.container.registration.active = new FakeWorker('activated');
    page.container.registration.waiting = new FakeWorker('installed');
    await startPwa(page.win);
    await settle();
    notices.dialogQueue.get()[0]?.resolve(true);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(page.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(notices.toasts.get()).toEqual([]);
  });

  it('a browser without service workers: nothing', async () => {
    const { startPwa } = await load();
    const page = fakePage('/m/home');
    Reflect.set(page.win.navigator, 'serviceWorker', undefined);
    await expect(startPwa(page.win)).resolves.toBeUndefined();
  });
});

describe('a deploy noticed by the asset-hash check (noticeNewBuild)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  it('with an active worker and no new one: the worker is asked to update, then the prompt, and Refresh reloads', async () => {
    const { startPwa, noticeNewBuild, notices } = await load();
    const page = fakePage('/m/game');
    page.container.registration.active = new FakeWorker('activated');
    await startPwa(page.win);
    expect(notices.dialogQueue.get()).toEqual([]);
    noticeNewBuild(page.win);
    await settle();
    expect(page.container.registration.update).toHaveBeenCalled();
    expect(notices.dialogQueue.get()).toHaveLength(1);
    notices.dialogQueue.get()[0]?.resolve(true);
    await settle();
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('a worker installing: the worker’s own prompt (with SKIP_WAITING) is the one shown', async () => {
    const { startPwa, noticeNewBuild, notices } = await load();
    const page = fakePage('/m/home');
    const registration = page.container.registration;
    registration.active = new FakeWorker('activated');
    await startPwa(page.win);
    const installing = new FakeWorker('installing');
    registration.update.mockImplementation(async () => {
      registration.installing = installing;
      registration.dispatchEvent(new Event('updatefound'));
    });
    noticeNewBuild(page.win);
    await settle();
    expect(notices.dialogQueue.get()).toEqual([]);
    installing.become('installed');
    await settle();
    notices.dialogQueue.get()[0]?.resolve(true);
    await settle();
    expect(installing.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(notices.dialogQueue.get()).toEqual([]);
  });

  it('before the worker code has started (the check runs first): the prompt, and Refresh goes to the new build', async () => {
    const { noticeNewBuild, notices } = await load();
    const page = fakePage('/m/promo');
    noticeNewBuild(page.win);
    await settle();
    expect(page.container.registration.update).not.toHaveBeenCalled();
    expect(notices.dialogQueue.get()).toHaveLength(1);
    notices.dialogQueue.get()[0]?.resolve(false);
    await settle();
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.assign).not.toHaveBeenCalled();
  });
});

describe('the install prompt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '';
    localStorage.clear();
    sessionStorage.clear();
    installEvent = null;
  });
  afterEach(() => vi.useRealTimers());

  function fakeInstallEvent(outcome: 'accepted' | 'dismissed') {
    const prompt = vi.fn(async () => {});
    const event = Object.assign(new Event('beforeinstallprompt'), {
      prompt,
      userChoice: Promise.resolve({ outcome }),
    }) as InstallPromptEvent;
    return { event, prompt };
  }

  it('a prompt that fires 1 s after start is found by the polling; Agree then accepted shows installing', async () => {
    const { startPwa, notices } = await load();
    const page = fakePage('/m/home');
    const { event, prompt } = fakeInstallEvent('accepted');
    await startPwa(page.win);
    await vi.advanceTimersByTimeAsync(1_000);
    installEvent = event;
    await vi.advanceTimersByTimeAsync(150);
    expect(notices.dialogQueue.get()[0]).toMatchObject({
      title: { key: 'a2hs_title' },
      confirmLabel: { key: 'agree' },
    });
    notices.dialogQueue.get()[0]?.resolve(true);
    await settle();
    expect(prompt).toHaveBeenCalled();
    expect(notices.toasts.get()).toEqual([{ id: 'a2hs-installing', message: { key: 'a2hs_installing' } }]);
  });

  it('asks only once the visitor has used the page: not while it is only read, then after a tap', async () => {
    const { startPwa, notices } = await load();
    const page = fakePage('/m/home', '', false);
    installEvent = fakeInstallEvent('accepted').event;
    await startPwa(page.win);
    page.win.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(notices.dialogQueue.get()).toEqual([]);
    page.win.dispatchEvent(new Event('pointerup'));
    await settle();
    expect(notices.dialogQueue.get()[0]).toMatchObject({ title: { key: 'a2hs_title' } });
  });

  it('a prompt used elsewhere before the visitor tapped (the download page): not asked', async () => {
    const { startPwa, notices } = await load();
    const page = fakePage('/m/home', '', false);
    installEvent = fakeInstallEvent('accepted').event;
    await startPwa(page.win);
    await settle();
    installEvent = null;
    page.win.dispatchEvent(new Event('pointerup'));
    await settle();
    expect(notices.dialogQueue.get()).toEqual([]);
  });

  it('no prompt within 20 × 150 ms: nothing shown', async () => {
    const { startPwa, notices } = await load();
    const page = fakePage('/m/home');
    await startPwa(page.win);
    await vi.advanceTimersByTimeAsync(20 * 150);
    installEvent = fakeInstallEvent('accepted').event;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(notices.dialogQueue.get()).toEqual([]);
  });

  it.each([
    ['Cancel on the app’s popup', false, 'accepted'],
    ['Agree, then dismissed in the browser', true, 'dismissed'],
  ] as const)('%s: the session flag and the counter', async (_name, agree, outcome) => {
    const { startPwa, notices } = await load();
    localStorage.setItem(StorageKey.installCount, '2');
    const page = fakePage('/m/home');
    installEvent = fakeInstallEvent(outcome).event;
    await startPwa(page.win);
    await settle();
    notices.dialogQueue.get()[0]?.resolve(agree);
    await settle();
    expect(sessionStorage.getItem(StorageKey.installDeclined)).toBe('1');
    expect(localStorage.getItem(StorageKey.installCount)).toBe('3');
  });

  it.each([
    ['another page', '/m/game', {}],
    ['declined this session', '/m/home', { session: true }],
    ['installed', '/m/home', { installed: true }],
  ])('%s: not offered', async (_name, path, state: { session?: boolean; installed?: boolean }) => {
    const { startPwa, notices } = await load();
    if (state.session) sessionStorage.setItem(StorageKey.installDeclined, '1');
    if (state.installed) localStorage.setItem(StorageKey.installed, '1');
    installEvent = fakeInstallEvent('accepted').event;
    await startPwa(fakePage(path).win);
    await settle();
    expect(notices.dialogQueue.get()).toEqual([]);
  });
});

describe('a page opened offline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reloads once the network returns, after any form in progress', async () => {
    const { startPwa } = await load();
    document.body.innerHTML = '<input type="text">';
    const input = document.querySelector('input') as HTMLInputElement;
    input.value = 'typed offline';
    const page = fakePage('/m/home');
    Reflect.set(page.win.navigator, 'onLine', false);
    page.container.registration.active = new FakeWorker('activated');
    await startPwa(page.win);
    page.win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(page.reload).not.toHaveBeenCalled();
    input.value = '';
    await vi.advanceTimersByTimeAsync(2_000);
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('a page opened online does not reload on a later online event', async () => {
    const { startPwa } = await load();
    document.body.innerHTML = '';
    const page = fakePage('/m/home');
    await startPwa(page.win);
    page.win.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(4_000);
    expect(page.reload).not.toHaveBeenCalled();
  });
});

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
    expect(sessionStorage.getItem(StorageKey.webclip)).toBe(flag);
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
