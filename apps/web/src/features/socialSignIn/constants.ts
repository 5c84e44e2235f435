/**
 * Spec section 9 values of social sign-in. They belong in the contract's constants.ts (requested in
 * docs/social-sign-in.md, "Requests from W"); kept here until they are there.
 */

/** Login popup window: 500 × 600. */
export const LOGIN_POPUP_WINDOW = { width: 500, height: 600 } as const;

/** Popup-close poll: the result may still arrive up to 8 s after the window closes. */
export const POPUP_CLOSE_POLL_MS = 8_000;

/** How often an open sign-in window is checked for having closed. */
export const POPUP_CLOSED_CHECK_MS = 500;
