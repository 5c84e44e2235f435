import { sealPayload, type SealedRequest } from '@wps/contract/payloadCrypto';
import type { RsaPublicKey } from '@wps/contract/encryption';
import { ENCRYPTION_UNAVAILABLE, WpsError } from './errors';
import { createSessionKeyStore, type SessionKeyStoreOptions } from './sessionKey';

/**
 * The encrypted-payload path of the client, loaded on demand (only login and registration need it):
 * the session key and `sealPayload` of the contract (format: packages/contract/src/encryption.ts).
 */

export interface Sealer {
  /** Seals `payload` for `method path`: the body and the Encryption, X-Digest and X-RSA headers. */
  seal: (method: string, path: string, payload: unknown) => Promise<SealedRequest>;
  /** Forgets the cached key: the next seal fetches the server's current one. */
  forgetKey: () => void;
}

/** Web Crypto exists only in secure contexts (https, localhost) of browsers that have it. */
export function webCryptoAvailable(): boolean {
  const subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle;
  return typeof subtle?.encrypt === 'function' && typeof globalThis.crypto.getRandomValues === 'function';
}

export function createSealer(
  fetchKey: () => Promise<RsaPublicKey>,
  options: Omit<SessionKeyStoreOptions, 'fetchKey'> = {},
): Sealer {
  const keys = createSessionKeyStore({ ...options, fetchKey });
  return {
    async seal(method, path, payload) {
      // Never fall back to plain text for a call that must be encrypted.
      if (!webCryptoAvailable()) {
        throw new WpsError(
          0,
          ENCRYPTION_UNAVAILABLE,
          'Web Crypto is not available: the payload cannot be encrypted',
        );
      }
      const key = await keys.get();
      return sealPayload(key.publicKey, key.keyId, method, path, payload);
    },
    forgetKey: keys.invalidate,
  };
}
