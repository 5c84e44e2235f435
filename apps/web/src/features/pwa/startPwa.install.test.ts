import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstallPromptEvent } from './installCapture';
import { fakePage, settle } from '@/test/serviceWorkerFakes';

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
    localStorage.setItem(LazyStorageKey.installCount, '2');
    const page = fakePage('/m/home');
    installEvent = fakeInstallEvent(outcome).event;
    await startPwa(page.win);
    await settle();
    notices.dialogQueue.get()[0]?.resolve(agree);
    await settle();
    expect(sessionStorage.getItem(LazyStorageKey.installDeclined)).toBe('1');
    expect(localStorage.getItem(LazyStorageKey.installCount)).toBe('3');
  });

  it.each([
    ['another page', '/m/game', {}],
    ['declined this session', '/m/home', { session: true }],
    ['installed', '/m/home', { installed: true }],
  ])('%s: not offered', async (_name, path, state: { session?: boolean; installed?: boolean }) => {
    const { startPwa, notices } = await load();
    if (state.session) sessionStorage.setItem(LazyStorageKey.installDeclined, '1');
    if (state.installed) localStorage.setItem(LazyStorageKey.installed, '1');
    installEvent = fakeInstallEvent('accepted').event;
    await startPwa(fakePage(path).win);
    await settle();
    expect(notices.dialogQueue.get()).toEqual([]);
  });
});
