/**
 * The device-id iframe (spec section 4): the merchant's configured https page, given the device id,
 * loaded once per browser session in a hidden, sandboxed frame; never inside the app shell or Safari.
 */

export interface DeviceFrameFacts {
  url: string | undefined;
  isNativeApp: boolean;
  isSafari: boolean;
  alreadyLoaded: boolean;
}

/** The frame's address, or null when it is not to be loaded. */
export function deviceFrameUrl(facts: DeviceFrameFacts, deviceId: string): string | null {
  if (!facts.url || facts.isNativeApp || facts.isSafari || facts.alreadyLoaded) return null;
  try {
    const url = new URL(facts.url);
    if (url.protocol !== 'https:' || url.username || url.password) return null;
    url.searchParams.set('deviceId', deviceId);
    return url.href;
  } catch {
    return null;
  }
}

export function loadDeviceFrame(doc: Document, src: string): void {
  const frame = doc.createElement('iframe');
  frame.src = src;
  frame.title = 'device';
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  frame.setAttribute('referrerpolicy', 'no-referrer');
  doc.body.append(frame);
}
