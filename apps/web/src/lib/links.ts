import { SystemResourcePath } from '@wps/contract/system';
import { safeGoTarget } from './navigation';

/**
 * Links that come from data (download resources, promotion text) are followed only when they are
 * absolute http(s) addresses; a promotion's text may also link inside the app (a safe /m/ path).
 * `javascript:`, `data:`, protocol-relative and malformed addresses are never links.
 */
const MAX_LINK_LENGTH = 2048;
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;

export function isHttpLink(url: string): boolean {
  if (url.length === 0 || url.length > MAX_LINK_LENGTH || UNSAFE_CHARACTER.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '';
}

/** A download link: http(s), or the server's own iOS web-clip profile (`/wps/system/webclip.mobileconfig?…`). */
export function safeDownloadLink(url: string): string | null {
  if (isHttpLink(url)) return url;
  const profile = `${SystemResourcePath.webClipProfile}?merchantCode=`;
  if (url.startsWith(profile) && /^[A-Za-z0-9_-]{1,64}$/.test(url.slice(profile.length))) return url;
  return null;
}

/** A link inside a promotion's text: http(s), or a path inside the app (`/m/…`, checked as `go` is). */
export function safeContentHref(href: string): { href: string; external: boolean } | null {
  if (isHttpLink(href)) return { href, external: true };
  const inApp = safeGoTarget(href);
  return inApp === null ? null : { href: inApp, external: false };
}
