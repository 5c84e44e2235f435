import type { CustomerServiceEntry } from '@wps/contract';

/**
 * A customer-service link must be a valid http(s) address or a site path (spec section 5).
 * Returns the first entry that is one, or null.
 */
export function contactLink(entries: readonly CustomerServiceEntry[] | undefined): string | null {
  for (const entry of entries ?? []) {
    const link = safeCustomerServiceLink(entry.path);
    if (link) return link;
  }
  return null;
}

export function safeCustomerServiceLink(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.includes('\\')) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
