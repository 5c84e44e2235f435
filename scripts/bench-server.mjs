// Server throughput on loopback: requests per second and latency p50/p99 of the status and settings
// calls, of an encrypted collect POST and, for comparison, of the same POST in plain JSON; and, in
// the same run with the same load, of a bare Fastify route in its own Node process, so the status
// call is printed as a ratio of what Fastify itself answers on this machine. Then the time of a
// login (argon2id) one at a time, the HTML of server-rendered screens (afresh and as kept), and
// the server's resident memory (VmRSS) idle after start-up and after the load, alone and with the
// processes it started (its image renderer, while one runs).
// The built server runs on a fresh embedded database with the rate limiter at a limit no run
// reaches (one client ip sends everything: every request still goes through it). Run
// `npm run build` first (`npm run bench:server` does). Figures only: never fails on a time.
//
// The ratio alternates bare and status runs BENCH_ROUNDS times (default 3) and prints the median
// round: on a shared machine one pair can land on a busy moment. The CPU column is the process's
// own CPU time per request (/proc, Linux), which other load disturbs less than requests per second.
//
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 50) change the load, BENCH_LOGINS
// (default 20) the logins timed; BENCH_DATABASE_URL runs the server on that PostgreSQL database
// instead (it is migrated and seeded when empty, and keeps the rows the run writes).
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { importRsaPublicKey, sealPayload } from '../packages/contract/dist/index.js';
import { freePort, startServer } from './server-process.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const ROOT = new URL('..', import.meta.url).pathname;
const SETTINGS = '/wps/system/settings';
/** Screens whose HTML the server renders, timed one request at a time. */
const RENDERED_PAGES = ['/m/home', '/m/game', '/m/login'];
const LOGIN = '/wps/session/login';
/** A demo merchant without a login captcha, reached through its `{code}.localhost` host. */
const LOGIN_HOST = 'lotus.localhost';
/** apps/server/src/seed/members.ts DEMO_PASSWORD. */
const DEMO_PASSWORD = 'Demo1234';
/** Time for start-up work that finishes after the first answer (warm-ups) before the idle figure. */
const SETTLE_MS = 3_000;
const COLLECT = '/wps/system/collect';
const STATUS = '/wps/v2/system/status?device=MOBILE&track=home&originalDomain=localhost&url=%2Fm%2Fhome';
/** Each sealed body may be replayed on its path, so a pool sealed up front keeps the client cheap. */
const SEALED_POOL = 200;
const UNLIMITED = '1000000000';
const DATABASE_URL = process.env.BENCH_DATABASE_URL;

function beacon(index) {
  return { merchant: 'aurora', value: { event: 'bench', index } };
}

async function sealPool(origin) {
  const response = await fetch(`${origin}/wps/session/key/rsa?_=${Date.now()}`);
  const { value: key } = await response.json();
  const publicKey = await importRsaPublicKey(key.publicKey);
  return Promise.all(
    Array.from({ length: SEALED_POOL }, (_, index) =>
      sealPayload(publicKey, key.keyId, 'POST', COLLECT, beacon(index)),
    ),
  );
}

async function assertAccepted(origin, headers, body) {
  const response = await fetch(`${origin}${COLLECT}`, { method: 'POST', headers, body });
  if (!response.ok) throw new Error(`collect answered ${response.status}: ${await response.text()}`);
}

/** Clock ticks per second of /proc/<pid>/stat times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) a process has used, in ms (Linux /proc), or null elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** One load run; with `pid`, the CPU time that process spent per request (µs). */
async function run(title, options, pid) {
  const before = pid === undefined ? null : cpuMs(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const after = pid === undefined ? null : cpuMs(pid);
  const total = result.requests.total;
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx + result.errors + result.timeouts,
    cpuUs: before === null || after === null || total === 0 ? null : ((after - before) * 1000) / total,
  };
}

/** A second of the same load first, so neither side of the ratio is measured before its JIT warms. */
async function warmUp(url) {
  await autocannon({ connections: CONNECTIONS, duration: 1, url });
}

/** Resident memory of a process in MB (Linux /proc), or null elsewhere. */
function rssMb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : Number(match[1]) / 1024;
  } catch {
    return null;
  }
}

/**
 * Resident memory in MB of every process in a process group (Linux /proc): the server and the image
 * renderer it starts for a while (apps/server/src/services/games/raster-process.ts), or null.
 */
function groupRssMb(pgid) {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
        if (Number(fields[2]) !== pgid) continue;
        total += rssMb(Number(entry)) ?? 0;
      } catch {
        // gone meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

/**
 * The baseline: a Fastify server with one route and nothing else (no hooks, no database, no
 * compression), in its own Node process like the server under test. Its answer has the status
 * call's shape, so both serialise about the same bytes.
 */
const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/bare', async () => ({
  success: true,
  value: { maintenance: false, maintenanceEnd: null, regionRestriction: false, ip: '127.0.0.1', merchantCode: 'aurora' },
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function startBareFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}/bare`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`bare Fastify exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('bare Fastify did not start within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    },
  };
}

/** A request with its own Host header (fetch always sends the URL's): answers status and JSON. */
function request(origin, host, method, path, headers = {}, body = undefined) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { hostname, port, method, path, headers: { ...headers, host: `${host}:${port}` } },
      (incoming) => {
        const chunks = [];
        incoming.on('data', (chunk) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** One GET of an app page for `host`, read to its end: the milliseconds it took. */
function timePage(origin, host, path) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = http.get({ hostname, port, path, headers: { host: `${host}:${port}` } }, (incoming) => {
      incoming.resume();
      incoming.on('error', reject);
      incoming.on('end', () => {
        if (incoming.statusCode !== 200) reject(new Error(`${path} answered ${incoming.statusCode}`));
        else resolve(performance.now() - started);
      });
    });
    outgoing.on('error', reject);
  });
}

const median50 = (times) => [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)];

/** How long the renderer keeps the public answers a page is made of (routes/web/render.ts). */
const KEPT_ANSWER_TTL_MS = 10_000;
const COLD_ROUNDS = 3;

/**
 * The HTML of a server-rendered screen, one request at a time: rendered afresh (each address once:
 * a query the page cache has not seen, the merchant's public answers kept by the renderer), as the
 * server keeps it for 30 s (the same address again), and cold: the first render after the kept
 * answers have expired (every call asked of the database again).
 */
async function timeRenderedPages(origin, count) {
  const rows = [];
  for (const path of RENDERED_PAGES) {
    // The first render of a screen loads its code into the renderer: not counted.
    await timePage(origin, 'localhost', `${path}?bench=warm`);
    const fresh = [];
    const kept = [];
    for (let index = 0; index < count; index += 1) {
      fresh.push(await timePage(origin, 'localhost', `${path}?bench=${index}`));
      kept.push(await timePage(origin, 'localhost', `${path}?bench=${index}`));
    }
    rows.push({ path, fresh: median50(fresh), kept: median50(kept), cold: [] });
  }
  for (let round = 0; round < COLD_ROUNDS; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, KEPT_ANSWER_TTL_MS + 500));
    for (const row of rows)
      row.cold.push(await timePage(origin, 'localhost', `${row.path}?bench=cold-${round}`));
  }
  return rows.map((row) => ({ ...row, cold: median50(row.cold) }));
}

/** Logins one at a time, each with a freshly sealed body; the sealing is not timed. */
async function timeLogins(origin, count) {
  const { body: keyAnswer } = await request(
    origin,
    LOGIN_HOST,
    'GET',
    `/wps/session/key/rsa?_=${Date.now()}`,
  );
  const key = keyAnswer.value;
  const publicKey = await importRsaPublicKey(key.publicKey);
  const payload = {
    type: 'username',
    username: 'demo',
    password: DEMO_PASSWORD,
    loginDeviceId: 'bench-login-device',
    isOfficialAppLogin: false,
  };
  const times = [];
  // Two first logins warm the route and the hasher and are not counted.
  for (let index = 0; index < count + 2; index += 1) {
    const sealed = await sealPayload(publicKey, key.keyId, 'POST', LOGIN, payload);
    const started = performance.now();
    const answer = await request(
      origin,
      LOGIN_HOST,
      'POST',
      LOGIN,
      { 'content-type': 'application/json', ...sealed.headers },
      JSON.stringify(sealed.body),
    );
    const elapsed = performance.now() - started;
    if (answer.status !== 200 || answer.body.success !== true) {
      throw new Error(`login answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    if (index >= 2) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor((times.length - 1) / 2)],
    max: times.at(-1),
  };
}

const server = await startServer({
  RATE_LIMIT_GET_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_POST_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_BEACON_PER_MINUTE: UNLIMITED,
  ...(DATABASE_URL === undefined ? {} : { DATABASE_URL, SECRET_KEY: randomBytes(32).toString('base64url') }),
});
let bare;
const results = [];
const memory = {};
let login;
let pages;
const rounds = [];
try {
  bare = await startBareFastify();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  memory.idle = rssMb(server.pid);
  memory.groupIdle = groupRssMb(server.pid);
  memory.bareIdle = rssMb(bare.pid);

  login = await timeLogins(server.origin, LOGINS);
  pages = await timeRenderedPages(server.origin, LOGINS);

  const sealed = await sealPool(server.origin);
  const sealedRequest = (index) => ({
    headers: { 'content-type': 'application/json', ...sealed[index % sealed.length].headers },
    body: JSON.stringify(sealed[index % sealed.length].body),
  });
  const first = sealedRequest(0);
  await assertAccepted(server.origin, first.headers, first.body);

  // The ratio's two sides back to back, each after the same warm-up, ROUNDS times; the median
  // round's pair goes in the table.
  await warmUp(bare.url);
  await warmUp(`${server.origin}${STATUS}`);
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareRow = await run('GET bare Fastify route (baseline)', { url: bare.url }, bare.pid);
    const statusRow = await run(
      'GET /wps/v2/system/status',
      { url: `${server.origin}${STATUS}` },
      server.pid,
    );
    rounds.push({ bare: bareRow, status: statusRow, ratio: statusRow.rps / bareRow.rps });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  const median = rounds[Math.floor((rounds.length - 1) / 2)];
  results.push(median.bare, median.status);

  results.push(await run('GET /wps/system/settings', { url: `${server.origin}${SETTINGS}` }, server.pid));

  let next = 0;
  results.push(
    await run(
      'POST /wps/system/collect, encrypted',
      {
        url: `${server.origin}${COLLECT}`,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({ ...request, ...sealedRequest(next++) }),
          },
        ],
      },
      server.pid,
    ),
  );

  results.push(
    await run(
      'POST /wps/system/collect, plain JSON',
      {
        url: `${server.origin}${COLLECT}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(beacon(0)),
      },
      server.pid,
    ),
  );
  memory.afterLoad = rssMb(server.pid);
  memory.groupAfterLoad = groupRssMb(server.pid);
  memory.bareAfterLoad = rssMb(bare.pid);
} finally {
  await bare?.stop();
  await server.stop();
}

const mb = (value) => (value === null || value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\nServer on loopback, ${DATABASE_URL === undefined ? 'embedded PGlite' : 'PostgreSQL'}, ${CONNECTIONS} connections, ${SECONDS} s each (Node ${process.version}, ${os.cpus().length} × ${cpu})\n`,
);
console.log(
  `${'call'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'2xx'.padStart(8)} ${'other'.padStart(6)} ${'CPU µs/req'.padStart(11)}`,
);
for (const row of results) {
  const cpuUs = row.cpuUs === null ? 'n/a' : row.cpuUs.toFixed(1);
  console.log(
    `${row.title.padEnd(40)} ${row.rps.toFixed(0).padStart(8)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${String(row.ok).padStart(8)} ${String(row.other).padStart(6)} ${cpuUs.padStart(11)}`,
  );
}
const median = rounds[Math.floor((rounds.length - 1) / 2)];
const percent = (ratio) => `${(ratio * 100).toFixed(1)} %`;
console.log(
  `\nstatus / bare Fastify: ${percent(median.ratio)} (goal ≥ 50 %), status p99 ${median.status.p99} ms (goal ≤ 20 ms); ` +
    `median of ${rounds.length} rounds, ratios ${rounds.map((round) => percent(round.ratio)).join(', ')}`,
);
const cpuRatio = (round) =>
  round.bare.cpuUs === null || round.status.cpuUs === null ? null : round.bare.cpuUs / round.status.cpuUs;
const cpuRatios = rounds
  .map(cpuRatio)
  .filter((ratio) => ratio !== null)
  .sort((a, b) => a - b);
if (cpuRatios.length > 0) {
  // What the ratio would be with the server the only limit: less shaken by other load on the machine.
  console.log(
    `server CPU per request, bare / status: ${percent(cpuRatios[Math.floor((cpuRatios.length - 1) / 2)])} (median of ${cpuRatios.length} rounds)`,
  );
}
console.log(
  `login (argon2id), ${LOGINS} one at a time: p50 ${login.p50.toFixed(1)} ms, max ${login.max.toFixed(1)} ms (goal ≤ 80 ms)`,
);
for (const row of pages ?? []) {
  console.log(
    `server-rendered ${row.path} (aurora), ${LOGINS} one at a time: p50 ${row.fresh.toFixed(1)} ms rendered afresh, ` +
      `${row.kept.toFixed(1)} ms as kept for 30 s (goal ≤ 15 ms); cold (public answers expired, median of ${COLD_ROUNDS}): ${row.cold.toFixed(1)} ms`,
  );
}
console.log(
  `server resident memory: idle ${mb(memory.idle)}, after the load ${mb(memory.afterLoad)} (bare Fastify: ${mb(memory.bareIdle)} / ${mb(memory.bareAfterLoad)}); ` +
    `with the processes it started (the image renderer, while it runs): ${mb(memory.groupIdle)} / ${mb(memory.groupAfterLoad)}`,
);
