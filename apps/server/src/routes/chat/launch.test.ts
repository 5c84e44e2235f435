import { endpoints } from '@wps/contract/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { failure, get, value } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

const clock = new TestClock();

describe.each(backends)('CBS_launchChat (%s)', (backend) => {
  const t = useTestApp(backend, { now: clock.now });

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each([
    [
      'b2c=1&title=VIP%20desk&backUrl=%2Fm%2Fmember%2Fhome&language=EN',
      '/m/supportChat?b2c=1&title=VIP+desk&backUrl=%2Fm%2Fmember%2Fhome&language=EN',
    ],
    ['backUrl=https%3A%2F%2Fevil.example%2F', '/m/supportChat'],
    ['backUrl=%2F%2Fevil.example%2Fm%2F', '/m/supportChat'],
    ['backUrl=%2Fm%2F..%2F..%2Fadmin', '/m/supportChat'],
    ['backUrl=%2Fm%2F%252e%252e%2Fadmin', '/m/supportChat'],
    ['backUrl=javascript%3Aalert(1)', '/m/supportChat'],
    ['', '/m/supportChat'],
  ])('CBS_launchChat ?%s answers %s (backUrl only as an in-app path)', async (query, url) => {
    const response = await get(t.app, `${endpoints.launchChat.path}${query === '' ? '' : `?${query}`}`);
    expect(value<{ url: string }>(response)).toEqual({ url });
  });

  it.each([['language=<script>'], ['title=' + 'x'.repeat(61)]])(
    'CBS_launchChat refuses ?%s',
    async (query) => {
      expect(failure(await get(t.app, `${endpoints.launchChat.path}?${query}`))).toMatchObject({
        status: 400,
        code: 'invalid_request',
      });
    },
  );
});
