import { endpoints } from '@wps/contract/endpoints';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF_PASSWORD } from '../../seed/staff.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { AURORA, failure, loginPayload, LOTUS, sealedPost } from '../../test/accounts.js';
import { staffCode } from '../../test/chat.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

const LIMITS = { perAccountIp: 3, perIp: 6, perAccount: 4, windowMinutes: 15 };
const WINDOW_MS = LIMITS.windowMinutes * MINUTE;

const clock = new TestClock();

/** A fresh throttle window (and a fresh authenticator step) for each case. */
function nextWindow(): void {
  const now = clock.now();
  clock.set(now - (now % WINDOW_MS) + WINDOW_MS);
}

type Attempt = {
  username: string;
  /** 'right' (the demo password and the current code), a wrong password, or the right password with a wrong code. */
  kind: 'right' | 'badPassword' | 'badCode';
  ip: string;
  host?: string;
};

describe.each(backends)('staff sign-in throttle (%s)', (backend) => {
  const t = useTestApp(backend, { now: clock.now, config: { loginThrottle: LIMITS } });

  async function signIn({ username, kind, ip, host = AURORA }: Attempt): Promise<LightMyRequestResponse> {
    // A right code is never accepted twice: each right attempt is at a later authenticator step.
    if (kind === 'right') clock.advance(30_000);
    const right = staffCode(clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    return t.app.inject({
      method: 'POST',
      url: '/wps/staff/login',
      remoteAddress: ip,
      headers: { host, 'content-type': 'application/json', origin: `http://${host}` },
      payload: {
        username,
        password: kind === 'badPassword' ? 'not-the-password-1' : DEMO_STAFF_PASSWORD,
        code: kind === 'badCode' ? wrong : right,
      },
    });
  }

  async function outcome(attempt: Attempt): Promise<string> {
    const response = await signIn(attempt);
    if (response.statusCode === 200) return 'ok';
    const { code, status } = failure(response);
    if (code === 'staff_login_locked') {
      const retryAfter = Number(response.headers['retry-after']);
      expect(status).toBe(429);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowMinutes * 60);
      expect(response.json()).toMatchObject({ data: { retryAfterS: retryAfter } });
    }
    return code;
  }

  const many = (count: number, attempt: Attempt): Attempt[] => Array.from({ length: count }, () => attempt);
  const agent = 'aurora-agent';
  const A = '203.0.113.1';
  const B = '203.0.113.2';

  it.each<[string, Attempt[], string[]]>([
    [
      'wrong passwords from one address lock that account there; another address still signs in',
      [
        ...many(3, { username: agent, kind: 'badPassword', ip: A }),
        { username: agent, kind: 'right', ip: A },
        { username: agent, kind: 'right', ip: B },
      ],
      ['staff_login_failed', 'staff_login_failed', 'staff_login_failed', 'staff_login_locked', 'ok'],
    ],
    [
      'second-factor guessing (right password, wrong codes) from many addresses locks the account everywhere',
      [
        ...['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'].map((ip): Attempt => ({
          username: agent,
          kind: 'badCode',
          ip,
        })),
        { username: agent, kind: 'badCode', ip: '198.51.100.5' },
        { username: agent, kind: 'right', ip: '198.51.100.6' },
        // Another account of the merchant, and the same user name at another merchant, are not locked.
        { username: 'aurora-lead', kind: 'right', ip: '198.51.100.6' },
        { username: 'lotus-agent', kind: 'right', ip: '198.51.100.6', host: LOTUS },
      ],
      [
        ...many(4, { username: '', kind: 'right', ip: '' }).map(() => 'staff_login_failed'),
        'staff_login_locked',
        'staff_login_locked',
        'ok',
        'ok',
      ],
    ],
    [
      'one address guessing at many accounts (unknown ones too) is locked for all of them',
      [
        { username: 'nobody-1', kind: 'badPassword', ip: A },
        { username: 'nobody-2', kind: 'badPassword', ip: A },
        { username: 'aurora-lead', kind: 'badCode', ip: A },
        { username: 'AURORA-LEAD', kind: 'badPassword', ip: A },
        { username: agent, kind: 'badPassword', ip: A },
        { username: 'nobody-3', kind: 'badPassword', ip: A },
        { username: agent, kind: 'right', ip: A },
        { username: agent, kind: 'right', ip: B },
      ],
      [
        ...many(6, { username: '', kind: 'right', ip: '' }).map(() => 'staff_login_failed'),
        'staff_login_locked',
        'ok',
      ],
    ],
    [
      'a success forgives the account’s failures: two, a success, two more, a success',
      [
        ...many(2, { username: agent, kind: 'badPassword', ip: A }),
        { username: agent, kind: 'right', ip: A },
        ...many(2, { username: agent, kind: 'badCode', ip: A }),
        { username: agent, kind: 'right', ip: A },
      ],
      ['staff_login_failed', 'staff_login_failed', 'ok', 'staff_login_failed', 'staff_login_failed', 'ok'],
    ],
    [
      'the lock ends with the window',
      [
        ...many(3, { username: agent, kind: 'badPassword', ip: A }),
        { username: agent, kind: 'right', ip: A },
      ],
      ['staff_login_failed', 'staff_login_failed', 'staff_login_failed', 'staff_login_locked'],
    ],
  ])('%s', async (_name, attempts, expected) => {
    nextWindow();
    const seen: string[] = [];
    for (const attempt of attempts) seen.push(await outcome(attempt));
    expect(seen).toEqual(expected);
    nextWindow();
    expect(await outcome({ username: agent, kind: 'right', ip: A })).toBe('ok');
  });

  it('parallel guesses never get more tries than the limit', async () => {
    nextWindow();
    const answers = await Promise.all(
      many(10, { username: agent, kind: 'badCode', ip: A }).map((attempt) => outcome(attempt)),
    );
    expect(answers.filter((code) => code === 'staff_login_failed')).toHaveLength(LIMITS.perAccountIp);
    expect(answers.filter((code) => code === 'staff_login_locked')).toHaveLength(10 - LIMITS.perAccountIp);
  });

  it('the staff counts and the members’ login counts are apart', async () => {
    nextWindow();
    for (let i = 0; i < LIMITS.perIp; i += 1) {
      expect(await outcome({ username: `nobody-${i}`, kind: 'badPassword', ip: A })).toBe(
        'staff_login_failed',
      );
    }
    expect(await outcome({ username: agent, kind: 'right', ip: A })).toBe('staff_login_locked');
    // The address is locked out of the console, not out of a member's login.
    const member = await sealedPost(t.app, endpoints.login.path, loginPayload('demo', DEMO_PASSWORD), {
      host: LOTUS,
      ip: A,
    });
    expect(member.statusCode).not.toBe(429);
  });

  it('bad input is a 400 that counts nothing', async () => {
    nextWindow();
    for (const payload of [
      {},
      { username: agent },
      { username: agent, password: 'x', code: '1'.repeat(9) },
      { username: 'x'.repeat(65), password: 'x', code: '1' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wps/staff/login',
        remoteAddress: A,
        headers: { host: AURORA, 'content-type': 'application/json', origin: `http://${AURORA}` },
        payload,
      });
      expect(failure(response)).toMatchObject({ status: 400, code: 'invalid_request' });
    }
    expect(await outcome({ username: agent, kind: 'right', ip: A })).toBe('ok');
  });
});
