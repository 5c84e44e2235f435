import { LazyStorageKey } from '@/platform/lazyStorageKeys';
import { StorageKey, readFlag, sessionStore } from './storage';

/**
 * Where the app runs, decided once from the browser's facts. Every feature that asks "native shell?",
 * "installed?", "web clip?", "which iOS?" reads this, so the answers never disagree.
 *
 * Native shell contract: the merchant's native app marks its WebView either with a user-agent token
 * `WPSApp/<version>` (e.g. `WPSApp/2.4.39`, the version compared with the direct-download threshold)
 * or by injecting a `window.WPSNativeBridge` object before the page loads. Either one is enough.
 *
 * Wallet-app contract (the wallet-app login of spec section 7): its WebView carries a `Maya/<version>`
 * or `PayMaya/<version>` token.
 */

export type InAppBrowser = 'line' | 'telegram' | 'wallet' | 'facebook';

export interface EnvironmentInput {
  userAgent: string;
  /** `navigator.maxTouchPoints`: tells an iPad asking for desktop sites from a real Mac. */
  maxTouchPoints: number;
  /** iOS `navigator.standalone`: true when launched from a home-screen icon. */
  navigatorStandalone: boolean;
  /** `(display-mode: standalone)` or `(display-mode: fullscreen)` matches. */
  displayModeStandalone: boolean;
  hasNativeBridge: boolean;
  /** `Telegram.WebApp.initData`: non-empty only inside a Telegram mini-app. */
  telegramInitData: string | null;
  /**
   * Stored flags set when the visit was launched as a web clip (written by `features/pwa/startPwa`
   * once such a launch is seen) / from the home screen (the `homescreen` arrival parameter).
   */
  storedWebclip: boolean;
  storedHomescreen: boolean;
}

export interface Environment {
  isNativeApp: boolean;
  nativeAppVersion: string | null;
  /** An installed PWA (Android, desktop). On iOS a home-screen launch is a web clip instead. */
  isInstalledPwa: boolean;
  isIosWebClip: boolean;
  isIos: boolean;
  isIpad: boolean;
  iosVersion: { major: number; minor: number } | null;
  isAndroid: boolean;
  /** Apple's Safari itself, not another browser or an in-app WebView on WebKit. */
  isSafari: boolean;
  inAppBrowser: InAppBrowser | null;
  isMobile: boolean;
}

const NATIVE_APP_TOKEN = /\bWPSApp\/(\d+(?:\.\d+){0,3})/;
const IOS_DEVICE = /\b(?:iPhone|iPad|iPod)\b/;
const IOS_VERSION = /\bOS (\d+)_(\d+)(?:_\d+)? like Mac OS X/;
const SAFARI_VERSION = /\bVersion\/(\d+)(?:\.(\d+))?/;
/** Other browsers and WebViews that also say "Safari" in their user agent. */
const NOT_SAFARI = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|Chrome|Chromium|Edg\/|Firefox|Android/;

function detectInAppBrowser(userAgent: string, telegramInitData: string | null): InAppBrowser | null {
  if (telegramInitData || /\bTelegram\b/i.test(userAgent)) return 'telegram';
  if (/(?:^|\s)Line\//i.test(userAgent)) return 'line';
  if (/\b(?:PayMaya|Maya)\/\d/i.test(userAgent)) return 'wallet';
  if (/\bFB(?:AN|AV|_IAB)\b/.test(userAgent)) return 'facebook';
  return null;
}

function detectIosVersion(userAgent: string, desktopModeIpad: boolean): Environment['iosVersion'] {
  // An iPad in desktop mode reports a frozen macOS version; its Safari version is the iOS version.
  const match = desktopModeIpad ? SAFARI_VERSION.exec(userAgent) : IOS_VERSION.exec(userAgent);
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2] ?? 0) };
}

export function detectEnvironment(input: EnvironmentInput): Environment {
  const { userAgent } = input;
  const nativeToken = NATIVE_APP_TOKEN.exec(userAgent);
  const isNativeApp = nativeToken !== null || input.hasNativeBridge;
  const desktopModeIpad = /\bMacintosh\b/.test(userAgent) && input.maxTouchPoints > 1;
  const isIos = IOS_DEVICE.test(userAgent) || desktopModeIpad;
  const isIpad = /\biPad\b/.test(userAgent) || desktopModeIpad;
  const isAndroid = !isIos && /\bAndroid\b/i.test(userAgent);
  const inAppBrowser = detectInAppBrowser(userAgent, input.telegramInitData);
  const homeScreenLaunch = input.navigatorStandalone || input.storedHomescreen || input.storedWebclip;
  return {
    isNativeApp,
    nativeAppVersion: nativeToken?.[1] ?? null,
    isInstalledPwa: !isNativeApp && !isIos && input.displayModeStandalone,
    isIosWebClip: !isNativeApp && isIos && homeScreenLaunch,
    isIos,
    isIpad,
    iosVersion: isIos ? detectIosVersion(userAgent, desktopModeIpad) : null,
    isAndroid,
    isSafari:
      !isNativeApp &&
      inAppBrowser === null &&
      /\bSafari\//.test(userAgent) &&
      SAFARI_VERSION.test(userAgent) &&
      !NOT_SAFARI.test(userAgent),
    inAppBrowser,
    isMobile: isNativeApp || isIos || isAndroid || /\bMobi/i.test(userAgent),
  };
}

function mediaMatches(win: Window, query: string): boolean {
  try {
    return typeof win.matchMedia === 'function' && win.matchMedia(query).matches;
  } catch {
    return false;
  }
}

export function readTelegramInitData(win: Window): string | null {
  const telegram: unknown = Reflect.get(win, 'Telegram');
  if (typeof telegram !== 'object' || telegram === null) return null;
  const webApp: unknown = Reflect.get(telegram, 'WebApp');
  if (typeof webApp !== 'object' || webApp === null) return null;
  const initData: unknown = Reflect.get(webApp, 'initData');
  return typeof initData === 'string' && initData !== '' ? initData : null;
}

/** The facts `detectEnvironment` needs, read from a window and the stored launch flags. */
export function readEnvironmentInput(win: Window): EnvironmentInput {
  const navigator: Navigator & { standalone?: unknown } = win.navigator;
  const bridge: unknown = Reflect.get(win, 'WPSNativeBridge');
  return {
    userAgent: navigator.userAgent ?? '',
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    navigatorStandalone: navigator.standalone === true,
    displayModeStandalone:
      mediaMatches(win, '(display-mode: standalone)') || mediaMatches(win, '(display-mode: fullscreen)'),
    hasNativeBridge: typeof bridge === 'object' && bridge !== null,
    telegramInitData: readTelegramInitData(win),
    storedWebclip: readFlag(sessionStore, LazyStorageKey.webclip),
    storedHomescreen: readFlag(sessionStore, StorageKey.homescreen),
  };
}

let current: Environment | null = null;

/**
 * The environment of this page, read once. Call it after `readArrival` so the `homescreen` flag of
 * the arrival URL counts.
 */
export function currentEnvironment(): Environment {
  current ??= detectEnvironment(readEnvironmentInput(window));
  return current;
}

export type RegisterMethod = 'APP' | 'H5' | 'WEBCLIP' | 'PWA';

/** `registerMethod` of the registration payload (spec section 3). */
export function registerMethodFor(env: Environment): RegisterMethod {
  if (env.isNativeApp) return 'APP';
  if (env.isIosWebClip) return 'WEBCLIP';
  if (env.isInstalledPwa) return 'PWA';
  return 'H5';
}

export type LoginDevice = 'IPAD' | 'PWA' | 'WEBCLIP';

/**
 * `device` of the login payload (spec section 3), unset in a plain browser and in the native shell
 * (which identifies itself with isOfficialAppLogin). Checked in the spec's order: an iPad web clip
 * reports IPAD.
 */
export function loginDeviceFor(env: Environment): LoginDevice | undefined {
  if (env.isNativeApp) return undefined;
  if (env.isIpad) return 'IPAD';
  if (env.isInstalledPwa) return 'PWA';
  if (env.isIosWebClip) return 'WEBCLIP';
  return undefined;
}
