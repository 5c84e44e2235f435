import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { describe, expect, it } from 'vitest';
import { failure, get } from '../test/accounts.js';
import { backends, useTestApp } from '../test/test-app.js';

// A host no merchant serves: the refusal names the host and, when the operator set one, the official
// site the popup links to (its way out).
describe.each(backends)('domain not available (%s)', (backend) => {
  describe('with OFFICIAL_SITE_URL', () => {
    const t = useTestApp(backend, { config: { officialSiteUrl: 'https://official.example/' } });
    it.each([['nowhere.example'], ['lotus.localhost:9999']])(
      '%s: the host and the official site',
      async (host) => {
        const refused = failure(await get(t.app, endpoints.status.path, { host }));
        expect(refused).toMatchObject({ status: 404, code: ErrorCode.DOMAIN_NOT_AVAILABLE });
        expect(refused.data).toEqual({
          domain: expect.any(String),
          officialUrl: 'https://official.example/',
        });
      },
    );

    it('a merchant’s host is served as ever', async () => {
      expect((await get(t.app, endpoints.status.path, { host: 'localhost' })).statusCode).toBe(200);
    });
  });

  describe('without it', () => {
    const t = useTestApp(backend);
    it('the host only', async () => {
      const refused = failure(await get(t.app, endpoints.status.path, { host: 'nowhere.example' }));
      expect(refused.data).toEqual({ domain: 'nowhere.example' });
    });
  });
});
