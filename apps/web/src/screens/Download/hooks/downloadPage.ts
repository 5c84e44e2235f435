import type { DownloadResource, DownloadResourceType } from '@wps/contract/system';
import { isHttpLink, safeDownloadLink } from '@/lib/links';
import type { Environment } from '@/platform/environment';

/** The visitor's platform as the download page sees it. */
export type DownloadPlatform = 'ios' | 'android' | 'desktop';

export function platformOf(env: Pick<Environment, 'isIos' | 'isAndroid'>): DownloadPlatform {
  if (env.isIos) return 'ios';
  if (env.isAndroid) return 'android';
  return 'desktop';
}

/** The merchant's links by type, each checked (http(s) only; the profile may be the server's own). */
export interface DownloadLinks {
  ios: string | null;
  profile: string | null;
  android: string | null;
  icon: string | null;
}

export function downloadLinks(resources: readonly DownloadResource[]): DownloadLinks {
  const first = (type: DownloadResourceType, check: (url: string) => string | null) => {
    for (const resource of resources) {
      if (resource.resourceType !== type || typeof resource.url !== 'string') continue;
      const url = check(resource.url);
      if (url !== null) return url;
    }
    return null;
  };
  return {
    ios: first('IOS', (url) => (isHttpLink(url) ? url : null)),
    profile: first('MOBILECONFIG', safeDownloadLink),
    android: first('Android', (url) => (isHttpLink(url) ? url : null)),
    icon: first('AppDownloadIcon', (url) => (isHttpLink(url) ? url : null)),
  };
}

export type DownloadAction =
  | { kind: 'ios' | 'profile' | 'android'; href: string }
  /** No link for this platform (or a desktop): the PWA, by the browser's prompt or the guide. */
  | { kind: 'addToHome' };

/**
 * The primary button: iOS the App Store link, else the iOS profile (lite version), else add to home
 * screen; Android its package, else add to home screen; a desktop add to home screen (install the
 * web app). The other links are offered under it.
 */
export function primaryAction(platform: DownloadPlatform, links: DownloadLinks): DownloadAction {
  if (platform === 'ios') {
    if (links.ios !== null) return { kind: 'ios', href: links.ios };
    if (links.profile !== null) return { kind: 'profile', href: links.profile };
  }
  if (platform === 'android' && links.android !== null) return { kind: 'android', href: links.android };
  return { kind: 'addToHome' };
}

/** Every other link the merchant offers, in a fixed order, without the primary one. */
export function otherActions(links: DownloadLinks, primary: DownloadAction): DownloadAction[] {
  const all: DownloadAction[] = [];
  if (links.ios !== null) all.push({ kind: 'ios', href: links.ios });
  if (links.profile !== null) all.push({ kind: 'profile', href: links.profile });
  if (links.android !== null) all.push({ kind: 'android', href: links.android });
  if (primary.kind !== 'addToHome') all.push({ kind: 'addToHome' });
  return all.filter((action) => action.kind !== primary.kind);
}

/** The description's colour when it is a plain CSS colour (hex, rgb(a), hsl(a)); else the theme's. */
export function safeColor(color: string | null): string | undefined {
  if (color === null) return undefined;
  const text = color.trim();
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text)) return text;
  if (/^(?:rgb|hsl)a?\(\s*[0-9.,%\s/deg]+\)$/i.test(text)) return text;
  return undefined;
}
