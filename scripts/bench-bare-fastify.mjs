// The baseline of scripts/bench-server.mjs: a bare Fastify route in a Node process of its own.
import { spawn } from 'node:child_process';
import { freePort } from './server-process.mjs';

const ROOT = new URL('..', import.meta.url).pathname;

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

export async function startBareFastify() {
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
