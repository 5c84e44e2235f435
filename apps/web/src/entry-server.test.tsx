import { executionAsyncId } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { fakeFetch, failure, ok } from '@/test/fakeFetch';
import { testSettings } from '@/test/settingsFixture';
import { renderScreen } from './entry-server';

/**
 * Promise callbacks only get an async id of their own while the process tracks promises (a live
 * AsyncLocalStorage switches that on for every promise the server makes from then on).
 */
async function promisesTracked(): Promise<boolean> {
  return (await Promise.resolve().then(() => executionAsyncId())) !== 0;
}

const { fetch } = fakeFetch((request) => {
  if (request.url.startsWith('/wps/system/settings')) return ok(testSettings());
  if (request.url.startsWith('/wps/v2/system/status')) {
    return ok({
      maintenance: false,
      maintenanceEnd: null,
      regionRestriction: false,
      ip: '127.0.0.1',
      merchantCode: 'aurora',
    });
  }
  return failure(404, 'NOT_FOUND');
});

describe('renderScreen: the server renders without slowing the rest of the server', () => {
  it.each(['/m/login', '/m/home'])(
    'renders %s and leaves promise tracking off (every later request would pay for it)',
    async (url) => {
      expect(await promisesTracked()).toBe(false);
      const rendered = await renderScreen({ url, merchantCode: 'aurora', language: 'EN', fetch });
      expect(rendered.html).toContain('<');
      expect(rendered.state.merchantCode).toBe('aurora');
      expect(await promisesTracked()).toBe(false);
    },
  );
});
