// Accessibility figures: Lighthouse's accessibility category (mobile form factor, its default) on
// the member pages of each demo merchant, served by the real built server. Prints the score of each
// page and host and every audit that fails, and writes reports/a11y.{json,md}. Figures only: it
// never fails on a score. A11Y_PAGES and A11Y_HOSTS (comma-separated) narrow a run.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';
import { startServer } from './server-process.mjs';

const list = (value, fallback) => (value ? value.split(',').map((item) => item.trim()) : fallback);
const pages = list(process.env.A11Y_PAGES, [
  '/m/home',
  '/m/game',
  '/m/login',
  '/m/register',
  '/m/activity',
  '/m/download',
]);
// The demo merchants: aurora (localhost), lotus, orbit. Orbit is inside a maintenance window in the
// demo, so each of its pages ends on the maintenance page: one run of it is enough.
const hosts = list(process.env.A11Y_HOSTS, ['localhost', 'lotus.localhost', 'orbit.localhost']);
const pagesOf = (host) => (host.startsWith('orbit.') && !process.env.A11Y_PAGES ? ['/m/home'] : pages);

/** The audits of the accessibility category that failed, with the first few elements each names. */
function failures(lhr) {
  return lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score !== 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      nodes: (audit.details?.items ?? [])
        .slice(0, 5)
        .map((item) => item.node?.snippet ?? item.node?.explanation ?? '')
        .filter(Boolean),
    }));
}

const chromePath = ensureChromium();
const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const port = new URL(server.localhost).port;
const results = [];
try {
  for (const host of hosts)
    for (const path of pagesOf(host)) {
      const result = await lighthouse(`http://${host}:${port}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
      });
      if (result === undefined || result.lhr.runtimeError) {
        console.warn(`${host}${path}: Lighthouse failed (${result?.lhr.runtimeError?.code ?? 'no result'})`);
        continue;
      }
      const score = Math.round((result.lhr.categories.accessibility.score ?? 0) * 100);
      const failed = failures(result.lhr);
      results.push({ host, path, score, failed });
      console.log(`${String(score).padStart(3)}  ${host}${path}`);
      for (const audit of failed) {
        console.log(`       ${audit.id}: ${audit.title}`);
        for (const node of audit.nodes) console.log(`         ${node.slice(0, 160)}`);
      }
    }
} finally {
  await chrome.kill();
  await server.stop();
}

mkdirSync('reports', { recursive: true });
writeFileSync('reports/a11y.json', `${JSON.stringify(results, null, 2)}\n`);
const rows = results.map(
  (row) => `| ${row.host} | ${row.path} | ${row.score} | ${row.failed.map((a) => a.id).join(', ') || '-'} |`,
);
writeFileSync(
  'reports/a11y.md',
  ['| Host | Page | Accessibility | Failing audits |', '| --- | --- | --- | --- |', ...rows, ''].join('\n'),
);
console.log('\nWritten: reports/a11y.json, reports/a11y.md');
