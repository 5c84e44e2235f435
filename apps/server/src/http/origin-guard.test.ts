import { GuardErrorCode } from '@wps/contract/httpGuards';
import { endpoints } from '@wps/contract/endpoints';
import { describe, expect, it } from 'vitest';
import { backends, countCollectedEvents, useTestApp } from '../test/test-app.js';

const COLLECT = endpoints.collect.path;

describe.each(backends)('CSRF guard on state-changing /wps calls (%s)', (backend) => {
  const t = useTestApp(backend, { config: { trustProxy: true } });

  it.each([
    { name: 'same origin', host: 'localhost:8080', origin: 'http://localhost:8080', allowed: true },
    { name: 'no Origin header', host: 'localhost:8080', origin: undefined, allowed: true },
    {
      name: 'same origin, other spelling',
      host: 'localhost:8080',
      origin: 'HTTP://LocalHost:8080',
      allowed: true,
    },
    { name: 'default port spelled out', host: 'localhost', origin: 'http://localhost:80', allowed: true },
    { name: 'another site', host: 'localhost:8080', origin: 'https://evil.example', allowed: false },
    {
      name: 'another merchant',
      host: 'aurora.localhost:8080',
      origin: 'http://lotus.localhost:8080',
      allowed: false,
    },
    { name: 'opaque origin null', host: 'localhost:8080', origin: 'null', allowed: false },
    { name: 'different port', host: 'localhost:8080', origin: 'http://localhost:5173', allowed: false },
    { name: 'not a URL', host: 'localhost:8080', origin: 'localhost:8080', allowed: false },
    { name: 'not http(s)', host: 'localhost:8080', origin: 'file://localhost:8080', allowed: false },
    {
      name: 'https page, request seen as http (TLS ended at a proxy)',
      host: 'localhost',
      origin: 'https://localhost',
      allowed: true,
    },
    {
      name: 'http page posting to https',
      host: 'localhost',
      origin: 'http://localhost',
      proto: 'https',
      allowed: false,
    },
    { name: 'https to https', host: 'localhost', origin: 'https://localhost', proto: 'https', allowed: true },
  ])('$name → allowed: $allowed', async ({ host, origin, proto, allowed }) => {
    const before = await countCollectedEvents(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: COLLECT,
      headers: {
        host,
        ...(origin === undefined ? {} : { origin }),
        ...(proto === undefined ? {} : { 'x-forwarded-proto': proto }),
      },
      payload: { value: 'csrf' },
    });
    if (allowed) {
      expect(response.statusCode).toBe(200);
      expect(await countCollectedEvents(t.db)).toBe(before + 1);
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        errorCode: GuardErrorCode.CROSS_ORIGIN_FORBIDDEN,
        message: expect.any(String),
      });
      expect(response.headers).not.toHaveProperty('access-control-allow-origin');
      expect(await countCollectedEvents(t.db)).toBe(before);
    }
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('guards %s too', async (method) => {
    const response = await t.app.inject({
      method,
      url: COLLECT,
      headers: { host: 'localhost', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets a cross-origin GET through: reads change nothing, and no CORS header exposes the answer', async () => {
    const response = await t.app.inject({
      url: `${endpoints.status.path}?device=MOBILE`,
      headers: { host: 'localhost', origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});
