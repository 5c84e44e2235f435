import { StorageKey, localStore, writeFlag } from '@/platform/storage';
import { trackEvent } from '@/features/tracking/trackEvent';

/**
 * Spec section 4, "Install prompt", the part that must run from the start: the browser's deferred
 * `beforeinstallprompt` is captured (it may fire before the lazy `startPwa` chunk loads, which polls
 * for it), and `appinstalled` sets the install counter to 99 and the installed flag.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALLED_COUNT = 99;

let deferred: InstallPromptEvent | null = null;

export function deferredInstallPrompt(): InstallPromptEvent | null {
  return deferred;
}

/** Used up: a deferred prompt can be shown once. */
export function clearDeferredInstallPrompt(): void {
  deferred = null;
}

export function markInstalled(): void {
  localStore.setString(StorageKey.installCount, String(INSTALLED_COUNT));
  writeFlag(localStore, StorageKey.installed, true);
}

export function captureInstallPrompt(win: Window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    // Not the browser's own mini-bar: the app offers it on its pages (installPrompt.ts).
    event.preventDefault();
    deferred = event as InstallPromptEvent;
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    markInstalled();
    trackEvent('a2hsInstalled');
  });
}
