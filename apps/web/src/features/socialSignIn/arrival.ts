import { AppPath } from '@wps/contract/routes';
import { navigateTo } from '@/features/navigation';
import { getToken } from '@/state/session';
import { currentSettings, settingsStore } from '@/state/settings';
import { TELEGRAM_HASH_PARAM } from './telegram';

/**
 * A Telegram arrival on a page other than the login page (spec section 4, "on load"): an auth result
 * in the hash always, the mini app's initData when TELEGRAMLOGIN3 is on and nobody is signed in. The
 * login page completes it (and goes back here afterwards: its `go`); main.tsx imports this only when
 * the page has one of the two.
 */
export function routeTelegramArrival(win: Window = window): void {
  const route = (): boolean => {
    const settings = currentSettings();
    if (settings === null) return false;
    const { pathname, search, hash } = win.location;
    const hashAuth = hash.includes(`${TELEGRAM_HASH_PARAM}=`);
    if (!hashAuth && (getToken() !== null || !settings.whitelabelVal.TELEGRAMLOGIN3)) return true;
    const go = `${pathname}${search}`;
    navigateTo(`${AppPath.login}?go=${encodeURIComponent(go)}${hashAuth ? hash : ''}`, { replace: true });
    return true;
  };
  if (route()) return;
  const stop = settingsStore.subscribe(() => {
    if (route()) stop();
  });
}
