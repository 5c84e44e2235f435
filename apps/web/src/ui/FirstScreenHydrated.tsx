import { useEffect } from 'react';
import { firstScreenHydrated } from '@/platform/earlyFields';

/**
 * Rendered last inside the first screen's boundary (the layout's, the maintenance page's): once that
 * screen has hydrated, what the person did before it had — fields filled, then taps and a submitted
 * form — reaches the app (platform/earlyFields.ts, platform/earlyTaps.ts). Once a page.
 */
export function FirstScreenHydrated() {
  useEffect(() => firstScreenHydrated(window), []);
  return null;
}
