/**
 * The constants of spec section 9 that the web app's first load uses (its storage limit, layout and
 * the lobby's category order). A module of their own: a contract module the first load imports goes
 * into its shell whole, with every name any lazy chunk takes from it, so the other constants stay in
 * constants.ts and out of the first load (docs/decisions/first-load-budget.md).
 */

export const SESSION_STORAGE_LIMIT_BYTES = 1.5 * 1024 * 1024;

/** On desktop-size screens the body is at most this fraction of the window height wide. */
export const DESKTOP_WIDTH_TO_HEIGHT = 9 / 16;
export const LAYOUT_DEBOUNCE_MS = 100;

export const GAME_CATEGORY_ORDINAL = { step: 100, lotteryVariantOffsets: [5, 1] } as const;
