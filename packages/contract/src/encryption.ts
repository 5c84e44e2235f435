/**
 * Payload encryption of /wps POST bodies (spec section 7: headers Encryption, X-Digest and X-RSA).
 *
 * Exact format, version 1 (`Encryption: v1`):
 *
 * 1. The client fetches the public key: `GET /wps/session/key/rsa?_={time}` (no-cache) answers
 *    `RsaPublicKey` in the envelope. The key is RSA 2048 (or larger), SPKI DER, base64.
 * 2. For each request the client makes a fresh 256-bit AES key and a fresh 96-bit IV.
 * 3. `plaintext` = the UTF-8 bytes of the JSON payload.
 * 4. `sealed` = AES-256-GCM(key, iv, plaintext, additionalData = UTF-8 of `"{METHOD} {path}"`, the
 *    path without query, e.g. `POST /wps/session/login`), with a 128-bit tag appended (Web Crypto's
 *    output). Binding the method and path stops a captured body from being replayed to another call.
 * 5. The request body is JSON `{ "payload": base64(iv ‖ sealed) }` with `Content-Type:
 *    application/json`.
 * 6. Headers:
 *    - `Encryption: v1`
 *    - `X-RSA: {keyId}.{base64(RSA-OAEP(SHA-256, MGF1-SHA-256) of the raw 32-byte AES key)}`
 *    - `X-Digest: sha-256={base64(SHA-256(plaintext))}`
 *
 * The server decrypts before the route sees the body, checks the tag and the digest, and parses the
 * JSON. Any failure (unknown or expired key id, bad base64, wrong lengths, tag or digest mismatch)
 * answers 400 with one of the error codes below, a payload over the body limit once opened answers
 * 413 `payload_too_large`, and nothing is written. Keys named `__proto__` are dropped when parsing.
 *
 * base64 is the standard alphabet with padding (RFC 4648 section 4).
 */

export const ENCRYPTION_VERSION = 'v1';

export const EncryptionHeader = {
  encryption: 'Encryption',
  digest: 'X-Digest',
  rsa: 'X-RSA',
} as const;

export const AES_KEY_BYTES = 32;
export const AES_IV_BYTES = 12;
export const AES_TAG_BYTES = 16;
export const DIGEST_PREFIX = 'sha-256=';

/** The answer of GET /wps/session/key/rsa. */
export interface RsaPublicKey {
  keyId: string;
  /** SPKI DER, base64. */
  publicKey: string;
  algorithm: 'RSA-OAEP-256';
  /** ISO time after which the client should fetch a new key (the old one is still accepted for a grace period). */
  expiresAt: string;
}

export interface EncryptedBody {
  payload: string;
}

/** The additional authenticated data of a sealed body. */
export function encryptionAad(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.split('?')[0] ?? path}`;
}

export const EncryptionErrorCode = {
  UNKNOWN_KEY: 'encryption_unknown_key',
  MALFORMED: 'encryption_malformed',
  DECRYPT_FAILED: 'encryption_failed',
  DIGEST_MISMATCH: 'encryption_digest_mismatch',
  UNSUPPORTED_VERSION: 'encryption_unsupported_version',
} as const;
