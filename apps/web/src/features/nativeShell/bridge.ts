/**
 * The web side of the native shell bridge (docs/native-shell.md). The shell injects
 * `window.WPSNativeBridge` with `postMessage(json: string)`; the web answers through
 * `window.WPSWebBridge.receive(message)`, installed by `listenToShell`. Everything is a JSON object
 * with a `type`. No React here: the registration flow imports `handOffRegistration` alone.
 */

/** Web → shell. */
export type WebToShell =
  | { type: 'ready' }
  | { type: 'registered'; token: string; userName: string; firstTimeLogin: boolean }
  | { type: 'openExternal'; url: string }
  | { type: 'upgrade'; url: string; direct: boolean }
  | { type: 'requestPushToken' };

/** Shell → web. */
export type ShellToWeb =
  | { type: 'appInfo'; version: string; platform: 'ios' | 'android'; upgradeAvailable: boolean }
  | { type: 'pushToken'; token: string };

interface NativeBridge {
  postMessage(message: string): void;
}

function nativeBridge(win: Window): NativeBridge | null {
  const bridge: unknown = Reflect.get(win, 'WPSNativeBridge');
  if (typeof bridge !== 'object' || bridge === null) return null;
  const post: unknown = Reflect.get(bridge, 'postMessage');
  return typeof post === 'function' ? (bridge as NativeBridge) : null;
}

/** Sends a message to the shell; false when there is no bridge to send it through (the UA token only). */
export function postToShell(message: WebToShell, win: Window = window): boolean {
  const bridge = nativeBridge(win);
  if (!bridge) return false;
  try {
    bridge.postMessage(JSON.stringify(message));
    return true;
  } catch {
    return false;
  }
}

/** A message from the shell, checked: anything else is ignored. */
export function parseShellMessage(raw: unknown): ShellToWeb | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.type === 'appInfo') {
    if (typeof message.version !== 'string' || (message.platform !== 'ios' && message.platform !== 'android'))
      return null;
    return {
      type: 'appInfo',
      version: message.version,
      platform: message.platform,
      upgradeAvailable: message.upgradeAvailable === true,
    };
  }
  if (message.type === 'pushToken' && typeof message.token === 'string' && message.token !== '') {
    return { type: 'pushToken', token: message.token };
  }
  return null;
}

/** Installs `window.WPSWebBridge.receive` and tells the shell the page is ready for its messages. */
export function listenToShell(onMessage: (message: ShellToWeb) => void, win: Window = window): () => void {
  Reflect.set(win, 'WPSWebBridge', {
    receive(raw: unknown) {
      const message = parseShellMessage(raw);
      if (message) onMessage(message);
    },
  });
  postToShell({ type: 'ready' }, win);
  return () => Reflect.deleteProperty(win, 'WPSWebBridge');
}

/**
 * Registration with login inside the shell (spec section 4): after the session is stored the shell's
 * handler takes over (it keeps the token, may close or move its web view). The page still goes on to
 * its destination, so a shell that ignores the message leaves the member in the right place.
 */
export function handOffRegistration(
  session: { token: string; userName: string; firstTimeLogin: boolean },
  win: Window = window,
): boolean {
  return postToShell({ type: 'registered', ...session }, win);
}

/** An external link: the shell opens it in the system browser; without a bridge, a new tab. */
export function openExternal(url: string, win: Window = window): void {
  if (!postToShell({ type: 'openExternal', url }, win)) win.open(url, '_blank', 'noopener');
}

let pushToken: string | null = null;

/** The push token the shell handed over (kept for the push bind call). */
export function shellPushToken(): string | null {
  return pushToken;
}

export function rememberPushToken(token: string): void {
  pushToken = token;
}
