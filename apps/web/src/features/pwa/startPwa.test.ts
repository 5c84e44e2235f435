import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstallPromptEvent } from './installCapture';
import { FakeWorker, fakePage, settle } from '@/test/serviceWorkerFakes';

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
