import { OFFLINE_SHELL_META } from '@wps/contract/offline';

/** Whether this document is the service worker's offline answer (sw/rules.ts markOfflineShell). */
export function isOfflineShell(doc: Document): boolean {
  return doc.querySelector(`meta[name="${OFFLINE_SHELL_META}"]`) !== null;
}
