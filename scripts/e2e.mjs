// Runs the Playwright end-to-end suite against the built app and a real server on a fresh data directory
// (the server is started by e2e/playwright.config.ts). Build first: `npm run build`.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';
import { freePort } from './server-process.mjs';

const chromium = ensureChromium();
// A free port unless one is asked for, so a server left over from another run cannot collide.
const port = process.env.E2E_PORT ?? String(await freePort());
const result = spawnSync(
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium, E2E_PORT: port } },
);
process.exit(result.status ?? 1);
