import { TrustErrorCode } from '@wps/contract/trust';
import { afterEach, describe, expect, it } from 'vitest';
import { systemStatusStore } from '@/state/systemStatus';
import { failure, fakeFetch, ok } from '@/test/fakeFetch';
import { createClient } from './request';

// A refusal because the member's country is not served closes the site (the region page), whatever
// call it answers and whether or not the caller handles its own errors.

afterEach(() => systemStatusStore.set({ status: 'checking' }));

function client(response: () => Response) {
  return createClient({
    fetch: fakeFetch(response).fetch,
    context: () => ({
      merchantCode: () => 'aurora',
      language: () => 'EN',
      token: () => null,
      userAgent: () => 'UA',
    }),
  });
}

const open = {
  maintenance: false,
  maintenanceEnd: null,
  regionRestriction: false,
  ip: '198.51.100.7',
  merchantCode: 'aurora',
};

describe('a country not served', () => {
  it.each([
    ['a sign-in that handles its own errors', { handleErrors: false }],
    ['a call the app’s error policy handles', {}],
  ])('closes the site after %s, keeping the status check’s facts', async (_case, options) => {
    systemStatusStore.set({ status: 'open', value: open });
    const wps = client(() => failure(451, TrustErrorCode.COUNTRY_NOT_SERVED, 'Not served.'));
    await expect(wps.post('/wps/session/login', {}, options)).rejects.toMatchObject({
      errorCode: TrustErrorCode.COUNTRY_NOT_SERVED,
    });
    expect(systemStatusStore.get()).toEqual({ status: 'restricted', value: open, reason: 'country' });
  });

  it('closes the site before the status check has answered', async () => {
    const wps = client(() => failure(451, TrustErrorCode.COUNTRY_NOT_SERVED));
    await expect(wps.get('/wps/member/info', { handleErrors: false })).rejects.toThrow();
    expect(systemStatusStore.get()).toMatchObject({ status: 'restricted', reason: 'country' });
  });

  it.each([
    ['another refusal', () => failure(403, TrustErrorCode.BREAK_ACTIVE)],
    ['a refusal of the same status', () => failure(451, 'something_else')],
    ['an answer', () => ok({})],
  ])('leaves the site open after %s', async (_case, response) => {
    systemStatusStore.set({ status: 'open', value: open });
    await client(response)
      .get('/wps/member/info', { handleErrors: false })
      .catch(() => undefined);
    expect(systemStatusStore.get()).toEqual({ status: 'open', value: open });
  });
});
