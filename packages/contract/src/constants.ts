/**
 * Business constants and limits of spec section 9 that code uses. Times are in milliseconds unless
 * the name says otherwise. `constants.test.ts` pins each against the spec's literal value and lists
 * the section-9 values no code uses yet. The ones the web app's first load uses are in
 * firstLoadConstants.ts, so its shell does not carry these.
 */

export const EXPIRING_CACHE = {
  defaultTtlMs: 180_000,
  maxEntries: 30,
  cleanupIntervalMs: 5 * 60_000,
  evictFraction: 0.2,
} as const;

export const REQUEST_TIMEOUT_MS = 30_000;
export const GAME_LAUNCH_TIMEOUT_MS = 10_000;
export const GAME_LAUNCH_WARNING_MS = 10_000;
export const PING_ABORT_MS = 15_000;
/** The status call reports its latency when it took longer than this (section 7). */
export const STATUS_LATENCY_REPORT_MS = 5_000;

export const CONCURRENCY = { perPath: 10, gameList: 2 } as const;

export const RATE_LIMITER = {
  baseSpacingMs: 120,
  perTrackedPathMs: 30,
  maxTrackedPaths: 100,
  pathKeyMaxLength: 200,
  cleanupMinMs: 5_000,
  cleanupMaxMs: 30_000,
} as const;

export const DEVICE_ID_LENGTH = 36;
export const DEVICE_ID_COOKIE_DAYS = 365;

export const SUBMIT_LOCK_RELEASE_MS = 500;

export const MARQUEE_SPEED_PX_PER_S = 60;

/**
 * The image format by iOS version (spec section 9): below 14 neither webp nor avif (na); from 16.4
 * avif is tried; in between webp. Versions are `major.minor` numbers (16.4).
 */
export const IMAGE_FORMAT_IOS = { modernFormatsFrom: 14, avifFrom: 16.4 } as const;

export const DEFAULT_PROFILE_ICON_COUNT = 9;
export const DEFAULT_GEETEST_VERSION = 'v3';

/** Currency code shown to the member: TLB is shown as PHP, any other code as its first 3 letters. */
export function displayCurrencyCode(code: string): string {
  return code === 'TLB' ? 'PHP' : code.slice(0, 3);
}

/** Home-screen popup (spec section 4): shown 1 s after it is mounted, its closing animates 250 ms. */
export const HOME_SCREEN_POPUP = { showAfterMs: 1_000, animationMs: 250 } as const;

/**
 * Spec section 9, "Manifest wait: 10,000 ms; touch-icon wait 5000 ms": how long the page waits for the
 * merchant's web manifest (read for short_name and its icons), then for the touch icon it names, before
 * keeping what the server linked.
 */
export const MANIFEST_WAIT_MS = 10_000;
export const TOUCH_ICON_WAIT_MS = 5_000;
/** Spec section 9, "Loading splash minimum: about 1200 ms": an installed launch shows its splash this long. */
export const LOADING_SPLASH_MIN_MS = 1_200;

/**
 * Social sign-in (spec section 9): the provider's popup window is 500 × 600; after it closes, the
 * result is waited for 8 s before the sign-in counts as cancelled; a provider's sign-in older than
 * 300 s (Firebase `auth_time`) is refused by the server.
 */
export const LOGIN_POPUP_WINDOW = { width: 500, height: 600 } as const;
export const POPUP_CLOSE_POLL_MS = 8_000;
export const AUTH_TOKEN_MAX_AGE_S = 300;

/** The native shell version from which the app upgrade downloads the package directly (section 9). */
export const NATIVE_APP_DIRECT_DOWNLOAD_VERSION = '2.4.39';
