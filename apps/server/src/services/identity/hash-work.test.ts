import type { EndpointParsed } from '@wps/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdentityServices } from '../../test/identity-services.js';
import { TestClock } from '../../test/clock.js';
import { backends } from '../../test/test-app.js';
import { PasswordHasher } from './password-hasher.js';

/**
 * A login's time must not tell whether the account exists. The one costly step of a login is the
 * argon2 verification, so both paths must do exactly one of it at the configured cost: a real
 * account against its hash, an unknown one against the dummy hash. (Counted, not timed: a timed test
 * is at the mercy of the machine's load; `npm run bench:server` is where times are measured.)
 */

/** Limits no run here reaches: the work, not the throttle, is under test. */
const OPEN = { perAccount: 10_000, perAccountIp: 10_000, perIp: 10_000, windowMinutes: 15 };

function byUsername(username: string, password: string): EndpointParsed<'login'> {
  return { type: 'username', username, password, loginDeviceId: 'd'.repeat(36), isOfficialAppLogin: false };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(backends)('the hash work of a login (%s)', (backend) => {
  const t = useIdentityServices(backend, { now: new TestClock().now, config: { loginThrottle: OPEN } });

  it.each([
    ['an unknown account', 'ghost-account', 'Wrong-pass-1'],
    ['a real account, wrong password', 'demo', 'Wrong-pass-1'],
    ['an unknown account, empty-looking password', 'nobody_here', ' '],
    ['a real account, right password', 'demo', 'Demo1234'],
  ])('%s: exactly one argon2 verification', async (_label, username, password) => {
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    const verifyNobody = vi.spyOn(PasswordHasher.prototype, 'verifyNobody');
    const lotus = await t.merchant('lotus');
    await t.identity.login
      .logIn(lotus, byUsername(username, password), { ip: '10.9.0.7' })
      .catch(() => undefined);
    // verifyNobody does its one verification through verify, against the dummy hash.
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verifyNobody).toHaveBeenCalledTimes(username === 'demo' ? 0 : 1);
  });
});
