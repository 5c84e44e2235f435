import { DESKTOP_WIDTH_TO_HEIGHT, LAYOUT_DEBOUNCE_MS } from '@wps/contract/firstLoadConstants';

/**
 * A desktop-size screen is a landscape window at least this wide. Below it (phones, small tablets)
 * and in portrait the mobile layout simply fills the width; on a wide landscape window a full-width
 * phone layout would be stretched, so the body keeps a phone's proportions instead.
 */
export const DESKTOP_MIN_WIDTH_PX = 768;

/** The CSS custom property the caller sets on `document.documentElement`. */
export const APP_MAX_WIDTH_PROPERTY = '--app-max-width';

/** The body's maximum width in pixels on a desktop-size screen, or null for full width. */
export function desktopBodyMaxWidth(width: number, height: number): number | null {
  if (!Number.isFinite(width) || !Number.isFinite(height) || height <= 0) return null;
  if (width < DESKTOP_MIN_WIDTH_PX || width <= height) return null;
  return Math.floor(DESKTOP_WIDTH_TO_HEIGHT * height);
}

/**
 * Measures now and again after resizing settles (debounced: a window drag fires many resize events).
 * `apply` is called only when the answer changes. Returns the function that stops watching.
 */
export function watchDesktopLayout(win: Window, apply: (maxWidth: number | null) => void): () => void {
  let last: number | null | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const measure = () => {
    const maxWidth = desktopBodyMaxWidth(win.innerWidth, win.innerHeight);
    if (maxWidth === last) return;
    last = maxWidth;
    apply(maxWidth);
  };
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(measure, LAYOUT_DEBOUNCE_MS);
  };
  measure();
  win.addEventListener('resize', onResize);
  win.addEventListener('orientationchange', onResize);
  return () => {
    clearTimeout(timer);
    win.removeEventListener('resize', onResize);
    win.removeEventListener('orientationchange', onResize);
  };
}

/** Sets `--app-max-width` (in px), or removes it for full width. */
export function setAppMaxWidth(root: HTMLElement, maxWidth: number | null): void {
  if (maxWidth === null) root.style.removeProperty(APP_MAX_WIDTH_PROPERTY);
  else root.style.setProperty(APP_MAX_WIDTH_PROPERTY, `${maxWidth}px`);
}
