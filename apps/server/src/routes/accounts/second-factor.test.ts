import { ErrorCode } from '@wps/contract/errorCodes';
import { RECOVERY_CODE_COUNT, type TotpConfirmed, type TotpSetup } from '@wps/contract/memberArea';
import type { LoginResult } from '@wps/contract/accounts';
import { endpoints } from '@wps/contract/endpoints';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, recoveryCodes } from '../../db/schema/index.js';
import { totp } from '../../services/identity/index.js';
import { failure, lastCode, plainPost, sealedPost, value } from '../../test/accounts.js';
import { MINUTE } from '../../test/clock.js';
import { backends } from '../../test/test-app.js';
import { useMemberArea } from '../../test/member-area.js';

describe.each(backends)('the member area: second factors (%s)', (backend) => {
  const { t, clock, login, fresh, as, status, secretKey, otherThan, enableTotp, pendingLogin, verify } =
    useMemberArea(backend);

  describe('authenticator second factor', () => {
    it('set up → wrong code refused → right code turns it on, with recovery codes shown once and stored hashed', async () => {
      const member = await fresh();
      const token = member.token;
      expect(await status(token)).toEqual({
        authenticator: false,
        recoveryCodesLeft: 0,
        email: { enabled: false, destination: `${member.email.slice(0, 1)}***@lotus.example` },
        sms: { enabled: false, destination: expect.stringMatching(/^\+84 ••• [0-9]{4}$/) as unknown },
      });
      const setup = value<TotpSetup>(await plainPost(t.app, endpoints.totpSetup.path, {}, as(token)));
      expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.uri).toBe(
        `otpauth://totp/Lotus%20Lotto:${member.username}?secret=${setup.secret}&issuer=Lotus+Lotto&algorithm=SHA1&digits=6&period=30`,
      );
      const key = secretKey(setup);
      const right = totp(key, clock.now());
      const wrong = await sealedPost(
        t.app,
        endpoints.totpConfirm.path,
        { code: otherThan(right) },
        as(token),
      );
      expect(failure(wrong)).toEqual({ status: 400, code: ErrorCode.VERIFY_CODE_INVALID });
      expect((await status(token)).authenticator).toBe(false);

      const confirmed = value<TotpConfirmed>(
        await sealedPost(t.app, endpoints.totpConfirm.path, { code: right }, as(token)),
      );
      expect(confirmed.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
      for (const code of confirmed.recoveryCodes)
        expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
      expect(new Set(confirmed.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
      expect(await status(token)).toMatchObject({
        authenticator: true,
        recoveryCodesLeft: RECOVERY_CODE_COUNT,
      });

      const [row] = await t.db.select().from(customers).where(eq(customers.username, member.username));
      expect(row?.totpSecretSealed).not.toContain(setup.secret);
      expect(row?.totpPendingSealed).toBeNull();
      const stored = await t.db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.customerId, row?.id ?? 0));
      const hashes = stored.map((code) => code.codeHash).join(' ');
      for (const code of confirmed.recoveryCodes) {
        expect(hashes).not.toContain(code.replace('-', ''));
      }
      // Confirming again, or setting up again, is refused while it is on: the codes are never shown twice.
      expect(
        failure(await sealedPost(t.app, endpoints.totpConfirm.path, { code: right }, as(token))).code,
      ).toBe(ErrorCode.INVALID_REQUEST);
      expect(failure(await plainPost(t.app, endpoints.totpSetup.path, {}, as(token))).code).toBe(
        ErrorCode.INVALID_REQUEST,
      );
    });

    it('a login then asks for the code; a recovery code signs in once, and a replayed one is refused', async () => {
      const { token, username } = await fresh();
      const { codes } = await enableTotp(token);
      const required = await pendingLogin(username);
      expect(required.methods).toEqual(['ga', 'recovery']);
      const [first = '', second = ''] = codes;
      const done = value<LoginResult>(
        await verify({ verifyToken: required.verifyToken, method: 'recovery', code: first }),
      );
      expect(done.userName).toBe(username);

      const again = await pendingLogin(username);
      expect(
        failure(await verify({ verifyToken: again.verifyToken, method: 'recovery', code: first })),
      ).toEqual({ status: 400, code: ErrorCode.VERIFY_CODE_INVALID });
      // Lower case, without the hyphen: the same code.
      const typed = second.replace('-', '').toLowerCase();
      expect(
        value<LoginResult>(await verify({ verifyToken: again.verifyToken, method: 'recovery', code: typed }))
          .userName,
      ).toBe(username);
      expect((await status(token)).recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
    });

    it("refuses another member's recovery code, and recovery for a member without an authenticator", async () => {
      const theirs = await enableTotp((await fresh()).token);
      const me = await fresh();
      await enableTotp(me.token);
      const required = await pendingLogin(me.username);
      expect(
        failure(
          await verify({ verifyToken: required.verifyToken, method: 'recovery', code: theirs.codes[0] }),
        ).code,
      ).toBe(ErrorCode.VERIFY_CODE_INVALID);
      // Without an authenticator there is no recovery: refused before any code is looked at.
      const mailOnly = await fresh();
      await t.db
        .update(customers)
        .set({ emailTwoFactor: true })
        .where(eq(customers.username, mailOnly.username));
      const mailLogin = await pendingLogin(mailOnly.username);
      expect(mailLogin.methods).toEqual(['email']);
      expect(
        failure(
          await verify({ verifyToken: mailLogin.verifyToken, method: 'recovery', code: theirs.codes[1] }),
        ).code,
      ).toBe(ErrorCode.INVALID_REQUEST);
    });

    it.each([
      ['recovery', '123456'],
      ['recovery', 'ABCDE-2345'],
      ['recovery', 'ABCDE-2345I'],
      ['recovery', 'ABCDE_23456'],
      ['ga', 'ABCDE-23456'],
      ['email', 'ABCDE23456'],
      ['backup', 'ABCDE-23456'],
    ])('the second step refuses method %s with code %s before looking at it', async (method, code) => {
      const answer = await verify({ verifyToken: 'v'.repeat(43), method, code });
      expect(failure(answer)).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
    });

    it('a lost authenticator: a recovery code turns it off (once), so it can be set up again', async () => {
      const member = await fresh();
      const { codes } = await enableTotp(member.token);
      const [first = '', second = ''] = codes;
      const disable = (code: string) =>
        sealedPost(t.app, endpoints.totpDisable.path, { code }, as(member.token));
      expect(failure(await disable('ABCDE-23456')).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
      expect(value(await disable(first.toLowerCase().replace('-', '')))).toBeNull();
      expect(await status(member.token)).toMatchObject({ authenticator: false, recoveryCodesLeft: 0 });
      // On again: new codes; the old ones (used or not) are gone.
      await enableTotp(member.token);
      expect(failure(await disable(second)).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
      expect(failure(await disable(first)).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
    });

    it.each([['ABCDE-2345'], ['ABCDE_23456'], ['ABCDE-23456I'], ['12345'], ['1234567']])(
      'turning the authenticator off refuses the code %s before looking at it',
      async (code) => {
        const member = await fresh();
        await enableTotp(member.token);
        const answer = await sealedPost(t.app, endpoints.totpDisable.path, { code }, as(member.token));
        expect(failure(answer)).toEqual({ status: 400, code: ErrorCode.INVALID_REQUEST });
      },
    );

    it('an empty recovery code is refused: there is nothing to send', async () => {
      const member = await fresh();
      await enableTotp(member.token);
      const required = await pendingLogin(member.username);
      expect(
        failure(await verify({ verifyToken: required.verifyToken, method: 'recovery', code: '' })).code,
      ).toBe(ErrorCode.INVALID_REQUEST);
    });

    it('counts wrong codes: the sixth try in the window is refused even when right, then a new window opens', async () => {
      const member = await fresh();
      const token = member.token;
      const { key } = await enableTotp(token);
      const right = () => totp(key, clock.now());
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await sealedPost(
          t.app,
          endpoints.totpDisable.path,
          { code: otherThan(right()) },
          as(token),
        );
        expect(failure(answer).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
      }
      const blocked = await sealedPost(t.app, endpoints.totpDisable.path, { code: right() }, as(token));
      expect(failure(blocked)).toEqual({ status: 429, code: ErrorCode.VERIFY_CODE_TOO_SOON });
      clock.advance(15 * MINUTE + 1);
      expect(
        value(await sealedPost(t.app, endpoints.totpDisable.path, { code: right() }, as(token))),
      ).toBeNull();
      expect(await status(token)).toMatchObject({ authenticator: false, recoveryCodesLeft: 0 });
      // Off: the login asks for no second step.
      expect(await login(member.username)).not.toBe('');
    });

    it.each([[{ code: '' }], [{ code: '12345' }], [{ code: 'abcdef' }], [{ code: 123456 }], [{}]])(
      'refuses the confirm body %j',
      async (body) => {
        const token = await login('demo');
        expect(failure(await sealedPost(t.app, endpoints.totpConfirm.path, body, as(token))).code).toBe(
          ErrorCode.INVALID_REQUEST,
        );
      },
    );

    it('confirming without a set-up is refused', async () => {
      const { token } = await fresh();
      expect(
        failure(await sealedPost(t.app, endpoints.totpConfirm.path, { code: '123456' }, as(token))).code,
      ).toBe(ErrorCode.INVALID_REQUEST);
    });
  });

  describe('email and SMS second factors', () => {
    it('sends a code to the own address; the right code turns the factor on, a wrong one does not', async () => {
      const { token, email } = await fresh();
      expect((await status(token)).email).toEqual({
        enabled: false,
        destination: `${email.slice(0, 1)}***@lotus.example`,
      });
      const send = await sealedPost(
        t.app,
        endpoints.codeFactor.path,
        { method: 'email', enable: true, code: '' },
        as(token),
      );
      expect(value(send)).toMatchObject({ resendAfter: 60 });
      const code = await lastCode(t.db, email);
      const wrong = await sealedPost(
        t.app,
        endpoints.codeFactor.path,
        { method: 'email', enable: true, code: otherThan(code) },
        as(token),
      );
      expect(failure(wrong).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
      expect((await status(token)).email.enabled).toBe(false);
      expect(
        value(
          await sealedPost(
            t.app,
            endpoints.codeFactor.path,
            { method: 'email', enable: true, code },
            as(token),
          ),
        ),
      ).toBeNull();
      expect((await status(token)).email.enabled).toBe(true);
      // A used code does not switch it again.
      const replay = await sealedPost(
        t.app,
        endpoints.codeFactor.path,
        { method: 'email', enable: false, code },
        as(token),
      );
      expect(failure(replay).code).toBe(ErrorCode.VERIFY_CODE_INVALID);
    });

    it('a member without a mobile number cannot turn on SMS codes', async () => {
      const token = await login('newbie');
      const answer = await sealedPost(
        t.app,
        endpoints.codeFactor.path,
        { method: 'sms', enable: true, code: '' },
        as(token),
      );
      expect(failure(answer).code).toBe(ErrorCode.INVALID_REQUEST);
    });
  });
});
