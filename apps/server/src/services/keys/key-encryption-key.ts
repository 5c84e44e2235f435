import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The AES-256-GCM key that seals RSA private keys at rest, derived from SECRET_KEY with HKDF-SHA-256.
 * HKDF (not a slow KDF) because SECRET_KEY is required to be long and random, not a password.
 */
export class KeyEncryptionKey {
  /** A fingerprint stored next to each sealed key: tells "sealed under another SECRET_KEY" apart from damage. */
  readonly id: string;
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'wps rsa_keys', 'private key sealing v1', 32));
    this.id = createHmac('sha256', this.key).update('fingerprint').digest('base64url').slice(0, 16);
  }

  /** `v1.base64(iv ‖ ciphertext ‖ tag)`; the key id is authenticated so rows cannot swap ciphertexts. */
  seal(plaintext: Uint8Array, keyId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(keyId));
    const sealed = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    return `${FORMAT}.${sealed.toString('base64')}`;
  }

  /** The plaintext, or null when the text was not sealed by this key for this key id. */
  open(text: string, keyId: string): Buffer | null {
    const [format, body, extra] = text.split('.');
    if (format !== FORMAT || body === undefined || extra !== undefined) return null;
    const sealed = Buffer.from(body, 'base64');
    if (sealed.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      })
        .setAAD(Buffer.from(keyId))
        .setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      return null;
    }
  }
}
