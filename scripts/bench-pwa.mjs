// A repeat visit of /m/home answered by the service worker (warm) against a cold visit, with Playwright
// timings: navigation timing (responseStart, domContentLoaded, load) and LCP, median of BENCH_RUNS
// (default 5) visits each. Three kinds of visit:
//   cold       a new browser profile: no HTTP cache, no worker;
//   http-warm  a repeat visit with the HTTP cache but no worker (serviceWorkers: 'block');
//   sw-warm    a repeat visit once the worker is installed and controls /m/ (precache filled).
// Two networks: the loopback as it is, and a mobile-like one (a proxy in front of the server adds
// BENCH_RTT_MS, default 150, to every request and caps each response at BENCH_KBPS, default 1600
// kbit/s: about Lighthouse's slow 4G; DevTools throttling would not slow the worker's own fetches).
// Runs its own server over a copy of the build (the shared apps/web/dist may be rebuilt meanwhile).
// Prints the figures; never fails on them. Build first: `npm run build`.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';
import { freePort, startServer } from './server-process.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 150);
const KBPS = Number(process.env.BENCH_KBPS ?? 1600);
const PATH = process.env.BENCH_PATH ?? '/m/home';

/** A proxy to `target` adding `rttMs` before each answer and sending at most `kbps` per response. */
async function startSlowProxy(target, rttMs, kbps) {
  const port = await freePort();
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      async (answer) => {
        await sleep(rttMs);
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        const started = Date.now();
        let sent = 0;
        for await (const chunk of answer) {
          for (let offset = 0; offset < chunk.length; offset += 4096) {
            const piece = chunk.subarray(offset, offset + 4096);
            sent += piece.length;
            const due = sent / bytesPerMs - (Date.now() - started);
            if (due > 0) await sleep(due);
            response.write(piece);
          }
        }
        response.end();
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Navigation timing and LCP of the page now open (ms from the navigation's start). */
async function timings(page) {
  return page.evaluate(async () => {
    const lcp = await new Promise((resolve) => {
      let last = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) last = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // LCP entries are final once the page has loaded and painted; give it a moment.
      setTimeout(() => resolve(last), 500);
    });
    const [nav] = performance.getEntriesByType('navigation');
    const fromWorker = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.workerStart > 0 && entry.transferSize === 0).length;
    return {
      responseStart: nav.responseStart,
      domContentLoaded: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      lcp,
      controlled:
        navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
      fromWorker,
    };
  });
}

async function visit(context, url) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const result = await timings(page);
  await page.close();
  return result;
}

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// The lobby's popup announcement would sit over /m/home and be its LCP: marked as shown (as in e2e).
const skipLobbyPopup = `for (const merchant of ['aurora', 'lotus', 'orbit']) {
  sessionStorage.setItem('wps.lobbyPopupShown.' + merchant, '1');
}`;

async function newContext(browser, serviceWorkers) {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers });
  await context.addInitScript({ content: skipLobbyPopup });
  return context;
}

async function measure(browser, origin) {
  const url = `${origin}${PATH}`;
  const results = { cold: [], 'http-warm': [], 'sw-warm': [] };
  for (let run = 0; run < RUNS; run += 1) {
    const context = await newContext(browser, 'block');
    results.cold.push(await visit(context, url));
    results['http-warm'].push(await visit(context, url));
    await context.close();
  }
  const context = await newContext(browser, 'allow');
  const first = await context.newPage();
  await first.goto(url, { waitUntil: 'load' });
  // Registered 3 s after load (startPwaLater); controlling means installed, so the precache is filled.
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  await first.close();
  for (let run = 0; run < RUNS; run += 1) results['sw-warm'].push(await visit(context, url));
  await context.close();
  return results;
}

function print(label, results) {
  console.log(`\n${label}: ${PATH}, median of ${RUNS} visits (ms from navigation start)`);
  console.log(
    '  visit       responseStart  DOMContentLoaded    load     LCP   worker-controlled  files from worker',
  );
  for (const [kind, runs] of Object.entries(results)) {
    const cell = (key) => {
      const value = median(runs.map((run) => run[key]));
      return (value === null ? '—' : value.toFixed(0)).padStart(7);
    };
    const controlled = runs.every((run) => run.controlled)
      ? 'yes'
      : runs.some((run) => run.controlled)
        ? 'some'
        : 'no';
    const files = median(runs.map((run) => run.fromWorker));
    console.log(
      `  ${kind.padEnd(10)}  ${cell('responseStart').padStart(13)}  ${cell('domContentLoaded').padStart(16)}  ${cell('load')}  ${cell('lcp')}   ${controlled.padStart(17)}  ${String(files).padStart(17)}`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'wps-bench-pwa-'));
// Another build may be moving files meanwhile: copy again until a copy succeeds.
for (let attempt = 1; ; attempt += 1) {
  try {
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    cpSync(join(ROOT, 'apps/web/dist'), join(dir, 'dist'), { recursive: true });
    cpSync(join(ROOT, 'apps/web/dist-server'), join(dir, 'dist-server'), { recursive: true });
    break;
  } catch (error) {
    if (attempt === 10) throw error;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}
const server = await startServer({
  WEB_DIST: join(dir, 'dist'),
  WEB_RENDERER: join(dir, 'dist-server', 'entry-server.js'),
});
const proxy = await startSlowProxy(server.port, RTT_MS, KBPS);
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
try {
  print('Loopback, no throttling', await measure(browser, server.localhost));
  print(
    `Mobile-like network (+${RTT_MS} ms a request, ${KBPS} kbit/s a response)`,
    await measure(browser, `http://localhost:${proxy.port}`),
  );
} finally {
  await browser.close();
  await proxy.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
