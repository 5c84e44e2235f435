// Start-up trace: loads pages of the built app in headless Chromium on a phone profile with the CPU
// slowed down (TRACE_CPU, default 4×), records the main thread and prints its longest tasks, each with
// what ran in it (the script evaluated, hydration, style and layout). React DOM's own module evaluation
// is reported on its own line: the rest must stay under LONG_TASK_MS. Prints figures; never fails on
// them. Build first (`npm run build`).
// TRACE_PAGES, TRACE_HOSTS (comma-separated) and TRACE_RUNS (default 3: the run with the median
// longest task is printed) narrow or widen a run. TRACE_MEMBER=1 traces the pages as the demo member
// of each host signed in with Remember me (the cashier's pages: TRACE_PAGES=/m/deposit,/m/transactions
// TRACE_HOSTS=lotus.localhost; a host whose login asks a captcha cannot be signed in by the script).
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { demoToken } from './bench-server-timings.mjs';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';
import { startServer } from './server-process.mjs';

const LONG_TASK_MS = 50;
const list = (value, fallback) => (value ? value.split(',').map((item) => item.trim()) : fallback);
const pages = list(process.env.TRACE_PAGES, ['/m/home', '/m/game', '/m/login']);
const hosts = list(process.env.TRACE_HOSTS, ['localhost', 'lotus.localhost', 'orbit.localhost']);
const runs = Number(process.env.TRACE_RUNS ?? 3);
const cpu = Number(process.env.TRACE_CPU ?? 4);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'toplevel',
  'blink.user_timing',
  'loading',
  // JavaScript samples name the code a task ran (the trace names only the chunk it started in).
  'disabled-by-default-v8.cpu_profiler',
].join(',');

const member = process.env.TRACE_MEMBER === '1';
const server = await startServer();
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const results = [];
/** The session a member's visit starts with (what Remember me keeps on the phone), or null. */
let remembered = null;
try {
  for (const host of hosts) {
    remembered = member ? { host, token: await demoToken(server.localhost, host) } : null;
    for (const path of pages) {
      const url = `http://${host}:${server.port}${path}`;
      await visit(url, { trace: false }); // the server renders and caches the page once
      const traced = [];
      for (let run = 0; run < runs; run++) traced.push(await visit(url, { trace: true }));
      traced.sort((a, b) => longestOther(a) - longestOther(b));
      const median = traced[Math.floor(traced.length / 2)];
      results.push({ url: `${host}${path}`, ...median, range: traced.map(longestOther) });
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  `\nMain-thread tasks at ${cpu}× CPU slowdown (the run with the median longest start-up task of ${runs}).` +
    `\nStart-up: the tasks that begin after the first contentful paint, where the app's code runs (what Lighthouse's` +
    `\nTBT counts); before it the browser loads the page (navigation, parsing, the first frame).`,
);
for (const result of results) {
  const startUp = result.tasks.filter((task) => task.afterPaint);
  const others = startUp.filter((task) => !task.reactDom);
  const reactDom = startUp.find((task) => task.reactDom);
  const beforePaint = result.tasks.filter((task) => !task.afterPaint);
  console.log(
    `\n${result.url}: longest start-up task apart from React DOM's evaluation ${ms(others[0]?.duration ?? 0)}` +
      ` (runs: ${result.range.map(ms).join(', ')}); React DOM's evaluation ${ms(reactDom?.duration ?? 0)};` +
      ` start-up tasks over ${LONG_TASK_MS} ms: ${others.filter((task) => task.duration > LONG_TASK_MS).length}` +
      `, blocking time over ${LONG_TASK_MS} ms: ${ms(blocking(others))};` +
      ` before the first paint: longest ${ms(beforePaint[0]?.duration ?? 0)}`,
  );
  for (const task of startUp.slice(0, Number(process.env.TRACE_TOP ?? 6)))
    console.log(
      `  ${ms(task.duration).padStart(7)} at ${ms(task.start).padStart(7)}  ${task.reactDom ? '[React DOM] ' : ''}${task.what}`,
    );
  for (const task of beforePaint.slice(0, Number(process.env.TRACE_TOP_LOAD ?? 2)))
    console.log(
      `  ${ms(task.duration).padStart(7)} at ${ms(task.start).padStart(7)}  (before the first paint) ${task.what}`,
    );
}
const worst = Math.max(...results.map(longestOther));
console.log(`\nLongest start-up task apart from React DOM's evaluation, any page: ${ms(worst)}`);

function longestOther(result) {
  return result.tasks.find((task) => task.afterPaint && !task.reactDom)?.duration ?? 0;
}

function blocking(tasks) {
  return tasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0);
}

function ms(value) {
  return `${value.toFixed(0)} ms`;
}

async function visit(url, { trace }) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    serviceWorkers: 'block',
  });
  if (remembered !== null) await context.addInitScript(rememberSession, remembered);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: trace ? cpu : 1 });
  const events = [];
  if (trace) {
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  }
  await page.goto(url, { waitUntil: 'load' });
  // Start-up ends when the app has committed and the main thread has been quiet for a while.

  await quiet(page, 3000);
  if (trace) {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
  }
  await context.close();
  if (trace && process.env.TRACE_DUMP) writeFileSync(process.env.TRACE_DUMP, JSON.stringify(events));
  return trace ? { tasks: mainThreadTasks(events) } : null;
}

/** Runs in the page before its scripts: the demo member's session as Remember me stores it. */
function rememberSession({ host, token }) {
  const merchantCode = host === 'localhost' ? 'aurora' : host.split('.')[0];
  const session = {
    spanId: '',
    id: '',
    token,
    merchantCode,
    userName: 'demo',
    type: null,
    firstTimeLogin: false,
  };
  globalThis.localStorage.setItem('wps.rememberedSession', JSON.stringify(session));
}

/** Waits until no long task has run for `quietMs` (the page's start-up is over). */
async function quiet(page, quietMs) {
  await page.evaluate(
    (wait) =>
      new Promise((resolve) => {
        let last = performance.now();
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = Math.max(last, entry.startTime + entry.duration);
        }).observe({ type: 'longtask', buffered: true });
        const check = () => (performance.now() - last >= wait ? resolve() : setTimeout(check, 250));
        setTimeout(check, wait);
      }),
    quietMs,
  );
}

/** The trace's JavaScript samples as [time in µs, the code running: `file function`, ms], in time order. */
function samplesOf(events, thread) {
  const samples = [];
  const profiles = new Map();
  for (const event of events) {
    // A profile is started on the thread it samples; its chunks come from the profiler's own thread.
    if (event.pid !== thread.pid) continue;
    if (event.name === 'Profile' && event.tid === thread.tid)
      profiles.set(event.id, { time: event.args.data.startTime, nodes: new Map() });
    if (event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(event.id);
    if (!profile) continue;
    const { cpuProfile = {}, timeDeltas = [] } = event.args.data;
    for (const node of cpuProfile.nodes ?? []) profile.nodes.set(node.id, node);
    (cpuProfile.samples ?? []).forEach((id, index) => {
      const delta = timeDeltas[index] ?? 0;
      profile.time += delta;
      // The code is named by the innermost frame of the app's own files (a built-in's caller).
      let node = profile.nodes.get(id);
      const leaf = node?.callFrame ?? {};
      while (node && !node.callFrame.url) node = profile.nodes.get(node.parent);
      const frame = node?.callFrame ?? leaf;
      const file = frame.url ? frame.url.split('/').pop() : '';
      const native = leaf.url ? '' : ` › ${leaf.functionName || '(native)'}`;
      const what = file
        ? `${file} ${frame.functionName || '(anonymous)'}${native}`
        : leaf.functionName || '(native)';
      // A sample stands for the time since the one before (with the CPU slowed down, that includes the
      // time the throttled thread was held).
      samples.push([profile.time, what, delta / 1000]);
    });
  }
  return samples;
}

/** The page's main-thread tasks, longest first, each with a name for what ran in it. */
function mainThreadTasks(events) {
  const main = events.find(
    (event) =>
      event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && rendererHasPage(events, event),
  );
  if (!main) return [];
  const samples = samplesOf(events, main);
  const onMain = events.filter(
    (event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X',
  );
  const tasks = onMain.filter((event) => event.name === 'RunTask' && event.dur);
  const navigation =
    events.find(
      (event) =>
        event.name === 'navigationStart' &&
        event.pid === main.pid &&
        /\/m\//.test(event.args?.data?.documentLoaderURL ?? ''),
    )?.ts ?? 0;
  const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === main.pid)?.ts;
  return tasks
    .map((task) => {
      const end = task.ts + task.dur;
      const inside = onMain.filter(
        (event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end,
      );
      const code = samples
        .filter(([time]) => time >= task.ts && time <= end)
        .map(([, what, duration]) => [what, duration]);
      return {
        duration: task.dur / 1000,
        start: (task.ts - navigation) / 1000,
        afterPaint: paint !== undefined && task.ts >= paint,
        ...describe(inside, code),
      };
    })
    .sort((a, b) => b.duration - a.duration);
}

/** The renderer that loaded the page (the one that ran a script from /m/assets). */
function rendererHasPage(events, thread) {
  return events.some(
    (event) =>
      event.pid === thread.pid &&
      event.tid === thread.tid &&
      /\/m\/assets\//.test(event.args?.data?.url ?? ''),
  );
}

/**
 * Names the biggest parts of a task: the rendering steps by event name, the JavaScript by the files
 * and functions its samples ran. A task that evaluates modules and whose samples are mostly React's
 * chunk is React DOM's own evaluation.
 */
function describe(inside, code) {
  const parts = new Map();
  const add = (key, duration) => parts.set(key, (parts.get(key) ?? 0) + duration);
  for (const event of inside)
    if (['Layout', 'UpdateLayoutTree', 'ParseHTML', 'Paint', 'MajorGC', 'MinorGC'].includes(event.name))
      add(event.name, (event.dur ?? 0) / 1000);
  const files = new Map();
  for (const [what, duration] of code) {
    add(what, duration);
    const file = what.split(' ')[0];
    if (file.endsWith('.js')) files.set(file, (files.get(file) ?? 0) + duration);
  }
  // React's chunk evaluating its own modules (top-level code) for most of the task's JavaScript.
  const reactTopLevel = code
    .filter(([what]) => /^react-[\w-]+\.js \(anonymous\)/.test(what))
    .reduce((sum, [, duration]) => sum + duration, 0);
  const scripted = [...files.values()].reduce((sum, duration) => sum + duration, 0);
  const reactDom = inside.some((event) => event.name === 'v8.evaluateModule') && reactTopLevel > scripted / 2;
  const byFile = [...files]
    .sort((a, b) => b[1] - a[1])
    .map(([file, count]) => `${file} ${count.toFixed(0)} ms`);
  const top = [...parts]
    .filter(([key]) => !key.includes(' ') || parts.get(key) >= 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([key, duration]) => `${key} ${duration.toFixed(0)} ms`);
  return {
    what: [...top, byFile.length ? `[${byFile.slice(0, 3).join(', ')}]` : ''].join(' · ') || 'other',
    reactDom,
  };
}
