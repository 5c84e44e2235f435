import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 18080);
const dataDir = mkdtempSync(join(tmpdir(), 'wps-e2e-'));
const chromeArgs = [
  ...CHROMIUM_ARGS,
  // A host the server does not know, for the domain-not-available popup.
  '--host-resolver-rules=MAP unknown.test 127.0.0.1',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    ...devices['Pixel 7'],
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromeArgs },
    trace: 'off',
    // The service worker would answer precached chunks offline and hide requests from page.route:
    // off everywhere but in pwa.spec.ts, which is about it.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${port}/wps/v2/system/status`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Predictable slider captcha and SMS / email codes for the accounts tests (never in production).
      DEV_MODE: '1',
      // Where the domain-not-available popup sends a visitor of an unknown host.
      OFFICIAL_SITE_URL: 'https://official.example/',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
