import type { LoginPayload } from '@wps/contract/schemas/accounts';
import type { LoginType } from '@wps/contract/accounts';
import { StorageKey, localStore, type SafeStore } from '@/platform/storage';

/**
 * Remembered credentials (spec section 3): type, username or mobile number, password and merchant.
 * The password is never stored readable: it is sealed with AES-GCM under a non-extractable Web Crypto
 * key that lives in IndexedDB (a CryptoKey is stored as is, its bytes never leave the browser).
 */

export interface RememberedCredentials {
  type: Extract<LoginType, 'username' | 'sms'>;
  username?: string;
  countryDialingCode?: string;
  mobileNum?: string;
  /** Absent for sms when mobile verification is required. */
  password?: string;
  merchant: string;
}

interface SealedPassword {
  iv: string;
  data: string;
}

interface StoredRecord extends Omit<RememberedCredentials, 'password'> {
  sealed?: SealedPassword;
}

/** Where the non-extractable key is kept. */
export interface KeyVault {
  load(): Promise<CryptoKey | null>;
  save(key: CryptoKey): Promise<void>;
}

const DB_NAME = 'wps-keys';
const STORE = 'keys';
const KEY_ID = 'credentials';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The browser's IndexedDB vault. */
export function indexedDbVault(factory: IDBFactory): KeyVault {
  const open = (): Promise<IDBDatabase> => {
    const req = factory.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(STORE);
    };
    return request(req);
  };
  return {
    async load() {
      const db = await open();
      try {
        const value: unknown = await request(db.transaction(STORE).objectStore(STORE).get(KEY_ID));
        return value instanceof CryptoKey ? value : null;
      } finally {
        db.close();
      }
    },
    async save(key) {
      const db = await open();
      try {
        await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(key, KEY_ID));
      } finally {
        db.close();
      }
    },
  };
}

/** A vault in memory: for browsers (and test environments) without IndexedDB. */
export function memoryVault(): KeyVault {
  let stored: CryptoKey | null = null;
  return {
    load: () => Promise.resolve(stored),
    save: (key) => {
      stored = key;
      return Promise.resolve();
    },
  };
}

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function isStoredRecord(value: unknown): value is StoredRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const sealed = record.sealed as Record<string, unknown> | undefined;
  return (
    (record.type === 'username' || record.type === 'sms') &&
    typeof record.merchant === 'string' &&
    (sealed === undefined ||
      (typeof sealed === 'object' &&
        sealed !== null &&
        typeof sealed.iv === 'string' &&
        typeof sealed.data === 'string'))
  );
}

/**
 * What may be remembered of a successful login: captcha and provider (firebase, line, telegram)
 * fields removed; no password for sms when mobile verification is required. Null for social logins.
 */
export function credentialsToRemember(
  payload: LoginPayload,
  merchant: string,
  mobileVerificationRequired: boolean,
): RememberedCredentials | null {
  if (payload.type === 'username') {
    if (!payload.username) return null;
    return { type: 'username', username: payload.username, password: payload.password, merchant };
  }
  if (payload.type === 'sms') {
    const remembered: RememberedCredentials = { type: 'sms', merchant };
    if (payload.countryDialingCode) remembered.countryDialingCode = payload.countryDialingCode;
    if (payload.mobileNum) remembered.mobileNum = payload.mobileNum;
    if (!mobileVerificationRequired && payload.password) remembered.password = payload.password;
    return remembered;
  }
  return null;
}

export interface CredentialStore {
  save(credentials: RememberedCredentials): Promise<void>;
  load(): Promise<RememberedCredentials | null>;
  /** The stored type and merchant without decrypting: what the auto-login conditions need. */
  peek(): Pick<RememberedCredentials, 'type' | 'merchant'> | null;
  clear(): void;
}

export function createCredentialStore(
  vault: KeyVault,
  storage: SafeStore = localStore,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): CredentialStore {
  async function key(): Promise<CryptoKey> {
    const existing = await vault.load();
    if (existing) return existing;
    const created = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await vault.save(created);
    return created;
  }
  return {
    async save(credentials) {
      const { password, ...rest } = credentials;
      const record: StoredRecord = { ...rest };
      if (password) {
        const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
        const data = await subtle.encrypt(
          { name: 'AES-GCM', iv },
          await key(),
          new TextEncoder().encode(password),
        );
        record.sealed = { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
      }
      storage.setJSON(StorageKey.rememberedCredentials, record);
    },
    async load() {
      const record = storage.getJSON(StorageKey.rememberedCredentials, isStoredRecord);
      if (!record) return null;
      const { sealed, ...rest } = record;
      if (!sealed) return rest;
      try {
        const stored = await vault.load();
        if (!stored) return rest;
        const plain = await subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
          stored,
          fromBase64(sealed.data),
        );
        return { ...rest, password: new TextDecoder().decode(plain) };
      } catch {
        return rest;
      }
    },
    peek() {
      const record = storage.getJSON(StorageKey.rememberedCredentials, isStoredRecord);
      return record ? { type: record.type, merchant: record.merchant } : null;
    },
    clear() {
      storage.remove(StorageKey.rememberedCredentials);
    },
  };
}

let shared: CredentialStore | null = null;

/** The app's store: IndexedDB when the browser has it, else a vault that ends with the page. */
export function credentialStore(): CredentialStore {
  shared ??= createCredentialStore(
    typeof indexedDB === 'undefined' ? memoryVault() : indexedDbVault(indexedDB),
  );
  return shared;
}
