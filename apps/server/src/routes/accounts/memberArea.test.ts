import {
  ErrorCode,
  ModuleId,
  TransportHeader,
  type RegistrationResult,
  RECOVERY_CODE_COUNT,
  type EndedSessions,
  type LoginResult,
  type LoginVerifyRequired,
  type MemberMessage,
  type MemberSession,
  type Paged,
  type SecurityStatus,
  type TotpConfirmed,
  type TotpSetup,
  type UnreadCount,
  endpoints,
} from '@wps/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, memberMessages, recoveryCodes } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/members.js';
import { base32Decode, totp } from '../../services/identity/index.js';
import {
  AURORA,
  failure,
  get,
  lastCode,
  loginPayload,
  LOTUS,
  plainPost,
  registration,
  sealedPost,
  value,
  type CallOptions,
} from '../../test/accounts.js';
import { MINUTE, TestClock } from '../../test/clock.js';
import { backends, useTestApp } from '../../test/test-app.js';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe.each(backends)('the member area (%s)', (backend) => {
  const clock = new TestClock();
  const t = useTestApp(backend, { now: clock.now });

  const login = async (username: string, userAgent = PHONE): Promise<string> =>
    value<LoginResult>(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), {
        host: LOTUS,
        headers: { 'user-agent': userAgent },
      }),
    ).token;
  let serial = 0;
  /**
   * A new member of its own (registered, then given an email address and a mobile number), so a test
   * that turns a second factor on leaves the others alone.
   */
  const fresh = async (userAgent = PHONE): Promise<{ token: string; username: string; email: string }> => {
    serial += 1;
    const username = `Member${serial}${backend.slice(0, 2)}`;
    const registered = value<RegistrationResult>(
      await sealedPost(
        t.app,
        endpoints.register.path,
        registration({ username, password: DEMO_PASSWORD, domain: LOTUS }),
        {
          host: LOTUS,
          headers: { [TransportHeader.moduleId]: ModuleId.REGISTER, 'user-agent': userAgent },
        },
      ),
    );
    const email = `${username.toLowerCase()}@lotus.example`;
    await t.db
      .update(customers)
      .set({ email, countryDialingCode: '84', mobileNum: `9${String(serial).padStart(8, '0')}` })
      .where(eq(customers.id, Number(registered.customerId)));
    return { token: registered.token ?? '', username, email };
  };
  const as = (token: string, host = LOTUS): CallOptions => ({ host, token });
  const messages = async (token: string, query = '') =>
    value<Paged<MemberMessage>>(await get(t.app, `${endpoints.memberMessages.path}${query}`, as(token)));
  const unread = async (token: string) =>
    value<UnreadCount>(await get(t.app, endpoints.unreadCount.path, as(token))).count;
  const status = async (token: string) =>
    value<SecurityStatus>(await get(t.app, endpoints.securityStatus.path, as(token)));
  const secretKey = (setup: TotpSetup) => base32Decode(setup.secret) ?? Buffer.alloc(0);
  const otherThan = (code: string) => (code === '123456' ? '654321' : '123456');

  /** Sets up and confirms an authenticator for the member of `token`: the secret and the recovery codes. */
  async function enableTotp(token: string): Promise<{ key: Buffer; codes: string[] }> {
    const setup = value<TotpSetup>(await plainPost(t.app, endpoints.totpSetup.path, {}, as(token)));
    const key = secretKey(setup);
    const confirmed = value<TotpConfirmed>(
      await sealedPost(t.app, endpoints.totpConfirm.path, { code: totp(key, clock.now()) }, as(token)),
    );
    return { key, codes: confirmed.recoveryCodes };
  }

  /** A login of `username` that stops at its second step. */
  async function pendingLogin(username: string): Promise<LoginVerifyRequired> {
    const answer = failure(
      await sealedPost(t.app, endpoints.login.path, loginPayload(username, DEMO_PASSWORD), { host: LOTUS }),
    );
    expect(answer.code).toBe(ErrorCode.LOGIN_VERIFY_REQUIRED);
    return answer.data as LoginVerifyRequired;
  }
  const verify = (body: unknown) =>
    sealedPost(t.app, endpoints.loginVerification.path, body, { host: LOTUS });

  describe('inbox', () => {
    it('lists the own messages newest first, page by page; reading one lowers the unread count once', async () => {
      const token = await login('demo');
      const all = await messages(token);
      expect(all.total).toBe(4);
      expect(all.list.map((message) => message.title)).toEqual([
        'Welcome to Lotus Lotto',
        'New promotions this week',
        'Keep your account safe',
        'Your account is verified',
      ]);
      expect(all.list.map((message) => message.read)).toEqual([false, false, false, true]);
      expect(await unread(token)).toBe(3);

      const second = await messages(token, '?page=2&pageSize=3');
      expect(second).toMatchObject({ page: 2, pageSize: 3, total: 4 });
      expect(second.list.map((message) => message.title)).toEqual(['Your account is verified']);
      expect((await messages(token, '?page=3&pageSize=3')).list).toEqual([]);

      const first = all.list[0]?.id ?? 0;
      const read = (id: number) => plainPost(t.app, endpoints.readMemberMessage.path, { id }, as(token));
      expect(value<UnreadCount>(await read(first))).toEqual({ count: 2 });
      // Again: already read, nothing changes.
      expect(value<UnreadCount>(await read(first))).toEqual({ count: 2 });
      expect((await messages(token)).list[0]?.read).toBe(true);
    });

    it("refuses another member's message, and leaves it unread", async () => {
      const token = await login('agent');
      const [theirs] = await t.db
        .select({ id: memberMessages.id })
        .from(memberMessages)
        .innerJoin(customers, eq(customers.id, memberMessages.customerId))
        .where(eq(customers.username, 'newbie'));
      const id = theirs?.id ?? 0;
      expect(failure(await plainPost(t.app, endpoints.readMemberMessage.path, { id }, as(token)))).toEqual({
        status: 404,
        code: ErrorCode.NOT_FOUND,
      });
      const [row] = await t.db.select().from(memberMessages).where(eq(memberMessages.id, id));
      expect(row?.readAt).toBeNull();
      expect((await messages(token)).list.map((message) => message.id)).not.toContain(id);
    });

    it.each([
      ['no token', undefined, LOTUS, 401, ErrorCode.CUSTOMER_NOT_LOGIN_DOTTED],
      ['a made-up token', 'x'.repeat(43), LOTUS, 401, ErrorCode.USER_OR_TOKEN_INVALID],
      ["another merchant's host", 'lotus-token', AURORA, 401, ErrorCode.USER_OR_TOKEN_INVALID],
    ])('answers %s with %s', async (_case, token, host, status, code) => {
      const real = token === 'lotus-token' ? await login('demo') : token;
      const options = real === undefined ? { host } : { host, token: real };
      expect(failure(await get(t.app, endpoints.memberMessages.path, options))).toEqual({ status, code });
      expect(failure(await plainPost(t.app, endpoints.readMemberMessage.path, { id: 1 }, options))).toEqual({
        status,
        code,
      });
    });

    it.each([['?pageSize=51'], ['?pageSize=0'], ['?page=0'], ['?page=abc'], ['?page=1.5']])(
      'refuses the page query %s',
      async (query) => {
        const token = await login('demo');
        expect(failure(await get(t.app, `${endpoints.memberMessages.path}${query}`, as(token)))).toEqual({
          status: 400,
          code: ErrorCode.INVALID_REQUEST,
        });
      },
    );

    it.each([[{ id: 0 }], [{ id: -1 }], [{ id: '1' }], [{ id: 2 ** 31 }], [{}], [{ id: 1.5 }]])(
      'refuses the message id %j',
      async (body) => {
        const token = await login('demo');
        expect(failure(await plainPost(t.app, endpoints.readMemberMessage.path, body, as(token)))).toEqual({
          status: 400,
          code: ErrorCode.INVALID_REQUEST,
        });
      },
    );
  });

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

  describe('sessions', () => {
    it('lists the own live sessions with their device; ends another one, whose token then fails', async () => {
      const me = await fresh(DESKTOP);
      const other = me.token;
      const token = await login(me.username, PHONE);
      const list = value<MemberSession[]>(await get(t.app, endpoints.memberSessions.path, as(token)));
      const current = list.find((session) => session.current);
      const desktop = list.find((session) => session.userAgent === DESKTOP);
      expect(current?.userAgent).toBe(PHONE);
      expect(desktop).toBeDefined();
      expect(list.filter((session) => session.current)).toHaveLength(1);

      const ended = await plainPost(t.app, endpoints.endMemberSession.path, { id: desktop?.id }, as(token));
      expect(value<EndedSessions>(ended)).toEqual({ ended: 1 });
      expect(failure(await get(t.app, endpoints.memberInfo.path, as(other)))).toEqual({
        status: 401,
        code: ErrorCode.LOGIN_NOT_SESSION,
      });
      const after = value<MemberSession[]>(await get(t.app, endpoints.memberSessions.path, as(token)));
      expect(after.map((session) => session.id)).not.toContain(desktop?.id);
    });

    it("refuses to end another member's session, or the current one; ends all others", async () => {
      const victim = (await fresh(DESKTOP)).token;
      const [victimSession] = value<MemberSession[]>(
        await get(t.app, endpoints.memberSessions.path, as(victim)),
      ).filter((session) => session.current);
      const token = await login('demo');
      const refused = await plainPost(
        t.app,
        endpoints.endMemberSession.path,
        { id: victimSession?.id },
        as(token),
      );
      expect(failure(refused)).toEqual({ status: 404, code: ErrorCode.NOT_FOUND });
      expect(value(await get(t.app, endpoints.memberInfo.path, as(victim)))).toHaveProperty('account');

      const mine = value<MemberSession[]>(await get(t.app, endpoints.memberSessions.path, as(token)));
      const self = mine.find((session) => session.current);
      const own = await plainPost(t.app, endpoints.endMemberSession.path, { id: self?.id }, as(token));
      expect(failure(own).code).toBe(ErrorCode.INVALID_REQUEST);

      const spare = await login('demo', DESKTOP);
      const all = value<EndedSessions>(
        await plainPost(t.app, endpoints.endMemberSession.path, { others: true }, as(token)),
      );
      expect(all.ended).toBeGreaterThanOrEqual(1);
      expect(failure(await get(t.app, endpoints.memberInfo.path, as(spare))).code).toBe(
        ErrorCode.LOGIN_NOT_SESSION,
      );
      expect(value(await get(t.app, endpoints.memberInfo.path, as(token)))).toMatchObject({
        account: 'demo',
      });
      // The victim's session was not among "all others".
      expect(value(await get(t.app, endpoints.memberInfo.path, as(victim)))).toHaveProperty('account');
    });

    it.each([[{}], [{ id: 0 }], [{ others: false }], [{ id: 1, others: true }], [{ id: '1' }]])(
      'refuses the body %j',
      async (body) => {
        const token = await login('demo');
        expect(failure(await plainPost(t.app, endpoints.endMemberSession.path, body, as(token))).code).toBe(
          ErrorCode.INVALID_REQUEST,
        );
      },
    );

    it("another merchant's host does not list or end this merchant's sessions", async () => {
      const token = await login('demo');
      expect(failure(await get(t.app, endpoints.memberSessions.path, as(token, AURORA))).code).toBe(
        ErrorCode.USER_OR_TOKEN_INVALID,
      );
      expect(
        failure(await plainPost(t.app, endpoints.endMemberSession.path, { others: true }, as(token, AURORA)))
          .code,
      ).toBe(ErrorCode.USER_OR_TOKEN_INVALID);
      const [left] = await t.db
        .select()
        .from(customers)
        .where(and(eq(customers.username, 'demo')));
      expect(left).toBeDefined();
    });
  });
});
