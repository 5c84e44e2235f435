#!/usr/bin/env node
// A bounded load test of the support chat on loopback (issue 16): starts the built server
// (apps/server/dist/main.js, PGlite in a temporary DATA_DIR unless DATABASE_URL is set), holds N
// visitor sockets open, then sends M messages from distinct sockets at a fixed rate and measures the
// delivery latency (send → the message frame back through the bus) and the server's memory per socket.
//
//   node scripts/bench-chat.mjs [sockets=2000] [messages=1000] [ratePerSecond=200]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort, serverNodeFlags } from './server-process.mjs';

const [sockets = 2000, messages = 1000, rate = 200] = process.argv.slice(2).map(Number);

function rssKb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'wps-bench-chat-'));
const server = spawn(process.execPath, [...serverNodeFlags(), 'apps/server/dist/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // A throw-away key (PostgreSQL needs one shared by every instance; this bench runs one).
    SECRET_KEY: process.env.SECRET_KEY ?? randomBytes(32).toString('base64'),
    RATE_LIMIT_GET_PER_MINUTE: '1000000',
    RATE_LIMIT_POST_PER_MINUTE: '1000000',
    RATE_LIMIT_BEACON_PER_MINUTE: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

for (let i = 0; ; i += 1) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/wps/v2/system/status`, {
      headers: { host: 'localhost' },
    });
    if (response.ok) break;
  } catch {
    // not up yet
  }
  if (i > 600 || server.exitCode !== null) throw new Error('the server did not start');
  await sleep(100);
}
/** The server's RSS once it holds still (start-up work and garbage collection settle): 3 readings within 2 %. */
async function steadyRss() {
  const readings = [];
  for (let i = 0; i < 40; i += 1) {
    readings.push(rssKb(server.pid));
    const last = readings.slice(-3);
    if (last.length === 3 && Math.max(...last) - Math.min(...last) < 0.02 * Math.max(...last)) return last[2];
    await sleep(1_000);
  }
  return readings.at(-1);
}
const baseRss = await steadyRss();

/** One visitor socket, ready (hello answered). */
function open() {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/wps/chat/socket`, {
      headers: { host: 'localhost' },
    });
    const waiting = new Map();
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'ready') resolve({ socket, waiting });
      if (frame.type === 'message') waiting.get(frame.message.clientId)?.(performance.now());
    });
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello' })));
  });
}

const started = performance.now();
const peers = [];
for (let i = 0; i < sockets; i += 50) {
  peers.push(...(await Promise.all(Array.from({ length: Math.min(50, sockets - i) }, open))));
}
const connectSeconds = (performance.now() - started) / 1000;
const openRss = await steadyRss();

const latencies = [];
const pending = [];
for (let i = 0; i < messages; i += 1) {
  const peer = peers[i % peers.length];
  const clientId = `bench-${i}`;
  const sentAt = performance.now();
  pending.push(
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(), 10_000);
      peer.waiting.set(clientId, (at) => {
        clearTimeout(timer);
        latencies.push(at - sentAt);
        resolve();
      });
    }),
  );
  peer.socket.send(JSON.stringify({ type: 'send', clientId, body: `load message ${i}` }));
  await sleep(1000 / rate);
}
await Promise.all(pending);
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(1);

console.log(
  JSON.stringify(
    {
      sockets: peers.length,
      connectSeconds: Number(connectSeconds.toFixed(1)),
      messages,
      ratePerSecond: rate,
      delivered: latencies.length,
      latencyMs: { p50: Number(at(0.5)), p99: Number(at(0.99)), max: Number(latencies.at(-1)?.toFixed(1)) },
      serverRssMb: { idle: Math.round(baseRss / 1024), withSockets: Math.round(openRss / 1024) },
      // RSS is the whole server (PGlite, the renderer); a negative difference means it says nothing.
      kbPerSocket: openRss > baseRss ? Number(((openRss - baseRss) / peers.length).toFixed(1)) : null,
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    },
    null,
    2,
  ),
);
for (const peer of peers) peer.socket.terminate();
process.exit(0);
