import { useSyncExternalStore } from 'react';
import { StorageKey, sessionStore } from '@/platform/storage';

/** The logged-in member (spec section 3), kept in session storage so it ends with the tab. */
export interface SessionInfo {
  spanId: string;
  id: string;
  token: string;
  merchantCode: string;
  userName: string;
  /**
   * The member's customerType (1 or 2: agent, 4: no language sync); null while unknown, e.g. for a
   * session that only has a token from the query.
   */
  type: number | null;
  firstTimeLogin: boolean;
}

const STRING_FIELDS = ['spanId', 'id', 'token', 'merchantCode', 'userName'] as const;

export function isSessionInfo(value: unknown): value is SessionInfo {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    STRING_FIELDS.every((field) => typeof record[field] === 'string') &&
    record.token !== '' &&
    (record.type === null || (typeof record.type === 'number' && Number.isFinite(record.type))) &&
    typeof record.firstTimeLogin === 'boolean'
  );
}

const listeners = new Set<() => void>();

// The parsed session is cached by the raw stored text: React needs the same object for the same
// state, and comparing the text keeps the cache honest if storage changes under us.
let cachedText: string | null = null;
let cachedSession: SessionInfo | null = null;

export function getSession(): SessionInfo | null {
  const text = sessionStore.getString(StorageKey.sessionInfo);
  if (text === cachedText) return cachedSession;
  const session = sessionStore.getJSON(StorageKey.sessionInfo, isSessionInfo);
  if (text !== null && session === null) {
    sessionStore.remove(StorageKey.sessionInfo); // corrupt or from an older shape: drop it
    cachedText = null;
  } else {
    cachedText = text;
  }
  cachedSession = session;
  return session;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Stores the session; false when storage refused it (then the previous session stays). */
export function setSession(info: SessionInfo): boolean {
  const stored = sessionStore.setJSON(StorageKey.sessionInfo, info);
  if (stored) notify();
  return stored;
}

export function clearSession(): void {
  const had = sessionStore.getString(StorageKey.sessionInfo) !== null;
  sessionStore.remove(StorageKey.sessionInfo);
  if (had) notify();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The server renders for a visitor; the page hydrates as that visitor, then shows the stored session. */
const noSessionOnServer = () => null;

export function useSession(): SessionInfo | null {
  return useSyncExternalStore(subscribe, getSession, noSessionOnServer);
}
