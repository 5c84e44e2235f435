/**
 * When the page's PWA work starts, counted from the app's start (`startPwaLater`). Its own tiny
 * module: the first load needs the numbers, not the code that uses them.
 */

/** Spec section 9: the asset lists are first checked 1.5 s after start. */
export const ASSET_HASH_FIRST_CHECK_MS = 1_500;

/** How long after the page's load the worker and its prompts start: the first screen's work goes first. */
export const PWA_START_DELAY_MS = 3_000;
