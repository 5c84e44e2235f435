import { SESSION_STORAGE_LIMIT_BYTES } from '@wps/contract/firstLoadConstants';

/**
 * Every key the app stores, in one place, so two features never collide on a name and a reader can
 * see at a glance what the browser keeps. The comment names the store each key lives in.
 */
export const StorageKey = {
  /** session: the logged-in member (spec section 3). */
  sessionInfo: 'wps.sessionInfo',
  /** local: the merchant code of this visitor. */
  merchantCode: 'wps.merchantCode',
  /** local: the chosen interface language code. */
  language: 'wps.language',
  /** local: the tracking link id, sent as linkId at registration. */
  tid: 'wps.tid',
  /** local: affiliateCode, referralCode, originalDomain read on arrival. */
  registrationInfo: 'wps.registrationInfo',
  /** local: the ad-tracking ids read on arrival. */
  adTrackingInfo: 'wps.adTrackingInfo',
  /** session: the kept tracking and referral query parameters of this visit. */
  trackingParams: 'wps.trackingParams',
  /** session: the service-worker target URL (the `from` parameter). */
  swTargetUrl: 'wps.swTargetUrl',
  /** session: `fullscreen=0` was given, full screen stays off. */
  fullscreenDisabled: 'wps.fullscreenDisabled',
  /** session: launched from the home screen (`homescreen` parameter). */
  homescreen: 'wps.homescreen',
  /** local: the session of a sign-in with Remember me, shared by this browser's tabs (no password). */
  rememberedSession: 'wps.rememberedSession',
  /** session: the member must change the password before going anywhere else (/m/changePsw). */
  forcePasswordChange: 'wps.forcePasswordChange',
  /** session: when a failed chunk (vite:preloadError) last reloaded the page, against reload loops. */
  preloadReloadAt: 'wps.preloadReloadAt',
} as const;
// Keys only the lazy tracking and push chunks use live in platform/lazyStorageKeys.ts (out of the first load).
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

export interface SafeStore {
  getString(key: string): string | null;
  /** True when the value is stored; false when refused (size limit, quota) — the previous value stays. */
  setString(key: string, value: string): boolean;
  /** The parsed value when it is valid JSON that passes the guard, else null. */
  getJSON<T>(key: string, guard: (value: unknown) => value is T): T | null;
  setJSON(key: string, value: unknown): boolean;
  remove(key: string): void;
}

/** UTF-8 size of a string without allocating an encoded copy (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

const PROBE_KEY = 'wps.probe';

/**
 * Storage that works: reading `window.localStorage` throws when storage is disabled, and old Safari
 * private mode hands out a storage whose every write throws. Either way we get null.
 */
function usableStorage(getStorage: () => Storage): Storage | null {
  try {
    const storage = getStorage();
    storage.setItem(PROBE_KEY, '1');
    storage.removeItem(PROBE_KEY);
    return storage;
  } catch {
    return null;
  }
}

/** Keeps values for the life of the page when the browser gives us no storage at all. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

export interface SafeStoreOptions {
  /** Writes whose key plus value exceed this many UTF-8 bytes are refused. */
  maxPayloadBytes?: number;
}

/** A store over `getStorage()` that never throws; the storage is probed once, on first use. */
export function createSafeStore(getStorage: () => Storage, options: SafeStoreOptions = {}): SafeStore {
  let backing: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = null;
  const storage = () => (backing ??= usableStorage(getStorage) ?? memoryStorage());

  const getString = (key: string): string | null => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  };
  const setString = (key: string, value: string): boolean => {
    const { maxPayloadBytes } = options;
    if (maxPayloadBytes !== undefined && utf8ByteLength(key) + utf8ByteLength(value) > maxPayloadBytes) {
      return false;
    }
    try {
      storage().setItem(key, value);
      return true;
    } catch {
      return false; // quota exceeded: the browser keeps the previous value
    }
  };
  return {
    getString,
    setString,
    getJSON<T>(key: string, guard: (value: unknown) => value is T): T | null {
      const text = getString(key);
      if (text === null) return null;
      try {
        const value: unknown = JSON.parse(text);
        return guard(value) ? value : null;
      } catch {
        return null;
      }
    },
    setJSON(key, value) {
      let text: string | undefined;
      try {
        text = JSON.stringify(value);
      } catch {
        return false; // cycles, BigInt
      }
      return text === undefined ? false : setString(key, text);
    },
    remove(key) {
      try {
        storage().removeItem(key);
      } catch {
        // nothing stored that we could reach
      }
    },
  };
}

export const sessionStore: SafeStore = createSafeStore(() => window.sessionStorage, {
  maxPayloadBytes: SESSION_STORAGE_LIMIT_BYTES,
});

export const localStore: SafeStore = createSafeStore(() => window.localStorage);

/** Stored on/off flags (homescreen, hideDownloadBar, …) are `'1'` when on and absent when off. */
export function readFlag(store: SafeStore, key: string): boolean {
  return store.getString(key) === '1';
}

export function writeFlag(store: SafeStore, key: string, on: boolean): void {
  if (on) store.setString(key, '1');
  else store.remove(key);
}
