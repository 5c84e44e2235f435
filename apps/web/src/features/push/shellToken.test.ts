import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ list: [] as unknown[], fail: null as Error | null }));
vi.mock('@/api/call', () => ({
  call: vi.fn((name: string, input: unknown) => {
    calls.list.push([name, input]);
    return calls.fail ? Promise.reject(calls.fail) : Promise.resolve(null);
  }),
}));

import { bindShellToken, shellBindDue, waitForShellToken } from './shellToken';

const DAY = 86_400_000;
const T = 1_800_000_000_000;
const TOKEN = 'fcm-shell-token-aaaaaaaaaaaa:APA91b';

describe('shellBindDue', () => {
  it.each([
    ['never bound', null, TOKEN, T, true],
    ['bound today, same token', { token: TOKEN, at: T }, TOKEN, T + 1000, false],
    ['another token', { token: 'old-token', at: T }, TOKEN, T + 1000, true],
    ['bound 7 days ago', { token: TOKEN, at: T - 7 * DAY }, TOKEN, T, true],
    ['bound 6 days ago', { token: TOKEN, at: T - 6 * DAY }, TOKEN, T, false],
    ['refused an hour ago', { token: TOKEN, at: T - 3_600_000, refused: true }, TOKEN, T, false],
    ['refused a day ago', { token: TOKEN, at: T - DAY, refused: true }, TOKEN, T, true],
    ['bound in the future (clock moved back)', { token: TOKEN, at: T + DAY }, TOKEN, T, true],
  ])('%s → %s', (_name, last, token, now, due) => {
    expect(shellBindDue(last, token, now)).toBe(due);
  });
});

describe('waitForShellToken (polled every 100 ms up to 10 s)', () => {
  it('answers the token as soon as the shell sent it', async () => {
    let polls = 0;
    const sleep = vi.fn(() => Promise.resolve());
    const token = await waitForShellToken(() => (++polls >= 4 ? TOKEN : null), sleep);
    expect(token).toBe(TOKEN);
    expect(sleep).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledWith(100);
  });

  it('gives up after 10 s without a token', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    expect(await waitForShellToken(() => null, sleep)).toBeNull();
    expect(sleep).toHaveBeenCalledTimes(100);
  });
});

describe('bindShellToken', () => {
  beforeEach(() => {
    localStorage.clear();
    calls.list = [];
    calls.fail = null;
  });
  afterEach(() => vi.clearAllMocks());

  it('binds the token with CSP_fcmBind, then keeps it; a new token is bound again', async () => {
    expect(await bindShellToken(TOKEN, T)).toBe('bound');
    expect(calls.list).toEqual([['fcmBind', { registrationToken: TOKEN }]]);
    expect(await bindShellToken(TOKEN, T + 1000)).toBe('kept');
    expect(await bindShellToken(`${TOKEN}2`, T + 2000)).toBe('bound');
    expect(calls.list).toHaveLength(2);
  });

  it('no token: nothing asked', async () => {
    expect(await bindShellToken(null, T)).toBe('none');
    expect(calls.list).toEqual([]);
  });

  it('a merchant without FCM refuses (400): not asked again for a day', async () => {
    calls.fail = Object.assign(new Error('invalid'), { status: 400 });
    expect(await bindShellToken(TOKEN, T)).toBe('refused');
    expect(await bindShellToken(TOKEN, T + DAY - 1)).toBe('kept');
    calls.fail = null;
    expect(await bindShellToken(TOKEN, T + DAY)).toBe('bound');
  });

  it('a network or server failure is tried again on the next page', async () => {
    calls.fail = Object.assign(new Error('down'), { status: 503 });
    expect(await bindShellToken(TOKEN, T)).toBe('failed');
    calls.fail = null;
    expect(await bindShellToken(TOKEN, T + 1)).toBe('bound');
  });
});
