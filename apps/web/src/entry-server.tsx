import { AppPath } from '@wps/contract/routes';
import type { ServerRenderInput, ServerRenderResult } from '@wps/contract/serverRender';
// React's Web Streams renderer without AsyncLocalStorage: the Node build runs each render in one,
// which switches on promise tracking for the whole process for good, and every later request then
// costs about half as much again (status: 21 → 31 µs of CPU). The edge build, also without it, waits
// ≥ 1 ms (setTimeout) between steps: 4 ms more per render of /m/home.
import { renderToReadableStream } from 'react-dom/server.browser';
import { clearResponseCache, configureClient } from '@/api/client';
import { fetchSettings, fetchSystemStatus } from '@/api/system';
import { App } from '@/app/App';
import { preloadScreenFor } from '@/app/routeTable';
import { loadCatalog } from '@/i18n';
import { pickTexts, recordingLookups } from '@/i18n/catalogLookups';
import { readyPublicAnswers, startServerLoads, stopServerLoads, takeServerLoads } from '@/queries/store';
import { languageStore } from '@/state/language';
import { settingsStore } from '@/state/settings';
import { maintenanceUntil, startWithStatus } from '@/state/systemStatus';

/**
 * The first screen of a page, rendered by the server (apps/server routes/web) with the merchant's
 * settings, language and lobby answers, and the state the browser hydrates it with (main.tsx).
 *
 * The app's stores are module-wide, so renders take turns; each starts from empty stores. What a
 * visitor and a member see alike is rendered; member-only parts and the status check (its answer
 * depends on the visitor's address) are the browser's.
 */

/** Renders that asked for more data than this are cut short: the rest loads in the browser. */
const MAX_PASSES = 4;
const STREAMED_PART = /<script|<template|<!--\$\?-->/;

let queue: Promise<unknown> = Promise.resolve();

export function renderScreen(input: ServerRenderInput): Promise<ServerRenderResult> {
  const turn = queue.then(() => renderAlone(input));
  queue = turn.catch(() => undefined);
  return turn;
}

async function renderAlone(input: ServerRenderInput): Promise<ServerRenderResult> {
  configureClient({
    merchantCode: () => input.merchantCode,
    language: () => input.language,
    token: () => null,
    userAgent: () => '',
    fetch: input.fetch,
    // Each page's calls once per render, for every page: no spacing of repeats across renders.
    spaceRequests: false,
  });
  clearResponseCache();
  startWithStatus({ status: 'checking' });
  settingsStore.set({ status: 'loading' });
  languageStore.set(null);

  const [settings, catalog, maintenance] = await Promise.all([
    fetchSettings({ handleErrors: false, noCache: true }),
    loadCatalog(input.language),
    // The support chat stays open in a maintenance window (the maintenance page's Contact Us).
    pathOf(input.url) === AppPath.supportChat ? undefined : maintenanceWindow(input.url),
    preloadScreenFor(pathOf(input.url)),
  ]);
  settingsStore.set({ status: 'ready', settings });
  // The page carries the texts its markup shows, not the whole catalog (a quarter of the page's bytes).
  const usedKeys = new Set<string>();
  languageStore.set({ language: input.language, catalog: recordingLookups(catalog, usedKeys) });
  if (maintenance) startWithStatus(maintenanceUntil(maintenance.end, input.merchantCode));

  startServerLoads();
  try {
    let html = '';
    for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
      html = await renderToString(input.url);
      const loads = takeServerLoads();
      // A part that waited for its code streams in with an inline script (which the page's CSP
      // refuses): once its code has loaded, the next pass renders it in place.
      if (loads.length === 0 && !STREAMED_PART.test(html)) break;
      await Promise.all(loads);
    }
    return {
      html,
      state: {
        merchantCode: input.merchantCode,
        language: input.language,
        catalog: pickTexts(catalog, usedKeys),
        settings,
        queries: readyPublicAnswers(),
        ...(maintenance && { maintenance }),
      },
    };
  } finally {
    stopServerLoads();
  }
}

/**
 * The merchant's maintenance window, when the page is rendered inside one: it is every visitor's, so
 * the page is the maintenance page from its first paint. The rest of the status answer (a region
 * restriction, the address) is the visitor's: left to the browser's check. A failed call renders the
 * page as usual.
 */
async function maintenanceWindow(url: string): Promise<{ end: string | null } | undefined> {
  try {
    const status = await fetchSystemStatus(url);
    return status.maintenance ? { end: status.maintenanceEnd } : undefined;
  } catch {
    return undefined;
  }
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The whole markup once every lazy part has loaded (React's streaming renderer, read to its end). */
async function renderToString(url: string): Promise<string> {
  let failure: unknown = null;
  const stream = await renderToReadableStream(<App location={url} />, {
    // React outlines a finished boundary larger than this (12.8 KB by default) into a later segment
    // placed by an inline script, which the page's CSP refuses: the lobby's rows would stay pending
    // and the browser would render them again (React error #419).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}
