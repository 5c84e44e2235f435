/**
 * The attribute of a first screen's prominent image (fetchpriority=high): the browser reports when it
 * was painted (Element Timing), which the app's entry waits for before fetching the app's code
 * (platform/firstScreen.ts). A spread, since React's types do not name the attribute.
 */
export const FIRST_SCREEN_IMAGE: Readonly<Record<string, string>> = { elementtiming: 'first-screen' };
