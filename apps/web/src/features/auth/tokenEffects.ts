import { StorageKey, localStore } from '../../platform/storage';
import { getToken, subscribe } from '../../state/session';
import { onTransportEvent } from '../../api/client';
import { fetchMemberInfo } from '../../api/endpoints/accounts';
import { EMPTY_MEMBER_STATE, memberStore } from './memberStore';

/**
 * Presence or loss of a token (spec section 4): a token appearing loads the member info; losing it
 * clears member info, the unread count and the deposit count. token_ip_different turns auto-login off.
 */
export function watchToken(load: typeof fetchMemberInfo = fetchMemberInfo): () => void {
  let current: string | null = null;
  const check = () => {
    const token = getToken();
    if (token === current) return;
    current = token;
    if (token) {
      load().then(
        (info) => {
          if (getToken() === token) memberStore.set({ ...memberStore.get(), info });
        },
        () => undefined, // the client's error handling already ran (please-login on a dead token)
      );
    } else {
      memberStore.set(EMPTY_MEMBER_STATE);
    }
  };
  check();
  const stopSession = subscribe(check);
  const stopIp = onTransportEvent('tokenIpDifferent', () => {
    localStore.setString(StorageKey.autoLogin, '0');
  });
  return () => {
    stopSession();
    stopIp();
  };
}
