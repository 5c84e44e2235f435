import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { localStore, type SafeStore } from '@/platform/storage';

/**
 * Older versions kept a password for auto-login: a record in local storage (username, merchant and
 * the password sealed with AES-GCM) and the key that sealed it, in the IndexedDB database `wps-keys`.
 * "Remember me" now keeps a session token instead (docs/decisions/remember-me-token.md), so on every
 * start whatever an older version left is deleted: the record, the key's database and the auto-login
 * switch. The record's username is the one thing kept: it fills the login form, as a new sign-in's would.
 */

/** The IndexedDB database that held the sealing key. */
export const LEGACY_KEY_DATABASE = 'wps-keys';

interface LegacyRecord {
  type?: unknown;
  username?: unknown;
}

function isRecord(value: unknown): value is LegacyRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deletes what older versions stored for auto-login; true when anything was found. `databases` is the
 * browser's IndexedDB (absent in some private modes and in the server renderer).
 */
export function forgetLegacyCredentials(
  storage: SafeStore = localStore,
  databases: Pick<IDBFactory, 'deleteDatabase'> | undefined = globalThis.indexedDB,
): boolean {
  const text = storage.getString(LazyStorageKey.legacyCredentials);
  const found = text !== null || storage.getString(LazyStorageKey.legacyAutoLogin) !== null;
  if (!found) return false;
  const record = storage.getJSON(LazyStorageKey.legacyCredentials, isRecord);
  if (
    record?.type === 'username' &&
    typeof record.username === 'string' &&
    record.username !== '' &&
    storage.getString(LazyStorageKey.rememberedName) === null
  ) {
    storage.setString(LazyStorageKey.rememberedName, record.username);
  }
  storage.remove(LazyStorageKey.legacyCredentials);
  storage.remove(LazyStorageKey.legacyAutoLogin);
  try {
    databases?.deleteDatabase(LEGACY_KEY_DATABASE);
  } catch {
    // storage disabled: nothing of ours can be in it
  }
  return true;
}
