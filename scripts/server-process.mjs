// Starts the built server in its own process group on a free port with a fresh data directory,
// and stops it by that group: used by benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * The Node flags of apps/server's `serve` script (what `npm start` runs), so a benchmark measures the
 * server as it ships: `--max-semi-space-size=8` caps V8's young generation at 16 MB instead of 32
 * (docs/getting-started.md).
 */
export function serverNodeFlags() {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8'));
  const words = scripts.serve.split(' ');
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js') {
    throw new Error(`apps/server's serve script is not "node [flags] dist/main.js": ${scripts.serve}`);
  }
  return words.slice(1, -1);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(extraEnv = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wps-bench-'));
  const child = spawn('node', [...serverNodeFlags(), 'apps/server/dist/main.js'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`${origin}/wps/v2/system/status`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    origin,
    /** The server's own process (spawned directly, no shell): benchmarks read its memory. */
    pid: child.pid,
    localhost: `http://localhost:${port}`,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
