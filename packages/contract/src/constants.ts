/** Business constants and limits of spec section 9. Times are in milliseconds unless the name says otherwise. */

export const SESSION_STORAGE_LIMIT_BYTES = 1.5 * 1024 * 1024;

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
export const FB_COOKIE_DAYS = 90;

export const STATUS_LATENCY_REPORT_MS = 5_000;
export const CHAT_RECHECK_MS = [1_000, 3_000] as const;
export const CUSTOMER_SERVICE_SCRIPT_DELAY_MS = 500;
export const SUBMIT_LOCK_RELEASE_MS = 500;
export const HOME_SCREEN_POPUP = { showAfterMs: 1_000, animationMs: 250 } as const;

/** On desktop-size screens the body is at most this fraction of the window height wide. */
export const DESKTOP_WIDTH_TO_HEIGHT = 9 / 16;
export const LAYOUT_DEBOUNCE_MS = 100;

export const MARQUEE_SPEED_PX_PER_S = 60;

export const ASSET_HASH_CHECK = { afterStartMs: 1_500, intervalMs: 60 * 60_000 } as const;
export const UPDATE_CHECK_DEDUPE_MS = 10 * 60_000;
export const INSTALL_PROMPT_POLL = { times: 20, intervalMs: 150 } as const;
export const SW_UPDATE_TOAST_LOADING_MS = { min: 5_000, max: 10_000 } as const;
export const POPUP_CLOSE_POLL_MS = 8_000;
export const LOGIN_POPUP_WINDOW = { width: 500, height: 600 } as const;
export const RECAPTCHA_MOCK_TOKEN = { length: 50, lifetimeMs: 60_000 } as const;
export const STORAGE_POLL_MS = { indexedDb: 800, other: 1_000 } as const;
export const AUTH_TOKEN_MAX_AGE_S = 300;
export const CAPTCHA_TIMEOUT_MS = 5_000;
export const EVENT_RETRY = {
  firstAttempts: 3,
  laterAttempts: 5,
  backoffBaseMs: 1_000,
  jitterMaxMs: 500,
} as const;
export const PERFORMANCE_BEACON_MAX_WAIT_MS = 15_000;
export const PUSH_HEARTBEAT = { retentionDays: 30, sizeLimit: 1024 } as const;
export const PUSH_TOKEN = { refreshAfterDays: 7, callbackTimeoutMs: 10_000 } as const;
export const MANIFEST_WAIT_MS = 10_000;
export const TOUCH_ICON_WAIT_MS = 5_000;
export const LOADING_SPLASH_MIN_MS = 1_200;
export const RETRY_POLL_MS = 100;
export const GAME_CATEGORY_ORDINAL = { step: 100, lotteryVariantOffsets: [5, 1] } as const;
export const DEFAULT_PROFILE_ICON_COUNT = 9;
export const NATIVE_APP_DIRECT_DOWNLOAD_VERSION = '2.4.39';
export const SLIDER_LIBRARY_VERSION = '11.2.10';
export const SOCIAL_SDK_VERSION = 'v23.0';
export const DISPLAYED_STAR_RATING = '5.0';
export const DEFAULT_GEETEST_VERSION = 'v3';

/** Currency code shown to the member: TLB is shown as PHP, any other code as its first 3 letters. */
export function displayCurrencyCode(code: string): string {
  return code === 'TLB' ? 'PHP' : code.slice(0, 3);
}
