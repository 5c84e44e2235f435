/**
 * Spec section 4, "Install prompt", the part that must run from the start: the browser's deferred
 * `beforeinstallprompt` is captured (it may fire before the lazy `startPwa` chunk loads, which polls
 * for it), and `appinstalled` is handed to the app's handler (installed.ts: the install counter to
 * 99, the installed flag, the event tracked), or kept for it until the app has loaded: the page's
 * entry runs this module, so it imports nothing the app's chunks share.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
let installedEarly = false;
let onInstalled: (() => void) | null = null;

/** What `appinstalled` does, from the app (one that came before it is handled at once). */
export function handleInstalled(handler: () => void): void {
  onInstalled = handler;
  if (installedEarly) {
    installedEarly = false;
    handler();
  }
}

export function deferredInstallPrompt(): InstallPromptEvent | null {
  return deferred;
}

/** Used up: a deferred prompt can be shown once. */
export function clearDeferredInstallPrompt(): void {
  deferred = null;
}

export function captureInstallPrompt(win: Window): void {
  win.addEventListener('beforeinstallprompt', (event) => {
    // Not the browser's own mini-bar: the app offers it on its pages (installPrompt.ts).
    event.preventDefault();
    deferred = event as InstallPromptEvent;
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    if (onInstalled) onInstalled();
    else installedEarly = true;
  });
}
