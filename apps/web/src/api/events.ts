/**
 * Signals of the transport other features act on, without the client knowing them:
 * - `sessionLost`: the server ended the session (the please-login flow ran).
 * - `tokenIpDifferent`: the token was used from another address; the accounts feature disables
 *   auto-login.
 */
export type TransportEvent = 'sessionLost' | 'tokenIpDifferent';

const listeners = new Map<TransportEvent, Set<() => void>>();

export function onTransportEvent(event: TransportEvent, listener: () => void): () => void {
  const set = listeners.get(event) ?? new Set();
  listeners.set(event, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function emitTransportEvent(event: TransportEvent): void {
  for (const listener of [...(listeners.get(event) ?? [])]) {
    try {
      listener();
    } catch (error) {
      console.error(error);
    }
  }
}
