// Server throughput on loopback: requests per second and latency p50/p99 of the status call, of an
// encrypted collect POST and, for comparison, of the same POST in plain JSON. The built server runs
// on a fresh embedded database with the rate limiter raised out of the way (one client ip sends
// everything). Run `npm run build` first (`npm run bench:server` does). Figures only: never fails on
// a time. BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 20) change the load;
// BENCH_DATABASE_URL runs the server on that PostgreSQL database instead (it is migrated and seeded
// when empty, and keeps the rows the run writes).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { importRsaPublicKey, sealPayload } from '../packages/contract/dist/index.js';
import { startServer } from './server-process.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
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

function run(title, options) {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }).then((result) => ({
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx + result.errors + result.timeouts,
  }));
}

const server = await startServer({
  RATE_LIMIT_GET_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_POST_PER_MINUTE: UNLIMITED,
  ...(DATABASE_URL === undefined ? {} : { DATABASE_URL, SECRET_KEY: randomBytes(32).toString('base64url') }),
});
const results = [];
try {
  const sealed = await sealPool(server.origin);
  const sealedRequest = (index) => ({
    headers: { 'content-type': 'application/json', ...sealed[index % sealed.length].headers },
    body: JSON.stringify(sealed[index % sealed.length].body),
  });
  const first = sealedRequest(0);
  await assertAccepted(server.origin, first.headers, first.body);

  results.push(await run('GET /wps/v2/system/status', { url: `${server.origin}${STATUS}` }));

  let next = 0;
  results.push(
    await run('POST /wps/system/collect, encrypted', {
      url: `${server.origin}${COLLECT}`,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({ ...request, ...sealedRequest(next++) }),
        },
      ],
    }),
  );

  results.push(
    await run('POST /wps/system/collect, plain JSON', {
      url: `${server.origin}${COLLECT}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(beacon(0)),
    }),
  );
} finally {
  await server.stop();
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\nServer on loopback, ${DATABASE_URL === undefined ? 'embedded PGlite' : 'PostgreSQL'}, ${CONNECTIONS} connections, ${SECONDS} s each (Node ${process.version}, ${os.cpus().length} × ${cpu})\n`,
);
console.log(
  `${'call'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'2xx'.padStart(8)} ${'other'.padStart(6)}`,
);
for (const row of results) {
  console.log(
    `${row.title.padEnd(40)} ${row.rps.toFixed(0).padStart(8)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)} ${String(row.ok).padStart(8)} ${String(row.other).padStart(6)}`,
  );
}
