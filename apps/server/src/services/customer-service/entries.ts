import { checkCustomerServiceEntry, type CheckedCustomerServiceEntry } from '@wps/contract/customerService';
import type { CustomerServiceEntry } from '@wps/contract/system';
import type { KeyEncryptionKey } from '../keys/key-encryption-key.js';

/**
 * Customer-service entries at rest (spec section 3: "path (encrypted)"): each path is sealed with the
 * key-encryption key, bound to its merchant's code, so a sealed path copied into another merchant's
 * settings does not open. Opened only to build the settings answer.
 */
export function customerServicePathAad(merchantCode: string): string {
  return `customer-service-path:${merchantCode}`;
}

export function sealCustomerServicePath(kek: KeyEncryptionKey, merchantCode: string, path: string): string {
  return kek.seal(Buffer.from(path, 'utf8'), customerServicePathAad(merchantCode));
}

/** The entries with their paths sealed, for storing. */
export function sealCustomerService(
  kek: KeyEncryptionKey,
  merchantCode: string,
  entries: readonly CustomerServiceEntry[],
): CustomerServiceEntry[] {
  return entries.map((entry) => ({ ...entry, path: sealCustomerServicePath(kek, merchantCode, entry.path) }));
}

/**
 * The entries of the settings answer: each path opened and checked (an http(s) address or a path of
 * this site; a CHAT entry the built-in chat's address), known types and positions only. A path that
 * does not open (not sealed, sealed for another merchant or under another SECRET_KEY, tampered) or
 * opens to anything else is dropped.
 */
export function openCustomerService(
  kek: KeyEncryptionKey,
  merchantCode: string,
  stored: readonly CustomerServiceEntry[] | undefined,
): CheckedCustomerServiceEntry[] {
  const answer: CheckedCustomerServiceEntry[] = [];
  for (const entry of stored ?? []) {
    if (typeof entry.path !== 'string') continue;
    const opened = kek.open(entry.path, customerServicePathAad(merchantCode));
    if (opened === null) continue;
    const checked = checkCustomerServiceEntry({ ...entry, path: opened.toString('utf8') });
    if (checked !== null) answer.push(checked);
  }
  return answer;
}
