import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { AURORA, LOTUS } from '../test/accounts.js';
import { standInRoutes } from '../test/stand-ins.js';
import { testConfig, useTestApp } from '../test/test-app.js';

// Counts the loads of the stand-ins module, whoever imports it (app.ts imports it on demand).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock(import('./index.js'), async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

/** What NODE_ENV=production decides (config.ts); the rest is the tests' usual configuration. */
const production = loadConfig({ NODE_ENV: 'production' });

describe('a production start (NODE_ENV=production)', () => {
  const t = useTestApp('pglite', {
    config: { identityStandIns: production.identityStandIns, devMode: production.devMode },
  });

  it('never loads the stand-ins module', () => {
    expect(production.identityStandIns).toBe(false);
    expect(production.devMode).toBe(false);
    // The app is built (useTestApp's beforeAll) and nothing imported src/stand-ins.
    expect(loads.count).toBe(0);
  });

  it('registers none of the stand-in routes: each answers 404 on the stand-in merchants’ hosts', async () => {
    // Only now is the module loaded, to list what a development start registers.
    const routes = await standInRoutes(testConfig({ devMode: true }), t.db);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    // The page that shows the codes sent (docs/demo.md) is one of them.
    expect(routes).toContain('GET /wps/dev/outbox');
    for (const entry of routes) {
      const [method = '', url = ''] = entry.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url }), entry).toBe(false);
      for (const host of [AURORA, LOTUS]) {
        const response = await t.app.inject({ method: method as 'GET', url, headers: { host } });
        expect(response.statusCode, `${entry} on ${host}`).toBe(404);
      }
    }
  });
});
