import type { Environment } from '@/platform/environment';

/**
 * Where and how social sign-in runs (spec sections 4, 5, 8): popup or redirect, which in-app browsers
 * Google refuses (`disallowed_useragent`), how to get out of one.
 */

export type SignInMode = 'popup' | 'redirect';

/**
 * A popup (500 × 600) where it works; a redirect in an installed app or home-screen launch (a popup
 * there opens outside the app and never comes back), in the native shell and in-app browsers (those
 * the environment names, and the webviews of `googleBlockedWebView`), and after the browser blocked a
 * popup in this visit.
 */
export function signInModeFor(env: Environment, popupBlockedBefore: boolean, inWebView = false): SignInMode {
  if (popupBlockedBefore) return 'redirect';
  if (env.isInstalledPwa || env.isIosWebClip || env.isNativeApp) return 'redirect';
  if (env.inAppBrowser !== null || inWebView) return 'redirect';
  return 'popup';
}

/** In-app browsers whose WebView Google refuses for sign-in. */
export type GoogleBlockedWebView = 'line' | 'facebook' | 'instagram' | 'tiktok' | 'android-webview';

const GOOGLE_BLOCKED: readonly (readonly [GoogleBlockedWebView, RegExp])[] = [
  ['line', /(?:^|\s)Line\/\d/i],
  ['instagram', /\bInstagram\s\d/i],
  ['facebook', /\bFB(?:AN|AV|_IAB|IOS)\b|\bFBAN\/|\[FB/],
  ['tiktok', /\b(?:musical_ly|BytedanceWebview|TikTok|trill)_?\d?/i],
  // A bare Android WebView (`; wv)`) is refused as well.
  ['android-webview', /;\s?wv\)/],
];

/** The in-app browser Google refuses, or null where Google sign-in works. */
export function googleBlockedWebView(userAgent: string): GoogleBlockedWebView | null {
  for (const [name, pattern] of GOOGLE_BLOCKED) if (pattern.test(userAgent)) return name;
  return null;
}

/**
 * The address that opens this page in the device's browser: LINE's own `openExternalBrowser=1`, an
 * Android intent for Chrome, on iOS `x-safari-https`. Null where there is none (the page offers to copy
 * the link instead). Only the page's own https/http address is ever used.
 */
export function openInBrowserUrl(
  pageUrl: string,
  webView: GoogleBlockedWebView,
  platform: { isAndroid: boolean; isIos: boolean },
): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (webView === 'line') {
    url.searchParams.set('openExternalBrowser', '1');
    return url.href;
  }
  if (platform.isAndroid) {
    const scheme = url.protocol.slice(0, -1);
    return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${scheme};package=com.android.chrome;S.browser_fallback_url=${encodeURIComponent(url.href)};end`;
  }
  if (platform.isIos && url.protocol === 'https:') return `x-safari-${url.href}`;
  return null;
}
