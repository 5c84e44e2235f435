import { useSyncExternalStore } from 'react';
import { getMerchantCode } from '@/state/merchant';
import { getToken, subscribe as subscribeSession } from '@/state/session';
import { settingsStore } from '@/state/settings';

/**
 * Whose data a query holds. A member's query (`member: true`) belongs to the merchant and the session
 * (its token), so a login, a logout or another member never reads the answers of the one before; a
 * public one (the lobby's lists) belongs to the merchant only, so logging in does not reload the
 * banners and games already on screen.
 */
export interface DataScope {
  /** The merchant code and the token as one string: the prefix of every member query's id. */
  id: string;
  /** The merchant code alone: the prefix of every public query's id. */
  publicId: string;
  merchant: string | null;
  token: string | null;
}

let current: DataScope = { id: '', publicId: '', merchant: null, token: null };

export function getScope(): DataScope {
  const merchant = getMerchantCode();
  const token = getToken();
  const id = JSON.stringify([merchant, token]);
  if (id !== current.id) current = { id, publicId: JSON.stringify([merchant]), merchant, token };
  return current;
}

/** Calls `listener` when the session or the settings change (the scope may have changed). */
export function subscribeScope(listener: () => void): () => void {
  const stopSession = subscribeSession(listener);
  const stopSettings = settingsStore.subscribe(listener);
  return () => {
    stopSession();
    stopSettings();
  };
}

export function useScope(): DataScope {
  return useSyncExternalStore(subscribeScope, getScope, getScope);
}
