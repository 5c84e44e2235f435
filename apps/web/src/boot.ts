import { captureInstallPrompt } from '@/features/pwa/installCapture';
import { pageTaps } from '@/platform/earlyTaps';
import { nextTask, preloadListedModules, whenFirstScreenShown } from '@/platform/firstScreen';

/**
 * The page's entry: the app (main.tsx) is fetched and started once the page's first screen has been
 * shown (platform/firstScreen.ts), so the server-rendered screen and its images paint while the app's
 * code is fetched and compiled afterwards, and it hydrates the screen — rather than the paint waiting
 * for that code or sharing the connection with it.
 */

// The browser's install offer may come before the app has started: kept for it from the start.
captureInstallPrompt(window);
// Taps on the painted page before the app has hydrated it: kept, and replayed once it has.
pageTaps(window, true);
void whenFirstScreenShown(window).then(async () => {
  const preloaded = preloadListedModules(window);
  // React's import (Vite's helper adds its links) in the next task, not with the first link.
  await nextTask();
  // React's code is evaluated in a task of its own and the app's in the next: two shorter tasks
  // instead of one long one that would hold a tap on the painted page back.
  await import('@/platform/reactDom');
  // The app once every listed script has its link: its first imports then add none (Vite's helper
  // would add the missing ones all in one task).
  await preloaded;
  await nextTask();
  return import('./main');
});
