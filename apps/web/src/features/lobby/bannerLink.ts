import { AppPath } from '@wps/contract/routes';
import type { Banner } from '@wps/contract/games';
import { bannerGame, launchPathFor } from '@/features/games';
import { safeGoTarget } from '@/lib/navigation';

/**
 * Where a banner leads (spec section 2, "Rules for routes"):
 *
 * - P: the promotion page, `/m/activity?id={linkage}`.
 * - URL: a link that starts with `/m` and contains no `http` (any case) is an in-app navigation — still
 *   only when it is a safe app path (no `//`, backslashes, control characters or `..` segments, also
 *   once decoded: `safeGoTarget`). Any other link is made absolute, `https://` added when it has no
 *   scheme. Only http(s) is ever followed: `javascript:`, `data:`, `vbscript:`, `file:` and every other
 *   scheme (any case, percent-encoded or not), credentials in the URL, whitespace anywhere and
 *   over-long links make the banner not clickable.
 * - G: the game's launch path (`/m/launchGame?…&backUrl=/m/home`); games need a login, so a visitor
 *   goes to `/m/login?go={that path}` (the login page honours `go`).
 *
 * External links are opened in a new browsing context with `rel="noopener noreferrer"` (the opened
 * page gets neither `window.opener` nor a Referer), so the lobby stays where it was.
 */
export type BannerTarget =
  { kind: 'internal'; path: string } | { kind: 'external'; href: string } | { kind: 'none' };

export const MAX_BANNER_LINK_LENGTH = 2048;
export const EXTERNAL_LINK_REL = 'noopener noreferrer';
export const EXTERNAL_LINK_TARGET = '_blank';

const NONE: BannerTarget = { kind: 'none' };
/** Whitespace, control and invisible formatting characters, backslashes. */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;
/** `scheme:` at the start. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const HOST_AND_PORT = /^[a-z0-9.-]+\.[a-z0-9-]+:\d{1,5}(?:[/?#]|$)/i;
const MAX_DECODE_ROUNDS = 3;

function decodedForms(text: string): string[] | null {
  const forms = [text];
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return forms;
    forms.push(decoded);
    current = decoded;
  }
  return null;
}

/** An in-app link: `/m…` without `http`, and a safe app path. */
function internalLink(link: string): BannerTarget {
  const path = safeGoTarget(link);
  return path === null ? NONE : { kind: 'internal', path };
}

/** The absolute http(s) URL of an external banner link, or none. */
function externalLink(link: string): BannerTarget {
  const forms = decodedForms(link);
  if (forms === null) return NONE;
  // A scheme other than http(s), in the link as written or hidden behind percent-encoding, is refused.
  // "example.com:8080/x" is a host and port, not a scheme.
  for (const form of forms) {
    if (UNSAFE_CHARACTER.test(form)) return NONE;
    const scheme = SCHEME.exec(form)?.[1]?.toLowerCase();
    if (scheme !== undefined && scheme !== 'http' && scheme !== 'https' && !HOST_AND_PORT.test(form)) {
      return NONE;
    }
  }
  const hasScheme = /^https?:/i.test(link);
  if (
    !hasScheme &&
    (link.startsWith('/') || link.startsWith('.') || link.startsWith('?') || link.startsWith('#'))
  ) {
    return NONE; // a relative link outside the app: neither in-app nor absolute
  }
  let url: URL;
  try {
    url = new URL(hasScheme ? link : `https://${link}`);
  } catch {
    return NONE;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return NONE;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return NONE;
  return { kind: 'external', href: url.href };
}

/** The target of a banner for a visitor (`loggedIn` false) or a member. */
export function bannerTarget(
  banner: Pick<Banner, 'linkageType' | 'linkage' | 'roomId' | 'gameType' | 'vendor'>,
  loggedIn: boolean,
): BannerTarget {
  const linkage = typeof banner.linkage === 'string' ? banner.linkage : '';
  if (linkage === '' || linkage.length > MAX_BANNER_LINK_LENGTH) return NONE;
  switch (banner.linkageType) {
    case 'P':
      if (UNSAFE_CHARACTER.test(linkage)) return NONE;
      return { kind: 'internal', path: `${AppPath.activity}?id=${encodeURIComponent(linkage)}` };
    case 'URL':
      if (UNSAFE_CHARACTER.test(linkage)) return NONE;
      if (linkage.startsWith('/m') && !/http/i.test(linkage)) return internalLink(linkage);
      return externalLink(linkage);
    case 'G': {
      if (UNSAFE_CHARACTER.test(linkage)) return NONE;
      const launch = launchPathFor(bannerGame(banner), AppPath.home);
      if (loggedIn) return { kind: 'internal', path: launch };
      return { kind: 'internal', path: `${AppPath.login}?go=${encodeURIComponent(launch)}` };
    }
    default:
      return NONE;
  }
}
