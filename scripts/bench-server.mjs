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
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { importRsaPublicKey, sealPayload } from '../packages/contract/dist/index.js';
import { startBareFastify } from './bench-bare-fastify.mjs';
import { COLD_ROUNDS, timeLogins, timeRenderedPages } from './bench-server-timings.mjs';
import { cpuMs, groupRssMb, rssMb } from './process-stats.mjs';
import { startServer } from './server-process.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SETTINGS = '/wps/system/settings';
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
