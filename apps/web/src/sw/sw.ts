/// <reference lib="webworker" />
/**
 * The service worker, served at /m/sw.js?environment=…&merchant=… with scope /m/ (built by
 * vite-plugin-pwa in injectManifest mode: `self.__WB_MANIFEST` becomes this build's file list).
 *
 * - Precaches the app shell: the entry, every screen chunk and style sheet, and the shell page.
 * - Never skips waiting by itself: a new version waits until the page, after the member chose
 *   Refresh on the update prompt, posts SKIP_WAITING (docs/pwa.md, "Service worker").
 * - Opens the member's target page (the `from` arrival parameter, handed over by the page) when a
 *   notification is tapped (rules.ts, `safeTargetUrl`).
 * - Request rules are in rules.ts.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  CACHE_NAMES,
  CATALOG_CACHE_MAX_ENTRIES,
  IMAGE_CACHE_MAX_AGE_SECONDS,
  IMAGE_CACHE_MAX_ENTRIES,
  NAVIGATION_NETWORK_TIMEOUT_SECONDS,
  SHELL_URL,
  TARGET_CACHE,
  TARGET_CACHE_KEY,
  catalogUrlsToCache,
  classifyRequest,
  isPageMessage,
  markOfflineShell,
  notificationTarget,
  pushNotification,
  safeTargetUrl,
} from './rules';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once (nothing to mix with); later versions wait.
clientsClaim();

const kindOf = (request: Request, url: URL) =>
  classifyRequest({
    url,
    origin: self.location.origin,
    method: request.method,
    mode: request.mode,
    destination: request.destination,
  });

// Pages: the network (fresh HTML of the deployed build); offline, the precached shell.
registerRoute(
  ({ request, url }) => kindOf(request, url) === 'navigation',
  new NetworkFirst({
    cacheName: 'wps-pages',
    networkTimeoutSeconds: NAVIGATION_NETWORK_TIMEOUT_SECONDS,
    plugins: [
      // Pages are not stored one by one: only the precached shell answers offline.
      { cacheWillUpdate: async () => null },
    ],
  }),
);

registerRoute(
  ({ request, url }) => kindOf(request, url) === 'catalog',
  new CacheFirst({
    cacheName: CACHE_NAMES.catalogs,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: CATALOG_CACHE_MAX_ENTRIES }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => kindOf(request, url) === 'image',
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: IMAGE_CACHE_MAX_ENTRIES,
        maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const shell = await matchPrecache(SHELL_URL);
    // Marked, so the page reloads by itself once the server answers again (features/pwa/backOnline.ts).
    if (shell) {
      const headers = new Headers(shell.headers);
      headers.delete('content-length');
      return new Response(markOfflineShell(await shell.text()), { status: shell.status, headers });
    }
  }
  return Response.error();
});

self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isPageMessage(message)) return;
  if (message.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  if (message.type === 'SET_TARGET_URL') {
    // An empty or refused target clears the one an earlier visit handed over.
    event.waitUntil(storeTarget(safeTargetUrl(message.url, self.location.origin)));
    return;
  }
  // The catalog the page loaded before this worker controlled it, so it is there offline too.
  const urls = catalogUrlsToCache(message.urls, self.location.origin);
  if (urls.length > 0) event.waitUntil(caches.open(CACHE_NAMES.catalogs).then((cache) => cache.addAll(urls)));
});

async function storeTarget(target: string | null): Promise<void> {
  const cache = await caches.open(TARGET_CACHE);
  if (target === null) await cache.delete(TARGET_CACHE_KEY);
  else await cache.put(TARGET_CACHE_KEY, new Response(target, { headers: { 'content-type': 'text/plain' } }));
}

async function storedTarget(): Promise<string | null> {
  const response = await (await caches.open(TARGET_CACHE)).match(TARGET_CACHE_KEY);
  return response ? response.text() : null;
}

/** A tapped notification: an open page of the app goes to the target, else a new window opens it. */
async function openTarget(notificationUrl: unknown): Promise<void> {
  const path = notificationTarget(notificationUrl, await storedTarget(), self.location.origin);
  const href = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === href) ?? windows[0];
  if (open) {
    const focused = await open.focus();
    if (focused.url === href) return;
    // navigate() works only on a page this worker controls; any other is left and a window opened.
    const moved = await focused.navigate(href).catch(() => null);
    if (moved !== null) return;
  }
  await self.clients.openWindow(href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const url: unknown = typeof data === 'object' && data !== null ? Reflect.get(data, 'url') : undefined;
  event.waitUntil(openTarget(url));
});

/** A push message (Web Push; Safari 18.4+ shows declarative ones itself): its notification, tap opens its path. */
self.addEventListener('push', (event) => {
  const shown = pushNotification(event.data?.text() ?? null, self.location.origin);
  if (shown === null) return;
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      ...(shown.body === undefined ? {} : { body: shown.body }),
      ...(shown.tag === undefined ? {} : { tag: shown.tag }),
      data: { url: shown.url },
    }),
  );
});
