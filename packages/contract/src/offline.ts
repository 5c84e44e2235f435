/**
 * The meta the service worker adds to the shell it answers a navigation with when the network is
 * down, so the page knows to reload once the server can be reached again. A module of its own: only
 * the worker and a lazy chunk of the app read it, never the first load.
 */
export const OFFLINE_SHELL_META = 'wps-offline-shell';
