import { captureInstallPrompt } from '@/features/pwa/installCapture';

/**
 * The page's entry: the app (main.tsx) starts after the browser has painted the page once, so the
 * server-rendered first screen shows while the app's code is compiled and hydrates it — rather than
 * the paint waiting for that work. The server preloads main's chunks with this one.
 */
function afterNextPaint(run: () => void): void {
  // A hidden tab paints no frame: no reason to wait there.
  if (document.visibilityState === 'hidden') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

// The browser's install offer may come before the app has started: kept for it from the start.
captureInstallPrompt(window);
afterNextPaint(() => void import('./main'));
