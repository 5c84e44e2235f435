/**
 * A money write's request key (16 random bytes, hex): made once per intended write, so a resend of
 * the same form (a double click, a retry after a lost answer) replays the server's first answer.
 * getRandomValues, as randomUUID exists only in secure contexts and the back office may run on http.
 */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
