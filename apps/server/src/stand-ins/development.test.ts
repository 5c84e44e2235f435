import { endpoints } from '@wps/contract/endpoints';
import { FIREBASE_STAND_IN } from '@wps/contract/social';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { AURORA, LOTUS } from '../test/accounts.js';
import { standInRoutes } from '../test/stand-ins.js';
import { testConfig, useTestApp } from '../test/test-app.js';
import { CS_WIDGET_STAND_IN_PATH } from './cs-widget.js';
import { OUTBOX_PAGE_PATH } from './outbox/page.js';

// Counts the loads of the stand-ins module, whoever imports it (app.ts imports it on demand).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock(import('./index.js'), async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

describe('a development start', () => {
  // DEV_MODE as e2e runs it: the outboxes too.
  const t = useTestApp('pglite', { config: { devMode: true } });

  it('runs the stand-ins wherever NODE_ENV is not production', () => {
    expect(loadConfig({}).identityStandIns).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).identityStandIns).toBe(true);
    expect(loads.count).toBeGreaterThan(0);
  });

  it('registers every stand-in route', async () => {
    const routes = await standInRoutes(testConfig({ devMode: true }), t.db);
    expect(routes).toEqual(
      expect.arrayContaining([
        `GET ${FIREBASE_STAND_IN.signInPath}`,
        `GET ${FIREBASE_STAND_IN.jwksPath}`,
        `GET ${CS_WIDGET_STAND_IN_PATH}`,
        `GET ${endpoints.devSmsOutbox.path}`,
        `GET ${endpoints.devMailOutbox.path}`,
        `GET ${OUTBOX_PAGE_PATH}`,
      ]),
    );
    for (const entry of routes) {
      const [method = '', url = ''] = entry.split(' ');
      expect(t.app.hasRoute({ method: method as 'GET', url }), entry).toBe(true);
    }
  });

  it('serves them on the stand-in merchants’ hosts', async () => {
    const jwks = await t.app.inject({ url: FIREBASE_STAND_IN.jwksPath, headers: { host: AURORA } });
    expect(jwks.statusCode).toBe(200);
    const widget = await t.app.inject({ url: CS_WIDGET_STAND_IN_PATH, headers: { host: LOTUS } });
    expect(widget.statusCode).toBe(200);
    const outbox = await t.app.inject({ url: endpoints.devSmsOutbox.path, headers: { host: AURORA } });
    expect(outbox.statusCode).toBe(200);
  });

  it('leaves the JSON outboxes out without DEV_MODE, and keeps the page people read codes on', async () => {
    const routes = await standInRoutes(testConfig({ devMode: false }), t.db);
    expect(routes).toContain(`GET ${FIREBASE_STAND_IN.signInPath}`);
    expect(routes).toContain(`GET ${OUTBOX_PAGE_PATH}`);
    expect(routes).not.toContain(`GET ${endpoints.devSmsOutbox.path}`);
    expect(routes).not.toContain(`GET ${endpoints.devMailOutbox.path}`);
  });
});
