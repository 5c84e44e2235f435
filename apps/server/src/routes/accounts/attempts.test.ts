import { ErrorCode } from '@wps/contract/errorCodes';
import type { LoginVerifyRequired } from '@wps/contract/accounts';
import { endpoints } from '@wps/contract/endpoints';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { customers, outboxMessages, pendingLogins, verificationCodes } from '../../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../seed/members.js';
import { base32Decode, PasswordHasher, totp } from '../../services/identity/index.js';
import { captchaPass, failure, lastCode, loginPayload, LOTUS, sealedPost } from '../../test/accounts.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { useSharedApps } from '../../test/shared-apps.js';
import { backends, merchantRow, testConfig, useTestApp } from '../../test/test-app.js';

/**
 * Every attempt counter of the accounts under attack: one rule at a time at limit-1, limit and
 * limit+1, bursts of parallel requests (one instance, and two instances on one PostgreSQL), many
 * addresses against one account and one address against many accounts. "Evaluated" is what got past
 * the counters to the password, code or authenticator check.
 */

const WRONG = 'Wrong-pass-1';

/** What a login answered: `ok` for a session, else the error code. */
function outcome(response: LightMyRequestResponse): string {
  return response.statusCode === 200 ? 'ok' : failure(response).code;
}

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const each of outcomes) counts[each] = (counts[each] ?? 0) + 1;
  return counts;
}

function login(
  app: FastifyInstance,
  username: string,
  password: string,
  ip: string,
  extra: object = {},
): Promise<LightMyRequestResponse> {
  return sealedPost(app, endpoints.login.path, loginPayload(username, password, extra), { host: LOTUS, ip });
}

let memberSerial = 0;

/** A new lotus member (lotus has every captcha flag off) with DEMO_PASSWORD: each case its own account. */
async function newMember(db: Db, prefix = 'm'): Promise<string> {
  memberSerial += 1;
  const username = `${prefix}${memberSerial}x${Date.now() % 100_000}`;
  const lotus = await merchantRow(db, 'lotus');
  const passwordHash = await new PasswordHasher(testConfig().passwordHashing).hash(DEMO_PASSWORD);
  await db.insert(customers).values({ merchantId: lotus.id, username, passwordHash });
  return username;
}

/** The per-(account, address) rule alone, at 3; the per-account captcha at 5, the per-address at 8. */
const LIMITS = { perAccountIp: 3, perAccount: 5, perIp: 8, windowMinutes: 15 };

describe.each(backends)('login limits, one rule at a time (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now, config: { loginThrottle: LIMITS } });
  let subnet = 0;
  /** A fresh block of addresses per case, so no case counts against another. */
  const addresses = () => {
    subnet += 1;
    return (host: number) => `10.${subnet}.0.${host}`;
  };

  // failures first (one address), then one attempt: [case, failures, password, from, expected]
  it.each([
    ['limit-1 failures, the right password from the same address', 2, 'right', 'same', 'ok'],
    [
      'limit-1 failures, a wrong one from the same address is still checked',
      2,
      'wrong',
      'same',
      'login.cred.err',
    ],
    ['limit failures, the right password from the same address', 3, 'right', 'same', 'TOO_MANY_REQUEST'],
    ['limit failures, a wrong one from the same address (limit+1)', 3, 'wrong', 'same', 'TOO_MANY_REQUEST'],
    ['limit failures, the right password from another address', 3, 'right', 'other', 'ok'],
  ] as const)('per account and address: %s', async (_case, failures, password, from, expected) => {
    const username = await newMember(t.db);
    const ip = addresses();
    for (let attempt = 0; attempt < failures; attempt += 1) {
      expect(outcome(await login(t.app, username, WRONG, ip(1)))).toBe(ErrorCode.LOGIN_CRED_ERR);
    }
    const next = await login(
      t.app,
      username,
      password === 'right' ? DEMO_PASSWORD : WRONG,
      ip(from === 'same' ? 1 : 2),
    );
    expect(outcome(next)).toBe(expected);
    if (expected === ErrorCode.TOO_MANY_REQUEST) expect(next.statusCode).toBe(429);
  });

  // failures on as many accounts from one address, then one attempt on another account
  it.each([
    ['limit-1 failures, a member logs in from that address', 7, 'same', 'ok'],
    ['limit failures, a member is refused at that address', 8, 'same', 'TOO_MANY_REQUEST'],
    ['limit failures, the member logs in from another address', 8, 'other', 'ok'],
  ] as const)('per address: %s', async (_case, failures, from, expected) => {
    const ip = addresses();
    for (let attempt = 0; attempt < failures; attempt += 1) {
      // Unknown accounts and wrong passwords count alike, and answer alike.
      const username = attempt % 2 === 0 ? `ghost${subnet}x${attempt}` : await newMember(t.db);
      expect(outcome(await login(t.app, username, WRONG, ip(1)))).toBe(ErrorCode.LOGIN_CRED_ERR);
    }
    const member = await newMember(t.db);
    expect(outcome(await login(t.app, member, DEMO_PASSWORD, ip(from === 'same' ? 1 : 2)))).toBe(expected);
  });

  // failures from as many addresses (one each) on one account, then one attempt from a new address
  it.each([
    ['limit-1 failures: the right password needs no captcha', 4, 'right', false, 'ok'],
    ['limit failures: no captcha pass, not even checked', 5, 'right', false, 'captcha_required'],
    ['limit failures: a wrong password without a pass is not checked', 5, 'wrong', false, 'captcha_required'],
    ['limit failures: the member with a captcha pass logs in', 5, 'right', true, 'ok'],
    ['limit+1 failures: a wrong password with a pass is checked', 6, 'wrong', true, 'login.cred.err'],
  ] as const)('per account, from anywhere: %s', async (_case, failures, password, withPass, expected) => {
    const username = await newMember(t.db);
    const ip = addresses();
    for (let attempt = 0; attempt < failures; attempt += 1) {
      const pass = attempt >= LIMITS.perAccount ? await captchaPass(t.app, t.db, LOTUS) : {};
      expect(outcome(await login(t.app, username, WRONG, ip(attempt + 1), pass))).toBe(
        ErrorCode.LOGIN_CRED_ERR,
      );
    }
    const pass = withPass ? await captchaPass(t.app, t.db, LOTUS) : {};
    const next = await login(t.app, username, password === 'right' ? DEMO_PASSWORD : WRONG, ip(100), pass);
    expect(outcome(next)).toBe(expected);
  });

  it('per account: the captcha is asked only in the window of the failures, and never for other accounts', async () => {
    const username = await newMember(t.db);
    const bystander = await newMember(t.db);
    const ip = addresses();
    for (let attempt = 0; attempt < LIMITS.perAccount; attempt += 1) {
      await login(t.app, username, WRONG, ip(attempt + 1));
    }
    expect(outcome(await login(t.app, username, DEMO_PASSWORD, ip(50)))).toBe(ErrorCode.CAPTCHA_REQUIRED);
    expect(outcome(await login(t.app, bystander, DEMO_PASSWORD, ip(50)))).toBe('ok');
    clock.advance(LIMITS.windowMinutes * MINUTE);
    expect(outcome(await login(t.app, username, DEMO_PASSWORD, ip(50)))).toBe('ok');
  });

  it('a refused captcha counts no failure, for the address or the account', async () => {
    const username = await newMember(t.db);
    const ip = addresses();
    for (let attempt = 0; attempt < LIMITS.perAccount; attempt += 1) {
      await login(t.app, username, WRONG, ip(attempt + 1));
    }
    // Ten captcha refusals from one address: the address keeps all its tries.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(outcome(await login(t.app, username, WRONG, ip(60)))).toBe(ErrorCode.CAPTCHA_REQUIRED);
    }
    const other = await newMember(t.db);
    for (let attempt = 0; attempt < LIMITS.perAccountIp; attempt += 1) {
      expect(outcome(await login(t.app, other, WRONG, ip(60)))).toBe(ErrorCode.LOGIN_CRED_ERR);
    }
  });
});

const DEFAULTS = testConfig().loginThrottle;

/** Fires `count` requests at once, spread over `apps` in turn. */
function burst(
  apps: FastifyInstance[],
  count: number,
  request: (app: FastifyInstance, index: number) => Promise<LightMyRequestResponse>,
): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) => {
      const app = apps[index % apps.length];
      if (app === undefined) throw new Error('no app');
      return request(app, index).then(outcome);
    }),
  );
}

async function pendingAttempts(db: Db): Promise<number[]> {
  const rows = await db.select({ attempts: pendingLogins.attempts }).from(pendingLogins);
  return rows.map((row) => row.attempts);
}

async function codeAttempts(db: Db, destination: string): Promise<number> {
  const [row] = await db
    .select({ attempts: verificationCodes.attempts })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.destination, destination), eq(verificationCodes.purpose, 'reset')));
  return row?.attempts ?? -1;
}

async function sentTo(db: Db, destination: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(outboxMessages)
    .where(eq(outboxMessages.destination, destination));
  return row?.value ?? 0;
}

/** The bursts of issue 11, on one instance and on two instances of one PostgreSQL. */
function burstSuite(instances: () => { apps: FastifyInstance[]; db: Db }): void {
  it(`${DEFAULTS.perAccountIp * 6} parallel wrong passwords from one address: ${DEFAULTS.perAccountIp} checked, and the right one is refused after`, async () => {
    const { apps, db } = instances();
    const username = await newMember(db, 'burst');
    const answers = await burst(apps, 30, (app) => login(app, username, WRONG, '192.0.2.10'));
    expect(tally(answers)).toEqual({
      [ErrorCode.LOGIN_CRED_ERR]: DEFAULTS.perAccountIp,
      [ErrorCode.TOO_MANY_REQUEST]: 30 - DEFAULTS.perAccountIp,
    });
    const [app] = apps;
    if (app === undefined) throw new Error('no app');
    expect(outcome(await login(app, username, DEMO_PASSWORD, '192.0.2.10'))).toBe(ErrorCode.TOO_MANY_REQUEST);
  });

  it(`40 parallel logins of unknown accounts from one address: ${DEFAULTS.perIp} looked up`, async () => {
    const { apps } = instances();
    const answers = await burst(apps, 40, (app, index) => login(app, `nobody${index}x`, WRONG, '192.0.2.11'));
    expect(tally(answers)).toEqual({
      [ErrorCode.LOGIN_CRED_ERR]: DEFAULTS.perIp,
      [ErrorCode.TOO_MANY_REQUEST]: 40 - DEFAULTS.perIp,
    });
  });

  it(`30 parallel wrong passwords from 30 addresses: ${DEFAULTS.perAccount} checked, the rest need a captcha, the member still logs in`, async () => {
    const { apps, db } = instances();
    const username = await newMember(db, 'spread');
    const answers = await burst(apps, 30, (app, index) =>
      login(app, username, WRONG, `198.18.1.${index + 1}`),
    );
    expect(tally(answers)).toEqual({
      [ErrorCode.LOGIN_CRED_ERR]: DEFAULTS.perAccount,
      [ErrorCode.CAPTCHA_REQUIRED]: 30 - DEFAULTS.perAccount,
    });
    const [app] = apps;
    if (app === undefined) throw new Error('no app');
    expect(outcome(await login(app, username, DEMO_PASSWORD, '198.18.2.1'))).toBe(ErrorCode.CAPTCHA_REQUIRED);
    const pass = await captchaPass(app, db, LOTUS);
    expect(outcome(await login(app, username, DEMO_PASSWORD, '198.18.2.1', pass))).toBe('ok');
  });

  it('20 parallel wrong authenticator codes on one verification: 5 checked, then the right code is refused', async () => {
    const { apps, db } = instances();
    const [app] = apps;
    if (app === undefined) throw new Error('no app');
    await db.delete(pendingLogins);
    const required = failure(await login(app, 'secure', DEMO_PASSWORD, '192.0.2.12'));
    expect(required.code).toBe(ErrorCode.LOGIN_VERIFY_REQUIRED);
    const { verifyToken } = required.data as LoginVerifyRequired;
    const right = totp(base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0), TestClock.START);
    const wrong = right === '123456' ? '654321' : '123456';
    const answers = await burst(apps, 20, (each) =>
      sealedPost(
        each,
        endpoints.loginVerification.path,
        { verifyToken, method: 'ga', code: wrong },
        { host: LOTUS, ip: '192.0.2.12' },
      ),
    );
    expect(answers.every((answer) => answer === ErrorCode.VERIFY_CODE_INVALID)).toBe(true);
    expect(await pendingAttempts(db)).toEqual([5]);
    const late = await sealedPost(
      app,
      endpoints.loginVerification.path,
      { verifyToken, method: 'ga', code: right },
      { host: LOTUS, ip: '192.0.2.12' },
    );
    expect(outcome(late)).toBe(ErrorCode.VERIFY_CODE_INVALID);
  });

  it('20 parallel wrong SMS reset codes on one code: 5 checked, then the right code is refused', async () => {
    const { apps, db } = instances();
    const [app] = apps;
    if (app === undefined) throw new Error('no app');
    const mobile = { countryDialingCode: '84', mobileNum: '912000001' };
    await db.delete(verificationCodes);
    const reset = (each: FastifyInstance, body: object) =>
      sealedPost(each, endpoints.passwordResetSms.path, { ...mobile, ...body }, { host: LOTUS });
    expect((await reset(app, {})).statusCode).toBe(200);
    const code = await lastCode(db, '84 912000001');
    const wrong = code === '123456' ? '654321' : '123456';
    const answers = await burst(apps, 20, (each) => reset(each, { code: wrong, newPassword: 'Reset1234' }));
    expect(answers.every((answer) => answer === ErrorCode.VERIFY_CODE_INVALID)).toBe(true);
    expect(await codeAttempts(db, '84 912000001')).toBe(5);
    expect(outcome(await reset(app, { code, newPassword: 'Reset1234' }))).toBe(ErrorCode.VERIFY_CODE_INVALID);
  });

  it('10 parallel asks for a code to one number, a member or not: one answered, one sent', async () => {
    const { apps, db } = instances();
    for (const mobileNum of ['912000001', '912999999']) {
      await db.delete(verificationCodes);
      const before = await sentTo(db, `84 ${mobileNum}`);
      const answers = await burst(apps, 10, (each) =>
        sealedPost(
          each,
          endpoints.passwordResetSms.path,
          { countryDialingCode: '84', mobileNum },
          { host: LOTUS },
        ),
      );
      expect(tally(answers)).toEqual({ ok: 1, [ErrorCode.VERIFY_CODE_TOO_SOON]: 9 });
      expect(await sentTo(db, `84 ${mobileNum}`)).toBe(before + (mobileNum === '912000001' ? 1 : 0));
    }
  });
}

describe.each(backends)('parallel attempts on one instance (%s)', (backend) => {
  const t = useTestApp(backend, { now: new TestClock().now });
  burstSuite(() => ({ apps: [t.app], db: t.db }));
});

// Instances share counters only through a shared PostgreSQL; an in-memory PGlite has one instance.
describe.each(backends.filter((backend) => backend === 'postgres'))(
  'parallel attempts on two instances (%s)',
  (backend) => {
    const shared = useSharedApps(backend, 2, { now: new TestClock().now });
    burstSuite(() => ({ apps: shared.apps, db: shared.db }));
  },
);
