/**
 * The token-sync request (spec section 7): to the merchant's configured same-origin path, POST with
 * the member's token as a Bearer token when there is one (at start and on each new token), DELETE
 * when the member signs out. Nothing without a configured path.
 */

export interface TokenSyncDeps {
  /** The configured path, or undefined. */
  path: () => string | undefined;
  token: () => string | null;
  onSessionChange: (listener: () => void) => void;
  send: (path: string, init: { method: 'POST' | 'DELETE'; headers?: Record<string, string> }) => void;
}

/** A same-origin absolute path (not `//host`, no scheme, no backslash). */
export function isSameOriginPath(path: string | undefined): path is string {
  return typeof path === 'string' && /^\/(?![/\\])[^\s\\]*$/.test(path) && path.length <= 512;
}

export function startTokenSync(deps: TokenSyncDeps): void {
  let synced: string | null = null;
  const sync = () => {
    const path = deps.path();
    if (!isSameOriginPath(path)) return;
    const token = deps.token();
    if (token && token !== synced) {
      synced = token;
      deps.send(path, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    } else if (!token && synced !== null) {
      synced = null;
      deps.send(path, { method: 'DELETE' });
    }
  };
  deps.onSessionChange(sync);
  sync();
}
