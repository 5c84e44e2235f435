import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import type { EndpointFacts } from '@wps/contract/endpoints/define';
import type { WpsFailure } from '@wps/contract/envelope';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.js';

describe('the server serves the contract table', () => {
  // Development mode: the outbox endpoints exist only there.
  const t = useTestApp('pglite', { config: { devMode: true } });

  it('registers every endpoint of the table with its method', () => {
    for (const [name, endpoint] of Object.entries(endpoints as Record<string, EndpointFacts>)) {
      expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), name).toBe(true);
    }
  });

  it.each([
    ['a POST endpoint asked with GET', 'GET', endpoints.login.path, 405, ErrorCode.METHOD_NOT_ALLOWED],
    ['a GET endpoint asked with POST', 'POST', endpoints.memberInfo.path, 405, ErrorCode.METHOD_NOT_ALLOWED],
    ['a path outside the table', 'GET', '/wps/relay/NOT_IN_THE_TABLE', 404, ErrorCode.NOT_FOUND],
  ] as const)('answers %s with the envelope', async (_label, method, url, status, code) => {
    const response = await t.app.inject({ method, url, headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(status);
    expect((response.json() as WpsFailure).errorCode).toBe(code);
  });

  it.each([
    ['a query that fails the schema', 'GET', `${endpoints.gameList.path}?page=0`, undefined],
    ['a body that fails the schema', 'POST', endpoints.captchaVerify.path, { challenge: 'short', x: 1 }],
    ['a body that is not an object', 'POST', endpoints.logout.path, [1]],
  ] as const)('refuses %s with 400 invalid_request, naming no value', async (_label, method, url, body) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { host: 'localhost', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(response.statusCode).toBe(400);
    const failure = response.json() as WpsFailure;
    expect(failure.errorCode).toBe(ErrorCode.INVALID_REQUEST);
    expect(failure.message).not.toContain('short');
  });

  it.each([
    ['without the header', {}],
    ['with the other module', { moduleid: 'MOBILENUMREG3' }],
  ])('refuses a registration %s (the endpoint names ModuleId REG3)', async (_label, headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: endpoints.register.path,
      headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as WpsFailure).message).toContain('ModuleId must be REG3');
  });
});
