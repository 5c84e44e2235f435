// Web performance figures: gzip sizes of what /m/home loads first and of each lazy chunk, and
// Lighthouse (mobile, simulated throttling) on five pages of each demo merchant served by the real
// server, against issue 12's goal. Prints the figures and writes reports/bench-web.{json,md}. Figures
// only: it never fails on a score. BENCH_PAGES and BENCH_HOSTS (comma-separated) narrow a run.
// The cashier's pages (BENCH_MEMBER_PAGES, default /m/deposit and /m/transactions) are measured as the
// demo member of lotus signed in with Remember me: the session is put in the origin's local storage
// before Lighthouse runs, which then keeps storage (as a member's own phone does).
// Each page is measured BENCH_RUNS times (default 3; Lighthouse's docs advise several runs against
// run-to-run variance) and the run of the median performance score is reported, with the range of
// TBT seen.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';
import { demoToken } from './bench-server-timings.mjs';
import { startServer } from './server-process.mjs';
import { gzipSize, homeFirstLoad, kb, readManifest } from './web-assets.mjs';

const manifest = readManifest();
const first = homeFirstLoad(manifest);
const firstJs = first.js.map((file) => ({ file, gzip: gzipSize(file) }));
const firstCss = first.css.map((file) => ({ file, gzip: gzipSize(file) }));
const lazy = Object.entries(manifest)
  .filter(([, chunk]) => chunk.file.endsWith('.js') && !first.js.includes(chunk.file))
  .map(([key, chunk]) => ({ name: chunk.name ?? key, file: chunk.file, gzip: gzipSize(chunk.file) }))
  .sort((a, b) => b.gzip - a.gzip);
const sum = (items) => items.reduce((total, item) => total + item.gzip, 0);

console.log('\n/m/home first load (gzip)');
for (const item of [...firstJs, ...firstCss]) console.log(`  ${kb(item.gzip).padStart(9)}  ${item.file}`);
console.log(`  ${kb(sum(firstJs)).padStart(9)}  JavaScript total`);
console.log(`  ${kb(sum(firstCss)).padStart(9)}  CSS total`);
console.log('\nLazy chunks (gzip)');
for (const item of lazy) console.log(`  ${kb(item.gzip).padStart(9)}  ${item.name} (${item.file})`);

/** The LCP element's HTML snippet, from the node Lighthouse's LCP breakdown names. */
function largestPaintElement(audit) {
  const node = (audit?.details?.items ?? []).find((item) => item.type === 'node');
  return node?.snippet ?? null;
}

/** One GET of `path` for `host` (fetch cannot set Host), read to its end: the body as text. */
function get(host, path) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: Number(host.split(':')[1]), path, headers: { host } },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      },
    );
    request.on('error', reject);
  });
}

/**
 * The page and the game art it names, as a server that has been up has them: it keeps a rendered
 * page for 30 s, and draws each picture once (the first request of one waits for the drawing).
 */
async function warm(host, path) {
  const html = await get(host, path);
  const images = new Set([...html.matchAll(/\/wps\/game\/image\/[\w.-]+/g)].map((match) => match[0]));
  await Promise.all([...images].map((image) => get(host, image)));
}

const chromePath = ensureChromium();
const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const list = (value, fallback) => (value ? value.split(',').map((item) => item.trim()) : fallback);
const pages = list(process.env.BENCH_PAGES, ['/m/home', '/m/game', '/m/login', '/m/register', '/m/activity']);
// The demo merchants: aurora (localhost), lotus, orbit (in a maintenance window, so its pages end on
// the maintenance page). Chromium resolves *.localhost to this machine.
const hosts = list(process.env.BENCH_HOSTS, ['localhost', 'lotus.localhost', 'orbit.localhost']);
const port = new URL(server.localhost).port;
const memberPages = list(process.env.BENCH_MEMBER_PAGES, ['/m/deposit', '/m/transactions']);
/**
 * Lotus: a merchant whose login asks no captcha, so the script can sign in (aurora's asks one; orbit
 * is in a maintenance window, its member pages would be the maintenance page again).
 */
const MEMBER_HOSTS = ['lotus.localhost'];
const measured = [];
for (const host of hosts) for (const path of pages) measured.push({ host, path, member: null });
for (const host of hosts.filter((each) => MEMBER_HOSTS.includes(each))) {
  if (memberPages.length === 0) break;
  const token = await demoToken(server.localhost, host);
  for (const path of memberPages) measured.push({ host, path, member: { token } });
}

/**
 * Signs the demo member in on `origin` in the benchmark's Chromium as Remember me does: the session
 * in local storage (apps/web state/session.ts, key wps.rememberedSession).
 */
function merchantOf(host) {
  return host === 'localhost' ? 'aurora' : host.split('.')[0];
}

async function rememberSession(origin, merchantCode, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  // The page only lends its origin's storage: no need to wait for its pictures.
  await page.goto(`${origin}/m/home`, { waitUntil: 'domcontentloaded', timeout: 15_000 });
  await page.evaluate(
    ([code, value]) =>
      globalThis.localStorage.setItem(
        'wps.rememberedSession',
        JSON.stringify({
          spanId: '',
          id: '',
          token: value,
          merchantCode: code,
          userName: 'demo',
          type: null,
          firstTimeLogin: false,
        }),
      ),
    [merchantCode, token],
  );
  await page.close();
  await browser.close();
}
/** Issue 12's goal for each page (simulated throttling). */
const GOAL = { performance: 99, fcpMs: 1000, lcpMs: 1500, tbtMs: 100, cls: 0 };
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const lighthouseResults = [];
try {
  for (const { host, path, member } of measured) {
    // A server that has been up has rendered the page before (it keeps a rendered page for 30 s):
    // the run measures that steady state, not the first render after start-up.
    const runs = [];
    // A run Lighthouse could not finish (NO_NAVSTART now and then) is tried again, up to twice.
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
      await warm(`${host}:${port}`, path);
      // Put back before each run: a visitor page's run resets the origin's storage.
      if (member) await rememberSession(`http://${host}:${port}`, merchantOf(host), member.token);
      const result = await lighthouse(`http://${host}:${port}${path}`, {
        port: chrome.port,
        // A member's visit keeps the session stored on the device.
        disableStorageReset: Boolean(member),
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (result === undefined || result.lhr.runtimeError) {
        console.warn(
          `  ${host}${path}: Lighthouse failed (${result?.lhr.runtimeError?.code ?? 'no result'})`,
        );
        continue;
      }
      runs.push(result.lhr);
    }
    if (runs.length === 0) continue;
    const performance = (one) => one.categories.performance?.score ?? 0;
    const blockingOf = (one) => one.audits['total-blocking-time']?.numericValue ?? 0;
    const ranked = [...runs].sort((a, b) => performance(a) - performance(b) || blockingOf(b) - blockingOf(a));
    const lhr = ranked[Math.floor((ranked.length - 1) / 2)];
    const blocking = runs.map(blockingOf);
    const { categories, audits } = lhr;
    // The whole Lighthouse report, for digging into a regression (open it in the Lighthouse viewer).
    mkdirSync('reports', { recursive: true });
    writeFileSync(`reports/lighthouse-${host}${path.replaceAll('/', '-')}.json`, JSON.stringify(lhr));
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id) => audits[id]?.numericValue ?? null;
    lighthouseResults.push({
      host,
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      firstContentfulPaintMs: metric('first-contentful-paint'),
      largestContentfulPaintMs: metric('largest-contentful-paint'),
      totalBlockingTimeMs: metric('total-blocking-time'),
      runs: runs.length,
      totalBlockingTimeRangeMs: [Math.min(...blocking), Math.max(...blocking)],
      // Every run's TBT and their median: the run reported above is the median by score, and TBT
      // varies more than the score on a shared machine.
      totalBlockingTimeRunsMs: blocking,
      totalBlockingTimeMedianMs: [...blocking].sort((a, b) => a - b)[Math.floor((blocking.length - 1) / 2)],
      cumulativeLayoutShift: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
      // What moved and what painted last: the first place to look when CLS or LCP regress.
      layoutShifts: (audits['layout-shifts']?.details?.items ?? []).map((item) => ({
        score: item.score,
        node: item.node?.snippet ?? null,
        selector: item.node?.selector ?? null,
      })),
      largestContentfulPaintElement: largestPaintElement(audits['lcp-breakdown-insight']),
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const meetsGoal = (r) =>
  r.performance >= GOAL.performance &&
  r.firstContentfulPaintMs <= GOAL.fcpMs &&
  r.largestContentfulPaintMs <= GOAL.lcpMs &&
  r.totalBlockingTimeMs <= GOAL.tbtMs &&
  r.cumulativeLayoutShift <= GOAL.cls;
for (const r of lighthouseResults) r.meetsGoal = meetsGoal(r);

console.log(
  `\nLighthouse (mobile, simulated throttling), median of ${RUNS} runs per page; goal: performance ≥ ${GOAL.performance}, FCP ≤ ${GOAL.fcpMs} ms, LCP ≤ ${GOAL.lcpMs} ms, TBT ≤ ${GOAL.tbtMs} ms, CLS ${GOAL.cls}`,
);
for (const r of lighthouseResults) {
  console.log(
    `  ${`${r.host}${r.path}`.padEnd(30)} performance ${r.performance}  a11y ${r.accessibility}  best-practices ${r.bestPractices}  seo ${r.seo}` +
      `  FCP ${Math.round(r.firstContentfulPaintMs)} ms  LCP ${Math.round(r.largestContentfulPaintMs)} ms  TBT ${Math.round(r.totalBlockingTimeMs)} ms (${r.totalBlockingTimeRangeMs.map(Math.round).join('–')} in ${r.runs}, median ${Math.round(r.totalBlockingTimeMedianMs)})  CLS ${r.cumulativeLayoutShift?.toFixed(3)}  ${r.meetsGoal ? 'meets the goal' : 'MISSES the goal'}`,
  );
}
const met = lighthouseResults.filter((r) => r.meetsGoal).length;
console.log(`  ${met} of ${lighthouseResults.length} pages meet the goal`);

const report = {
  date: new Date().toISOString(),
  homeFirstLoad: { js: firstJs, css: firstCss, jsTotal: sum(firstJs), cssTotal: sum(firstCss) },
  lazyChunks: lazy,
  lighthouse: lighthouseResults,
};
mkdirSync('reports', { recursive: true });
writeFileSync('reports/bench-web.json', `${JSON.stringify(report, null, 2)}\n`);
const md = [
  `# Web benchmark (${report.date})`,
  '',
  `/m/home first load: JavaScript ${kb(sum(firstJs))} gzip, CSS ${kb(sum(firstCss))} gzip.`,
  '',
  '| chunk | gzip |',
  '| --- | --- |',
  ...lazy.map((item) => `| ${item.name} | ${kb(item.gzip)} |`),
  '',
  '| merchant host | page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | goal |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...lighthouseResults.map(
    (r) =>
      `| ${r.host} | ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.firstContentfulPaintMs)} | ${Math.round(r.largestContentfulPaintMs)} | ${Math.round(r.totalBlockingTimeMs)} | ${r.cumulativeLayoutShift?.toFixed(3)} | ${r.meetsGoal ? 'met' : 'missed'} |`,
  ),
  '',
].join('\n');
writeFileSync('reports/bench-web.md', md);
console.log('\nWrote reports/bench-web.json and reports/bench-web.md');
