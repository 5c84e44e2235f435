import { importRsaPublicKey } from '@wps/contract/payloadCrypto';
import type { RsaPublicKey } from '@wps/contract/encryption';
import { INVALID_RESPONSE, WpsError } from './errors';

/**
 * The server's RSA public key for payload encryption (spec section 7): fetched with
 * `GET /wps/session/key/rsa?_={time}` (no-cache, never with Authorization), imported once, and kept
 * until its `expiresAt`. Concurrent callers share one fetch. `invalidate` forgets it, for the
 * `encryption_unknown_key` answer of a server that rotated its key.
 */

export interface SessionKey {
  keyId: string;
  publicKey: CryptoKey;
  /** Epoch milliseconds after which the key is fetched again. */
  expiresAt: number;
}

export interface SessionKeyStoreOptions {
  fetchKey: () => Promise<RsaPublicKey>;
  importKey?: (spkiBase64: string) => Promise<CryptoKey>;
  now?: () => number;
}

export interface SessionKeyStore {
  get: () => Promise<SessionKey>;
  invalidate: () => void;
}

function isRsaPublicKey(value: unknown): value is RsaPublicKey {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.keyId === 'string' &&
    record.keyId !== '' &&
    typeof record.publicKey === 'string' &&
    typeof record.expiresAt === 'string'
  );
}

export function createSessionKeyStore(options: SessionKeyStoreOptions): SessionKeyStore {
  const importKey = options.importKey ?? importRsaPublicKey;
  const now = options.now ?? (() => Date.now());
  let current: SessionKey | null = null;
  let pending: Promise<SessionKey> | null = null;
  let generation = 0;

  async function load(started: number): Promise<SessionKey> {
    const answer: unknown = await options.fetchKey();
    if (!isRsaPublicKey(answer)) throw new WpsError(200, INVALID_RESPONSE, 'session key answer is malformed');
    let publicKey: CryptoKey;
    try {
      publicKey = await importKey(answer.publicKey);
    } catch {
      throw new WpsError(200, INVALID_RESPONSE, 'session key cannot be imported');
    }
    const expiresAt = Date.parse(answer.expiresAt);
    // An unreadable expiry: use the key for this request only.
    const key: SessionKey = {
      keyId: answer.keyId,
      publicKey,
      expiresAt: Number.isNaN(expiresAt) ? 0 : expiresAt,
    };
    if (started === generation) current = key;
    return key;
  }

  return {
    get() {
      if (current && now() < current.expiresAt) return Promise.resolve(current);
      if (!pending) {
        const started = generation;
        pending = load(started).finally(() => {
          if (generation === started) pending = null;
        });
      }
      return pending;
    },
    invalidate() {
      generation += 1;
      current = null;
      pending = null;
    },
  };
}
