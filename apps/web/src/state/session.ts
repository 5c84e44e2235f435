import { useSyncExternalStore } from 'react';
import { StorageKey, localStore, sessionStore, type SafeStore } from '@/platform/storage';

/** The logged-in member (spec section 3): kept for the tab, or for the device when remembered. */
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

/**
 * Where a session is kept: `tab` (session storage) ends with the tab; `device` (local storage) is the
 * "Remember me" of the login form: every tab of this browser opens signed in with it until the token
 * expires on the server or the member signs out (docs/decisions/remember-me-token.md). A tab's own
 * session comes first; the device's is read through, never copied, so a sign-out in any tab (which
 * removes it) signs out every tab that was using it.
 */
export type SessionPlace = 'tab' | 'device';

// The parsed session is cached by the raw stored text (and where it was read): React needs the same
// object for the same state, and comparing the text keeps the cache honest if storage changes under us.
let cachedText: string | null = null;
let cachedSession: SessionInfo | null = null;

function storeOf(place: SessionPlace): SafeStore {
  return place === 'tab' ? sessionStore : localStore;
}

function keyOf(place: SessionPlace): StorageKey {
  return place === 'tab' ? StorageKey.sessionInfo : StorageKey.rememberedSession;
}

/** The place of the session in force: the tab's own, else the device's remembered one, else null. */
export function sessionPlace(): SessionPlace | null {
  if (sessionStore.getString(StorageKey.sessionInfo) !== null) return 'tab';
  return localStore.getString(StorageKey.rememberedSession) !== null ? 'device' : null;
}

export function getSession(): SessionInfo | null {
  const place = sessionPlace() ?? 'tab';
  const text = storeOf(place).getString(keyOf(place));
  const tagged = text === null ? null : place + text;
  if (tagged === cachedText) return cachedSession;
  const session = storeOf(place).getJSON(keyOf(place), isSessionInfo);
  if (text !== null && session === null) {
    storeOf(place).remove(keyOf(place)); // corrupt or from an older shape: drop it
    cachedText = null;
    cachedSession = null;
    return place === 'tab' ? getSession() : null;
  }
  cachedText = tagged;
  cachedSession = session;
  return session;
}

export function getToken(): string | null {
  return getSession()?.token ?? null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Stores the session; false when storage refused it (then the previous session stays). `tab` (the
 * default: a token from the address, a sign-in not remembered) leaves the device's session alone;
 * `device` moves the session there, so this tab follows it too.
 */
export function setSession(info: SessionInfo, place: SessionPlace = 'tab'): boolean {
  const stored = storeOf(place).setJSON(keyOf(place), info);
  if (stored && place === 'device') sessionStore.remove(StorageKey.sessionInfo);
  if (stored) notify();
  return stored;
}

/** Forgets the device's remembered session (a sign-in that did not ask to be remembered). */
export function forgetDeviceSession(): void {
  if (localStore.getString(StorageKey.rememberedSession) === null) return;
  localStore.remove(StorageKey.rememberedSession);
  notify();
}

/** Ends the session in this tab and on the device (other tabs hear it through the storage event). */
export function clearSession(): void {
  const had = sessionPlace() !== null;
  sessionStore.remove(StorageKey.sessionInfo);
  localStore.remove(StorageKey.rememberedSession);
  if (had) notify();
}

/**
 * Another tab signed in with Remember me, or signed out: this tab's session may have changed. Started
 * after the first screen (app/afterStart.ts): a first screen never depends on another tab.
 */
export function watchOtherTabs(win: Window): void {
  win.addEventListener('storage', (event) => {
    if (event.key === null || event.key === StorageKey.rememberedSession) notify();
  });
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
