import { endpoints } from '@wps/contract/endpoints';
import { ErrorCode } from '@wps/contract/errorCodes';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from '../test/test-app.js';

const STATUS = `${endpoints.status.path}?device=MOBILE&track=home&originalDomain=localhost&url=%2Fm%2Fhome`;
const THRESHOLD = 1024;

/**
 * Answers over the threshold are compressed in the encoding asked for; the status call, whose route
 * carries no compression hooks (its answers are a few short fields), answers the same bytes as
 * before: plain, with the same headers, cached merchant or not.
 */
describe.each(backends)('compression of answers (%s)', (backend) => {
  const t = useTestApp(backend, { cacheTtlMs: 60_000 });

  it.each([
    ['br', (bytes: Buffer) => brotliDecompressSync(bytes)],
    ['gzip', (bytes: Buffer) => gunzipSync(bytes)],
  ] as const)('compresses the settings (over the threshold) in %s', async (encoding, decode) => {
    const plain = await t.app.inject({ url: endpoints.settings.path, headers: { host: 'localhost' } });
    expect(plain.rawPayload.length).toBeGreaterThan(THRESHOLD);
    const response = await t.app.inject({
      url: endpoints.settings.path,
      headers: { host: 'localhost', 'accept-encoding': encoding },
    });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it.each([
    { host: 'localhost', status: 200 },
    { host: 'lotus.localhost', status: 200 },
    { host: 'nobody.localhost', status: 404 },
    { host: 'localhost', status: 400, query: '?device=TV' },
    { host: 'localhost', status: 400, query: `?url=${'x'.repeat(3000)}&track=${'y'.repeat(300)}` },
  ])('status for $host answers $status uncompressed, the same uncached and cached', async (call) => {
    const request = {
      url: call.query === undefined ? STATUS : `${endpoints.status.path}${call.query}`,
      headers: { host: call.host, 'accept-encoding': 'br, gzip' },
    };
    const first = await t.app.inject(request);
    const second = await t.app.inject(request);
    for (const response of [first, second]) {
      expect(response.statusCode).toBe(call.status);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.length).toBeLessThan(THRESHOLD);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    }
    expect(second.json()).toEqual(first.json());
    if (call.status === 404) {
      expect(first.json()).toMatchObject({
        success: false,
        errorCode: ErrorCode.DOMAIN_NOT_AVAILABLE,
        data: { domain: 'nobody.localhost' },
      });
    }
  });
});
