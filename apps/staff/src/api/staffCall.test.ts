import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refusal } from '@/test/fakeServer';
import { errorText } from './errorText';
import { fillPath, queryOf, StaffCallError, staffCall } from './staffCall';

afterEach(() => vi.unstubAllGlobals());

describe('staffCall', () => {
  it.each([
    ['a GET without input', () => staffCall('staffMe', {}), 'GET', '/wps/staff/me', undefined],
    [
      'a GET with its query (absent values left out)',
      () => staffCall('staffTrustAudit', { customerId: '42', before: undefined }),
      'GET',
      '/wps/staff/rg/audit?customerId=42',
      undefined,
    ],
    [
      'a path parameter, encoded, and not in the body',
      () => staffCall('staffClose', { id: 'a/b c' }),
      'POST',
      '/wps/staff/conversations/a%2Fb%20c/close',
      {},
    ],
    [
      'a POST body',
      () => staffCall('staffWithdrawalReject', { id: 'wd_12345678', reason: 'Wrong account' }),
      'POST',
      '/wps/staff/withdrawals/reject',
      { id: 'wd_12345678', reason: 'Wrong account' },
    ],
  ])('sends %s as the table says', async (_case, call, method, url, body) => {
    const calls = fakeServer(() => ok('answer'));
    await expect(call()).resolves.toBe('answer');
    expect(calls).toEqual([{ method, url, body }]);
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
  });

  it.each([
    [
      'the envelope’s refusal',
      refusal(401, 'staff_login_failed', 'Wrong'),
      'staff_login_failed',
      401,
      undefined,
    ],
    [
      'a lock with Retry-After',
      refusal(429, 'staff_login_locked', 'Locked', { 'retry-after': '600' }),
      'staff_login_locked',
      429,
      600,
    ],
    [
      'a lock telling its wait in data only',
      {
        status: 429,
        body: { success: false, errorCode: 'staff_login_locked', message: 'x', data: { retryAfterS: 90 } },
      },
      'staff_login_locked',
      429,
      90,
    ],
    ['an answer that is not an envelope', { status: 502, body: '<html>' }, 'bad_answer', 502, undefined],
    ['a success without a value', { body: { success: true } }, 'bad_answer', 200, undefined],
  ])('turns %s into a StaffCallError', async (_case, answer, errorCode, status, retryAfterS) => {
    fakeServer(() => answer);
    const error = await staffCall('staffLogin', { username: 'a', password: 'b', code: '123456' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StaffCallError);
    expect(error).toMatchObject({ errorCode, status, retryAfterS });
  });

  it('turns a failed fetch into a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(staffCall('staffMe', {})).rejects.toMatchObject({ errorCode: 'network', status: 0 });
  });

  it.each([
    ['fills and encodes', '/wps/x/:id/y', { id: '7 8', other: 1 }, '/wps/x/7%208/y', { other: 1 }],
    ['two parameters', '/wps/:a/:b', { a: 'x', b: 'y' }, '/wps/x/y', {}],
    ['no parameter', '/wps/x', { q: 1 }, '/wps/x', { q: 1 }],
  ])('fillPath %s', (_case, path, input, filled, rest) => {
    expect(fillPath(path, input)).toEqual({ path: filled, rest });
  });

  it.each([[undefined], [''], [null]])('refuses a path parameter that is %j', (value) => {
    expect(() => fillPath('/wps/x/:id', { id: value })).toThrow(StaffCallError);
  });

  it.each([
    [{}, ''],
    [{ a: 1, b: 'x y' }, '?a=1&b=x+y'],
    [{ a: undefined, b: '', c: null, d: 0 }, '?d=0'],
    [{ q: '&admin=1' }, '?q=%26admin%3D1'],
  ])('queryOf(%j) is %j', (input, query) => {
    expect(queryOf(input)).toBe(query);
  });
});

describe('errorText', () => {
  it.each([
    [new StaffCallError('staff_login_failed', 'x', 401), 'Wrong user name, password or code.'],
    [
      new StaffCallError('staff_login_locked', 'x', 429, 600),
      'Too many failed sign-ins. Try again in 10 min.',
    ],
    [new StaffCallError('staff_login_locked', 'x', 429, 61), 'Too many failed sign-ins. Try again in 2 min.'],
    [new StaffCallError('staff_login_locked', 'x', 429), 'Too many failed sign-ins. Try again in 1 min.'],
    [new StaffCallError('staff_forbidden', 'x', 403), 'Your role does not allow this.'],
    [new StaffCallError('network', 'x', 0), 'No answer from the server. Check the connection and try again.'],
    [new StaffCallError('rg_limit_raise', 'Staff may not raise.', 409), 'Staff may not raise.'],
    [
      new StaffCallError('bad_answer', 'Unexpected answer (502)', 502),
      'Something went wrong: Unexpected answer (502)',
    ],
    [new Error('boom'), 'Something went wrong: Error: boom'],
  ])('%s reads “%s”', (error, text) => {
    expect(errorText(error)).toBe(text);
  });
});
