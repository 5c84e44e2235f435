import { getToken, subscribe } from '@/state/session';
import type * as TokenEffectsModule from './tokenEffects';
import { watchTokenIpDifferent } from './tokenIp';

type TokenEffects = Pick<typeof TokenEffectsModule, 'watchTokenPresence'>;

/**
 * The start-up's token watcher (main.tsx). What a token loads (member info, rank progress, unread
 * count, the support chat: `tokenEffects.ts`) is a member's, so its chunk is out of a visitor's first
 * load: it is fetched when a token first exists — at once for a member, at sign-in for a visitor —
 * and from then on follows the token as `watchToken` does. token_ip_different turns auto-login off
 * from the start.
 */
export function watchTokenLater(
  load: () => Promise<TokenEffects> = () => import('./tokenEffects'),
): () => void {
  const stopIp = watchTokenIpDifferent();
  let stopped = false;
  let stopPresence: () => void = () => undefined;
  let stopWaiting: () => void = () => undefined;
  const startWhenPresent = () => {
    if (!getToken()) return;
    stopWaiting();
    void load().then(
      (module) => {
        if (!stopped) stopPresence = module.watchTokenPresence();
      },
      // Offline at sign-in: the next change of the session tries again.
      () => {
        if (!stopped) stopWaiting = subscribe(startWhenPresent);
      },
    );
  };
  stopWaiting = subscribe(startWhenPresent);
  startWhenPresent();
  return () => {
    stopped = true;
    stopWaiting();
    stopPresence();
    stopIp();
  };
}
