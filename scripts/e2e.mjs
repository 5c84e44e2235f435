// Runs the Playwright end-to-end suite against the built app and a real server on a fresh data directory
// (the server is started by e2e/playwright.config.ts). Build first: `npm run build`.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium.mjs';

const chromium = ensureChromium();
const result = spawnSync(
  'npx',
  ['playwright', 'test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium } },
);
process.exit(result.status ?? 1);
