import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';

/**
 * A merchant secret at rest (`merchants.secrets`, issue 30 item 3): sealed with the key-encryption
 * key, bound to the merchant and the secret's name, so a sealed value copied under another merchant
 * or name does not open. Values stored before sealing (the demo seeds) are read as they are.
 */
const aad = (merchantId: number, name: string) => `merchant-secret:${merchantId}:${name}`;

/** The sealed text is `v1.` and base64; no secret a provider issues is written so. */
const SEALED = /^v1\.[A-Za-z0-9+/]+=*$/;

export function sealMerchantSecret(
  kek: KeyEncryptionKey,
  merchantId: number,
  name: string,
  value: string,
): string {
  return kek.seal(Buffer.from(value, 'utf8'), aad(merchantId, name));
}

/** The secret's value; null when it is sealed but does not open (another SECRET_KEY, damage). */
export function openMerchantSecret(
  kek: KeyEncryptionKey,
  merchantId: number,
  name: string,
  stored: string,
): string | null {
  if (!SEALED.test(stored)) return stored;
  return kek.open(stored, aad(merchantId, name))?.toString('utf8') ?? null;
}
