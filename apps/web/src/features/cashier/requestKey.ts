/**
 * A deposit attempt's idempotency key (8–64 letters, digits, - or _): random, so two attempts never
 * share one; the same attempt sent again reuses it and the server answers it once.
 */
export function newRequestKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
