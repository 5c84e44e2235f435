import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, deferredInstallPrompt, handleInstalled } from './installCapture';
import { markInstalled, recordInstalled } from './installed';
import { type InstallFacts, installPromptAllowed, readInstallState, recordDeclined } from './installPrompt';

const browser = { isNativeApp: false, isInstalledPwa: false, isIosWebClip: false };
const fresh = { installed: false, declinedThisSession: false, count: 0 };

describe('installPromptAllowed (spec sections 2 and 4)', () => {
  it.each<[string, Partial<InstallFacts>, boolean]>([
    ['/m/home in a browser', { pathname: '/m/home' }, true],
    ['/', { pathname: '/' }, true],
    ['/m/index.html', { pathname: '/m/index.html' }, true],
    ['/m/index', { pathname: '/m/index' }, false],
    ['/m/game', { pathname: '/m/game' }, false],
    ['/m/login', { pathname: '/m/login' }, false],
    ['declined this session', { declinedThisSession: true }, false],
    ['declined twice before, not this session', { count: 2 }, true],
    ['installed flag', { installed: true }, false],
    ['counter at 99', { count: 99 }, false],
    ['inside the native app', { env: { ...browser, isNativeApp: true } }, false],
    ['already an installed PWA', { env: { ...browser, isInstalledPwa: true } }, false],
    ['an iOS web clip', { env: { ...browser, isIosWebClip: true } }, false],
  ])('%s → %s', (_name, facts, allowed) => {
    expect(installPromptAllowed({ pathname: '/m/home', env: browser, ...fresh, ...facts })).toBe(allowed);
  });
});

describe('install state', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('a decline sets the session flag and increments the counter', () => {
    recordDeclined();
    recordDeclined();
    expect(readInstallState()).toEqual({ installed: false, declinedThisSession: true, count: 2 });
  });

  it('installed: counter 99 and the installed flag', () => {
    markInstalled();
    expect(localStorage.getItem(LazyStorageKey.installCount)).toBe('99');
    expect(readInstallState()).toMatchObject({ installed: true, count: 99 });
  });
});

describe('captureInstallPrompt', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the deferred prompt (the browser’s own bar is prevented) and appinstalled marks the install', () => {
    localStorage.clear();
    captureInstallPrompt(window);
    handleInstalled(recordInstalled);
    const event = new Event('beforeinstallprompt', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(deferredInstallPrompt()).toBe(event);
    window.dispatchEvent(new Event('appinstalled'));
    expect(deferredInstallPrompt()).toBeNull();
    expect(localStorage.getItem(LazyStorageKey.installed)).toBe('1');
    expect(localStorage.getItem(LazyStorageKey.installCount)).toBe('99');
  });

  it('an appinstalled before the app has loaded is handled once it has, once', () => {
    vi.resetModules();
    return import('./installCapture').then((capture) => {
      const handler = vi.fn();
      capture.captureInstallPrompt(window);
      window.dispatchEvent(new Event('appinstalled'));
      expect(handler).not.toHaveBeenCalled();
      capture.handleInstalled(handler);
      expect(handler).toHaveBeenCalledTimes(1);
      capture.handleInstalled(handler);
      expect(handler).toHaveBeenCalledTimes(1);
    });
  });
});
