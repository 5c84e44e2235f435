import { useSyncExternalStore } from 'react';
import { getMerchantCode } from '@/state/merchant';
import { getToken, subscribe as subscribeSession } from '@/state/session';
import { settingsStore } from '@/state/settings';

/**
 * Whose data a query holds: the merchant and the session (its token; null for a visitor). Every
 * query's key starts with it, so a login, a logout, another member or another merchant never reads
 * the answers of the one before.
 */
export interface DataScope {
  /** The merchant code and the token as one string: the prefix of every query id. */
  id: string;
  merchant: string | null;
  token: string | null;
}

let current: DataScope = { id: '', merchant: null, token: null };

export function getScope(): DataScope {
  const merchant = getMerchantCode();
  const token = getToken();
  const id = JSON.stringify([merchant, token]);
  if (id !== current.id) current = { id, merchant, token };
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
