/** How often an open sign-in window is checked for having closed. */
export const POPUP_CLOSED_CHECK_MS = 500;
