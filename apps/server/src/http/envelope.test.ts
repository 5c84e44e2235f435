import { ErrorCode } from '@wps/contract/errorCodes';
import { WPS_BODY_LIMIT_BYTES } from '@wps/contract/system';
import { endpoints } from '@wps/contract/endpoints';
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collectedEvents } from '../db/schema/index.js';
import { backends, countCollectedEvents, useTestApp } from '../test/test-app.js';

const COLLECT = endpoints.collect.path;

describe.each(backends)('the /wps envelope and malformed input (%s)', (backend) => {
  const t = useTestApp(backend, {
    extend(app) {
      app.get('/wps/test/boom', async () => {
        throw new Error('database password is hunter2');
      });
    },
  });

  it('stores a JSON beacon and answers ok(null)', async () => {
    const before = await countCollectedEvents(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: COLLECT,
      payload: { merchant: 'aurora', value: { event: 'firstOpen', at: 1 } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, value: null });
    expect(await countCollectedEvents(t.db)).toBe(before + 1);
    const [row] = await t.db.select().from(collectedEvents).orderBy(desc(collectedEvents.id)).limit(1);
    expect(row).toMatchObject({
      reportedMerchant: 'aurora',
      value: { event: 'firstOpen', at: 1 },
      ip: '127.0.0.1',
    });
  });

  it('accepts the text/plain body navigator.sendBeacon sends', async () => {
    const before = await countCollectedEvents(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: COLLECT,
      headers: { 'content-type': 'text/plain;charset=UTF-8', host: 'lotus.localhost' },
      payload: JSON.stringify({ merchant: 'lotus', value: 'performance:1200' }),
    });
    expect(response.json()).toEqual({ success: true, value: null });
    expect(await countCollectedEvents(t.db)).toBe(before + 1);
  });

  const json = { 'content-type': 'application/json' };
  it.each([
    { name: 'unknown GET path', method: 'GET', url: '/wps/nothing', status: 404, code: ErrorCode.NOT_FOUND },
    {
      name: 'unknown POST path',
      method: 'POST',
      url: '/wps/nothing',
      headers: json,
      payload: '{}',
      status: 404,
      code: ErrorCode.NOT_FOUND,
    },
    {
      name: 'GET on a POST path',
      method: 'GET',
      url: COLLECT,
      status: 405,
      code: ErrorCode.METHOD_NOT_ALLOWED,
    },
    {
      name: 'DELETE on a GET path',
      method: 'DELETE',
      url: endpoints.status.path,
      status: 405,
      code: ErrorCode.METHOD_NOT_ALLOWED,
    },
    {
      name: 'bad JSON',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: '{"value": ',
      status: 400,
      code: ErrorCode.INVALID_JSON,
    },
    {
      name: 'bad JSON as text/plain',
      method: 'POST',
      url: COLLECT,
      headers: { 'content-type': 'text/plain' },
      payload: 'value=1',
      status: 400,
      code: ErrorCode.INVALID_JSON,
    },
    {
      name: 'empty JSON body',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: '',
      status: 400,
      code: ErrorCode.INVALID_JSON,
    },
    { name: 'no body', method: 'POST', url: COLLECT, status: 400, code: ErrorCode.INVALID_REQUEST },
    {
      name: 'value a number',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: '{"merchant":"aurora","value":5}',
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    },
    {
      name: 'value an array',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: '{"value":[1,2]}',
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    },
    {
      name: 'value missing',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: '{"merchant":"aurora"}',
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    },
    {
      name: 'merchant a number',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: '{"merchant":1,"value":"x"}',
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    },
    {
      name: 'body an array',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: '[]',
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    },
    {
      name: 'value over 8 KB',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: JSON.stringify({ value: 'x'.repeat(8 * 1024 + 1) }),
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    },
    {
      name: 'object value over 8 KB',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: JSON.stringify({ value: { a: 'é'.repeat(4100) } }),
      status: 400,
      code: ErrorCode.INVALID_REQUEST,
    },
    {
      name: 'body over 64 KB',
      method: 'POST',
      url: COLLECT,
      headers: json,
      payload: JSON.stringify({ value: 'x'.repeat(WPS_BODY_LIMIT_BYTES) }),
      status: 413,
      code: ErrorCode.PAYLOAD_TOO_LARGE,
    },
    {
      name: 'form body',
      method: 'POST',
      url: COLLECT,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'value=1',
      status: 415,
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    },
    {
      name: 'XML body',
      method: 'POST',
      url: COLLECT,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
      status: 415,
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    },
    {
      name: 'unknown host',
      method: 'POST',
      url: COLLECT,
      headers: { ...json, host: 'nowhere.example' },
      payload: '{"value":"x"}',
      status: 404,
      code: ErrorCode.DOMAIN_NOT_AVAILABLE,
    },
  ] as const)('$name: $status $code, nothing written', async ({ method, url, status, code, ...rest }) => {
    const before = await countCollectedEvents(t.db);
    const response = await t.app.inject({
      method,
      url,
      ...('headers' in rest ? { headers: rest.headers } : {}),
      ...('payload' in rest ? { payload: rest.payload } : {}),
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ success: false, errorCode: code, message: expect.any(String) });
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
    expect(await countCollectedEvents(t.db)).toBe(before);
  });

  it('answers 500 internal_error with a generic message and no stack', async () => {
    const response = await t.app.inject({ url: '/wps/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      errorCode: ErrorCode.INTERNAL_ERROR,
      message: expect.any(String),
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it.each(['/wps/nothing', endpoints.status.path, '/m/home', '/elsewhere'])(
    'sets the security headers on %s',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'content-security-policy': expect.stringContaining("frame-ancestors 'self'"),
      });
      expect(response.headers).not.toHaveProperty('access-control-allow-origin');
    },
  );

  it('sends no CORS headers even when asked', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: endpoints.status.path,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers).not.toHaveProperty('access-control-allow-origin');
  });
});
