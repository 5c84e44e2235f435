import { forgetLegacyCredentials, watchTokenLater } from '@/features/session';
import { watchConnectivity } from '@/features/network';
import { handleInstalled, recordInstalled, reloadWhenBackOnline, startPwaLater } from '@/features/pwa';
import { watchSettingsRefresh } from '@/features/settings';
import { startThirdPartyChatLater } from '@/features/supportChat';
import { startTrackingLater } from '@/features/tracking';
import { whenIdle } from '@/platform/idle';
import { watchOtherTabs } from '@/state/session';

/**
 * What the app starts once its first screen has been committed (main.tsx), its own chunk: none of it
 * changes that screen, so none of it is in the first load or in the way of the hydration.
 */
export function startAfterCommit(win: Window): void {
  // The offline notice (the page itself works offline from the worker's cache).
  watchConnectivity(win);
  // Remember me: a sign-in or sign-out in another tab reaches this one.
  watchOtherTabs(win);
  // A page that opened offline reloads once the server answers again (not left without its data).
  reloadWhenBackOnline(win);
  // What a token loads (member data, the support chat): its own chunk, fetched when a token exists.
  watchTokenLater();
  startThirdPartyChatLater(win);
  // A password an older version kept for auto-login is deleted ("Remember me" keeps a token now).
  forgetLegacyCredentials();
  // A Telegram sign-in arriving elsewhere than the login page (its own chunk, only then; the mini app's
  // initData read here without platform/environment).
  const telegramApp = (win as { Telegram?: { WebApp?: { initData?: unknown } } }).Telegram?.WebApp;
  if (
    !win.location.pathname.startsWith('/m/login') &&
    (win.location.hash.includes('tgAuthResult=') || Boolean(telegramApp?.initData))
  )
    void import('@/features/socialSignIn/arrival').then((module) => module.routeTelegramArrival());
  watchSettingsRefresh(win.document);
  // An installed app: its counter, flag and event (an `appinstalled` before now was kept for this).
  handleInstalled(recordInstalled);
  // The service worker and its update prompt: their own chunk.
  startPwaLater(win);
  // Attribution and marketing events: their own chunks, once the page has loaded and is idle.
  startTrackingLater(win);
  // The loaders of the other screens and the register dialog (not in the first load): fetched while
  // the page is idle, so the first visit to another screen waits for its own chunk only.
  void whenIdle()
    .then(() => import('./lazyParts'))
    .catch(() => undefined);
}
