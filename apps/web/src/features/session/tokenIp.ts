import { onTransportEvent } from '@/api/client';
import { StorageKey, localStore } from '@/platform/storage';

/** token_ip_different turns auto-login off (spec section 4), from the first call on. */
export function watchTokenIpDifferent(): () => void {
  return onTransportEvent('tokenIpDifferent', () => {
    localStore.setString(StorageKey.autoLogin, '0');
  });
}
