import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { localStore, writeFlag } from '@/platform/storage';
import { trackEvent } from '@/features/tracking';

/** Spec section 4: an installed app's install counter, past which the prompt never shows. */
export const INSTALLED_COUNT = 99;

export function markInstalled(): void {
  localStore.setString(LazyStorageKey.installCount, String(INSTALLED_COUNT));
  writeFlag(localStore, LazyStorageKey.installed, true);
}

/** `appinstalled`: the counter and the flag set, and the event tracked. */
export function recordInstalled(): void {
  markInstalled();
  trackEvent('a2hsInstalled');
}
