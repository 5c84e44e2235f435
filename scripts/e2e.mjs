// Runs the Playwright end-to-end suite against the built app (build first: `npm run build`). The suite
// is split into shards run side by side, each with its own real server on a free port and a fresh data
// directory (started by e2e/playwright.config.ts), so no test sees another shard's accounts, limits or
// settings. E2E_SHARDS sets how many (default: the machine's cores, at most 4); arguments go to
// Playwright (a spec file, `-g "a test name"`), and a run narrowed by them uses one shard.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { ensureChromium } from './chromium.mjs';
import { freePort } from './server-process.mjs';

const chromium = ensureChromium();
const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Number(process.env.E2E_SHARDS ?? Math.min(4, availableParallelism()));
const started = Date.now();

async function runShard(index) {
  // A free port unless one is asked for, so a server left over from another run cannot collide.
  const port = shards === 1 && process.env.E2E_PORT ? process.env.E2E_PORT : String(await freePort());
  return new Promise((resolve) => {
    const shard = shards > 1 ? [`--shard=${index}/${shards}`] : [];
    const child = spawn(
      'npx',
      ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...shard, ...args],
      {
        stdio: shards > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: { ...process.env, CHROME_PATH: chromium, E2E_PORT: port },
      },
    );
    if (shards > 1) {
      // Each line tagged with its shard, so the interleaved output still reads.
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) if (line.trim()) console.log(`[${index}/${shards}] ${line}`);
        });
        stream.on('end', () => rest.trim() && console.log(`[${index}/${shards}] ${rest}`));
      }
    }
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, index) => runShard(index + 1)));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `End-to-end: ${shards} shard(s), ${minutes} min, ${codes.every((code) => code === 0) ? 'passed' : 'FAILED'}`,
);
process.exit(codes.find((code) => code !== 0) ?? 0);
