import { useCallback, useRef } from 'react';
import { newRequestKey } from '@/features/cashier';

/**
 * One idempotency key per attempt: the same request sent again (a double tap, a retry after a lost
 * answer) carries the same key, so the server holds the money once; any change of the request makes
 * a new attempt with a new key.
 */
export function useRequestKey(): {
  keyFor: (request: unknown) => string;
  /** The attempt is over (answered, or the key was refused): the next press is a new attempt. */
  forget: () => void;
} {
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const keyFor = useCallback((request: unknown) => {
    const signature = JSON.stringify(request);
    if (attempt.current?.signature !== signature) attempt.current = { signature, key: newRequestKey() };
    return attempt.current.key;
  }, []);
  const forget = useCallback(() => {
    attempt.current = null;
  }, []);
  return { keyFor, forget };
}
