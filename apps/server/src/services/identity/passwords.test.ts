import { ErrorCode } from '@wps/contract/errorCodes';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { useIdentityServices } from '../../test/identity-services.js';
import { lastCode } from '../../test/accounts.js';
import { TestClock } from '../../test/clock.js';
import { backends } from '../../test/test-app.js';
import { DomainError } from '../errors.js';
import type { Merchant } from '../merchants/repository.js';

const EXPIRY_DAYS = 30;

describe.each(backends)('the set-password transaction (%s)', (backend) => {
  const clock = new TestClock();
  const t = useIdentityServices(backend, { now: clock.now, config: { passwordExpiryDays: EXPIRY_DAYS } });

  /** Whether a token still opens its session. */
  const live = (merchant: Merchant, token: string) =>
    t.identity.sessions.authenticate(token, merchant.id, '127.0.0.1').then(
      () => true,
      (error: unknown) => {
        expect(error).toMatchObject({ code: ErrorCode.LOGIN_NOT_SESSION });
        return false;
      },
    );

  it('sets the hash, clears the forced-change flags, moves the expiry and ends every session but one', async () => {
    const lotus = await t.merchant('lotus');
    const newbie = await t.customer(lotus, 'newbie');
    expect(newbie.firstTimeLogin).toBe(true);
    const kept = await t.session(lotus, newbie);
    const other = await t.session(lotus, newbie);

    await t.identity.passwords.setPassword(newbie.id, 'Fresh1234', kept.sessionId);

    const after = await t.customer(lotus, 'newbie');
    expect(after).toMatchObject({ firstTimeLogin: false, defaultPassword: false });
    expect(after.passwordChangedAt?.getTime()).toBe(clock.now());
    expect(after.passwordExpiresAt?.getTime()).toBe(clock.now() + EXPIRY_DAYS * 86_400_000);
    expect(after.passwordHash).not.toBe(newbie.passwordHash);
    expect(after.passwordHash).not.toContain('Fresh1234');
    expect(await live(lotus, kept.token)).toBe(true);
    expect(await live(lotus, other.token)).toBe(false);
  });

  it('a change keeps the session it was made from; a reset then ends them all', async () => {
    const lotus = await t.merchant('lotus');
    const demo = await t.customer(lotus, 'demo');
    const mine = await t.session(lotus, demo);
    const elsewhere = await t.session(lotus, demo);

    await t.identity.passwords.change(mine, { oldPassword: DEMO_PASSWORD, newPassword: 'Changed123' });
    expect(await live(lotus, mine.token)).toBe(true);
    expect(await live(lotus, elsewhere.token)).toBe(false);

    const mobile = { countryDialingCode: '+84', mobileNum: '912000001' };
    await t.identity.passwords.resetBySms(lotus, mobile);
    const code = await lastCode(t.db, '84 912000001');
    await t.identity.passwords.resetBySms(lotus, { ...mobile, code, newPassword: 'Reset1234' });
    expect(await live(lotus, mine.token)).toBe(false);

    const login = (password: string) =>
      t.identity.login.logIn(
        lotus,
        {
          type: 'username',
          username: 'demo',
          password,
          loginDeviceId: 'd'.repeat(36),
          isOfficialAppLogin: false,
        },
        { ip: '127.0.0.1' },
      );
    await expect(login('Changed123')).rejects.toMatchObject({ code: ErrorCode.LOGIN_CRED_ERR });
    await expect(login('Reset1234')).resolves.toMatchObject({ userName: 'demo', mustChangePassword: false });
  });

  it('refusals are domain errors and write nothing', async () => {
    const aurora = await t.merchant('aurora');
    const agent = await t.customer(aurora, 'agent');
    const session = await t.session(aurora, agent);
    const demoBefore = await t.customer(aurora, 'demo');
    const refusals = [
      t.identity.passwords.change(session, { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }),
      t.identity.passwords.change(session, { oldPassword: 'Wrong1234', newPassword: 'Better123' }),
      t.identity.passwords.change(session, { oldPassword: DEMO_PASSWORD, newPassword: 'weak' }),
      t.identity.passwords.resetByEmail(aurora, {
        username: 'demo',
        email: 'demo@aurora.example',
        code: '123456',
        newPassword: 'Better123',
      }),
      t.identity.passwords.resetByEmail(aurora, {
        username: 'demo',
        email: 'demo@aurora.example',
        code: '123456',
      }),
    ];
    const errors = await Promise.all(
      refusals.map((refusal) =>
        refusal.then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    );
    for (const error of errors) expect(error).toBeInstanceOf(DomainError);
    expect(errors.map((error) => (error as DomainError).code)).toEqual([
      ErrorCode.PASSWORD_NOT_ALLOWED,
      ErrorCode.OLD_PASSWORD_INCORRECT,
      ErrorCode.PASSWORD_NOT_ALLOWED,
      ErrorCode.VERIFY_CODE_INVALID,
      ErrorCode.INVALID_REQUEST,
    ]);
    expect((await t.customer(aurora, 'agent')).passwordHash).toBe(agent.passwordHash);
    expect((await t.customer(aurora, 'demo')).passwordHash).toBe(demoBefore.passwordHash);
    expect(await live(aurora, session.token)).toBe(true);
  });
});
