import type { EndpointParsed } from '@wps/contract';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { useAccountServices } from '../../test/account-services.js';
import { TestClock } from '../../test/clock.js';
import { loadConfig } from '../../config.js';
import { backends, testConfig } from '../../test/test-app.js';
import { PasswordHasher } from './password-hasher.js';

/**
 * Timing does not tell whether an account exists: the median time of a login of an unknown account
 * and of a wrong password for a real one, and of a reset asked for a member and for nobody, are of
 * one class (ratio within 0.5–2; the tests' cheap hash cost applies to the real and the dummy hash).
 */

const TRIES = 21;
/**
 * The production cost (the configuration's default), not the tests' cheap one: the hash is then as
 * large a part of a login's time as in production, so leaving it out would show. The real and the
 * dummy hash both have it.
 */
const HASHING = loadConfig({}).passwordHashing;
/** Limits no run here reaches: the timing, not the throttle, is under test. */
const OPEN = { perAccount: 10_000, perAccountIp: 10_000, perIp: 10_000, windowMinutes: 15 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task().catch(() => undefined);
  return performance.now() - start;
}

/** Runs both tasks TRIES times, interleaved (so drift hits both alike), after a warm-up. */
async function medians(
  first: (index: number) => Promise<unknown>,
  second: (index: number) => Promise<unknown>,
): Promise<{ first: number; second: number; ratio: number }> {
  for (let index = 0; index < 3; index += 1) {
    await first(TRIES + index).catch(() => undefined);
    await second(TRIES + index).catch(() => undefined);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let index = 0; index < TRIES; index += 1) {
    a.push(await timed(() => first(index)));
    b.push(await timed(() => second(index)));
  }
  return { first: median(a), second: median(b), ratio: median(a) / median(b) };
}

function byUsername(username: string, password: string): EndpointParsed<'login'> {
  return { type: 'username', username, password, loginDeviceId: 'd'.repeat(36), isOfficialAppLogin: false };
}

describe.each(backends)('timing of unknown and known accounts (%s)', (backend) => {
  const clock = new TestClock();
  const t = useAccountServices(backend, {
    now: clock.now,
    config: { loginThrottle: OPEN, passwordHashing: HASHING },
  });

  it('login: an unknown account takes as long as a wrong password', async () => {
    const lotus = await t.merchant('lotus');
    const result = await medians(
      (index) =>
        t.accounts.login.logIn(lotus, byUsername(`ghost${index}x`, 'Wrong-pass-1'), { ip: '10.9.0.1' }),
      () => t.accounts.login.logIn(lotus, byUsername('demo', 'Wrong-pass-1'), { ip: '10.9.0.2' }),
    );
    expect(
      result.ratio,
      `unknown ${result.first.toFixed(2)} ms, known ${result.second.toFixed(2)} ms`,
    ).toBeGreaterThan(0.5);
    expect(
      result.ratio,
      `unknown ${result.first.toFixed(2)} ms, known ${result.second.toFixed(2)} ms`,
    ).toBeLessThan(2);
  });

  it('email reset: asked for nobody takes as long as for a member', async () => {
    const lotus = await t.merchant('lotus');
    const passwordHash = await new PasswordHasher(testConfig().passwordHashing).hash(DEMO_PASSWORD);
    const members = Array.from({ length: TRIES + 3 }, (_, index) => ({
      merchantId: lotus.id,
      username: `timed${index}`,
      email: `timed${index}@lotus.example`,
      passwordHash,
    }));
    await t.db.insert(customers).values(members);
    const result = await medians(
      (index) =>
        t.accounts.passwords.resetByEmail(lotus, {
          username: `nobody${index}`,
          email: `nobody${index}@lotus.example`,
        }),
      (index) =>
        t.accounts.passwords.resetByEmail(lotus, {
          username: `timed${index}`,
          email: `timed${index}@lotus.example`,
        }),
    );
    expect(
      result.ratio,
      `nobody ${result.first.toFixed(2)} ms, member ${result.second.toFixed(2)} ms`,
    ).toBeGreaterThan(0.5);
    expect(
      result.ratio,
      `nobody ${result.first.toFixed(2)} ms, member ${result.second.toFixed(2)} ms`,
    ).toBeLessThan(2);
  });
});
